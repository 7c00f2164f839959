import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { FormNotice, type Notice } from "~/components/admin/notice";
import { buttonClasses } from "~/components/ui/button";
import { ErrorList, Field, FormErrors, inputClasses, labelClasses, TextareaField } from "~/components/ui/field";
import { CONFERENCE_DEFAULTS, ConferenceFormSchema, type ConferenceFormInput, type ConferenceFormValue } from "~/schemas/conference";
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
export function ConferenceForm({
  conference,
  lastResult,
  notice,
  closeTo,
  serverTimeZone,
}: {
  conference: EditableConference | null;
  lastResult: SubmissionResult<string[]> | null | undefined;
  notice: Notice | null | undefined;
  closeTo: string;
  serverTimeZone: string;
}) {
  const navigation = useNavigation();
  const [timeZone, setTimeZone] = useState(serverTimeZone);
  const scheduledAtInput = useRef<HTMLInputElement>(null);
  const [form, fields] = useForm<ConferenceFormInput, ConferenceFormValue>({
    id: conference ? `conference-form-${conference.id}` : "conference-form-new",
    lastResult: navigation.state === "idle" ? lastResult : undefined,
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
    // Checked when sent, then as the admin types (as the other admin forms).
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ConferenceFormSchema }),
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

  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const { key: scheduledAtKey, ...scheduledAtProps } = getInputProps(fields.scheduledAt, { type: "datetime-local" });
  const hintId = `${fields.scheduledAt.id}-hint`;

  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} className="space-y-4">
      <FormNotice notice={notice} />
      {conference ? <input type="hidden" name="conferenceId" value={conference.id} /> : null}
      <input type="hidden" name={fields.timeZone.name} value={timeZone} />
      <FormErrors errors={form.errors} />

      <Field label="Title" errors={fields.title.errors} inputProps={getInputProps(fields.title, { type: "text" })} />

      <TextareaField
        label="Description"
        errors={fields.description.errors}
        errorId={fields.description.errorId}
        textareaProps={{ ...getTextareaProps(fields.description), rows: 3 }}
      />

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
        <Field
          label="Duration (minutes)"
          errors={fields.duration.errors}
          inputProps={getInputProps(fields.duration, { type: "number" })}
        />
        <Field
          label="Max participants"
          errors={fields.maxParticipants.errors}
          inputProps={getInputProps(fields.maxParticipants, { type: "number" })}
        />
      </div>

      <div>
        <label htmlFor={fields.isRecorded.id} className={labelClasses}>
          Recording
        </label>
        <select {...getSelectProps(fields.isRecorded)} className={inputClasses}>
          <option value="true">Record Session</option>
          <option value="false">Do Not Record</option>
        </select>
        <ErrorList id={fields.isRecorded.errorId} errors={fields.isRecorded.errors} />
      </div>

      <label className="flex items-center gap-2">
        <input {...getInputProps(fields.isPremiumOnly, { type: "checkbox" })} className="h-4 w-4" />
        <span>{PREMIUM_ONLY_LABEL}</span>
      </label>

      <div className="flex justify-end gap-2 pt-2">
        <Link to={closeTo} preventScrollReset className={buttonClasses("ghost")}>
          Cancel
        </Link>
        <button type="submit" name="intent" value="save" className={buttonClasses("primary")} disabled={saving}>
          {saving ? "Saving..." : conference ? "Update Conference" : "Create Conference"}
        </button>
      </div>
    </Form>
  );
}
