import { getInputProps } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { AdminForm, useAdminForm, type AdminFormProps } from "~/components/admin/admin-form";
import { BoundCheckbox, BoundInput, BoundSelect, BoundTextarea, ErrorList, inputClasses, labelClasses } from "~/components/ui/field";
import { CONFERENCE_DEFAULTS, ConferenceFormSchema } from "~/schemas/conference";
import { instantToWallTime, isTimeZone, wallTimeToInstant } from "~/utils/time-zone";

export interface EditableConference {
  id: number;
  title: string;
  description: string;
  scheduledAt: string;
  duration: number;
  maxParticipants: number;
  isRecorded: boolean;
  isPremium: boolean;
}

export const PREMIUM_ONLY_LABEL = "Premium members only (monthly live Q&A)";

function browserTimeZone(): string | null {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return isTimeZone(zone) ? zone : null;
}

/**
 * Schedules or edits a conference (spec §5). A plain form posted to the
 * page's action, so it works without JavaScript. The date is a wall-clock
 * time in `timeZone`: the server's idea of the viewer's zone at first, the
 * browser's own once the page has loaded (the shown time is converted, so
 * it keeps naming the same moment).
 */
export function ConferenceForm({ conference, reply, closeTo, serverTimeZone }: AdminFormProps & { conference: EditableConference | null; serverTimeZone: string }) {
  const [timeZone, setTimeZone] = useState(serverTimeZone);
  const scheduledAtInput = useRef<HTMLInputElement>(null);
  const [form, fields] = useAdminForm({
    id: conference ? `conference-form-${conference.id}` : "conference-form-new",
    schema: ConferenceFormSchema,
    reply,
    defaultValue: conference
      ? {
          title: conference.title,
          description: conference.description,
          scheduledAt: instantToWallTime(conference.scheduledAt, serverTimeZone),
          duration: String(conference.duration),
          maxParticipants: String(conference.maxParticipants),
          isRecorded: conference.isRecorded ? "true" : "false",
          isPremiumOnly: conference.isPremium,
        }
      : {
          duration: String(CONFERENCE_DEFAULTS.duration),
          maxParticipants: String(CONFERENCE_DEFAULTS.maxParticipants),
          isRecorded: CONFERENCE_DEFAULTS.isRecorded ? "true" : "false",
          isPremiumOnly: false,
        },
  });

  const scheduledAtName = fields.scheduledAt.name;
  const { update } = form;
  const switchedZone = useRef(false);
  useEffect(() => {
    // Once only: converting twice would shift the time again.
    if (switchedZone.current) return;
    switchedZone.current = true;
    const own = browserTimeZone();
    if (!own || own === serverTimeZone) return;
    // Whatever the field holds was meant in the zone the hint named; say the same moment in the browser's zone.
    const shown = scheduledAtInput.current?.value ?? "";
    const instant = wallTimeToInstant(shown, serverTimeZone);
    if (!Number.isNaN(instant.getTime())) update({ name: scheduledAtName, value: instantToWallTime(instant, own) });
    setTimeZone(own);
  }, [serverTimeZone, scheduledAtName, update]);

  const { key: scheduledAtKey, ...scheduledAtProps } = getInputProps(fields.scheduledAt, { type: "datetime-local" });
  const hintId = `${fields.scheduledAt.id}-hint`;

  return (
    <AdminForm
      form={form}
      reply={reply}
      record={conference ? { name: "conferenceId", id: conference.id } : null}
      preventScrollReset
      closeTo={closeTo}
      submit={{ label: conference ? "Update Conference" : "Create Conference" }}
    >
      <input type="hidden" name={fields.timeZone.name} value={timeZone} />

      <BoundInput label="Title" meta={fields.title} />

      <BoundTextarea label="Description" meta={fields.description} rows={3} />

      <div>
        <label htmlFor={fields.scheduledAt.id} className={labelClasses}>
          Scheduled date &amp; time
        </label>
        <input
          key={scheduledAtKey}
          {...scheduledAtProps}
          ref={scheduledAtInput}
          aria-describedby={[hintId, fields.scheduledAt.errors ? fields.scheduledAt.errorId : null].filter(Boolean).join(" ")}
          className={inputClasses}
        />
        <p id={hintId} className="mt-1 text-xs opacity-70" data-testid="time-zone-hint">
          Times are in {timeZone}
        </p>
        <ErrorList id={fields.scheduledAt.errorId} errors={fields.scheduledAt.errors} />
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <BoundInput label="Duration (minutes)" meta={fields.duration} type="number" />
        <BoundInput label="Max participants" meta={fields.maxParticipants} type="number" />
      </div>

      <BoundSelect
        label="Recording"
        meta={fields.isRecorded}
        options={[{ value: "true", label: "Record Session" }, { value: "false", label: "Do Not Record" }]}
      />

      <BoundCheckbox label={PREMIUM_ONLY_LABEL} meta={fields.isPremiumOnly} />
    </AdminForm>
  );
}
