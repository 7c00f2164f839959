import { Link } from "@remix-run/react";
import { Calendar, CalendarPlus, Clock, Crown, MoreVertical, Pencil, Play, Square, Trash2, Users, Video, VideoOff } from "~/components/ui/icons";
import type { MouseEvent } from "react";
import { ConferenceActionForm } from "./conference-action-form";
import { ConferenceStatusBadge } from "./conference-status-badge";
import { LocalDateTime } from "~/components/conference/local-date-time";
import { buttonClasses } from "~/components/ui/button";
import type { ConferenceJson } from "~/models/live/conference.server";
import { isEditable } from "~/schemas/conference";

export type ConferenceCardData = Pick<
  ConferenceJson,
  "id" | "title" | "description" | "scheduledAt" | "duration" | "maxParticipants" | "isRecorded" | "isLive" | "isPremium" | "endedAt" | "status"
>;

export function calendarFileUrl(conferenceId: number): string {
  return `/api/conferences/${conferenceId}/calendar.ics`;
}

/** The menu is a <details>, so it opens without JavaScript; with it, choosing an item closes it. */
function closeMenu(event: MouseEvent<HTMLElement>) {
  event.currentTarget.closest("details")?.removeAttribute("open");
}

/**
 * A conference on the admin sessions page (spec §2): what it is, when, how
 * big, whether it is recorded, and what the admin may do with it now —
 * Start when not live; Enter and End when live; Edit/Delete while editable.
 */
export function ConferenceCard({
  conference,
  timeZone,
  liveRoomAnchor,
}: {
  conference: ConferenceCardData;
  timeZone: string;
  liveRoomAnchor: string;
}) {
  const editable = isEditable(conference);
  return (
    <article className="card flex h-full flex-col gap-3" data-testid="conference-card" aria-label={conference.title}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h3 className="font-display text-lg font-semibold">{conference.title}</h3>
          <div className="flex flex-wrap items-center gap-2">
            <ConferenceStatusBadge status={conference.status} />
            {conference.isPremium ? (
              <span className="inline-flex items-center gap-1 rounded-full border border-accent/60 bg-accent/15 px-2 py-0.5 text-xs font-semibold">
                <Crown className="h-3 w-3" aria-hidden /> Premium
              </span>
            ) : null}
          </div>
        </div>
        {editable ? (
          <details className="relative shrink-0">
            <summary className={buttonClasses("ghost", "cursor-pointer list-none [&::-webkit-details-marker]:hidden", "icon")}>
              <MoreVertical className="h-4 w-4" aria-hidden />
              <span className="sr-only">Manage {conference.title}</span>
            </summary>
            <div className="absolute right-0 z-10 mt-1 flex w-36 flex-col gap-1 rounded-lg border border-primary/30 bg-background p-1 shadow-xl">
              <Link to={`?edit=${conference.id}`} preventScrollReset onClick={closeMenu} className={buttonClasses("ghost", "justify-start", "sm")}>
                <Pencil className="h-4 w-4" aria-hidden /> Edit
              </Link>
              <Link
                to={`?delete=${conference.id}`}
                preventScrollReset
                onClick={closeMenu}
                className={buttonClasses("ghost", "justify-start text-red-300", "sm")}
              >
                <Trash2 className="h-4 w-4" aria-hidden /> Delete
              </Link>
            </div>
          </details>
        ) : null}
      </div>

      <p className="line-clamp-3 text-sm opacity-85">{conference.description}</p>

      <ul className="space-y-1 text-sm opacity-90">
        <li className="flex items-center gap-2">
          <Calendar className="h-4 w-4 shrink-0" aria-hidden />
          <LocalDateTime value={conference.scheduledAt} serverTimeZone={timeZone} />
        </li>
        <li className="flex flex-wrap items-center gap-x-4 gap-y-1">
          <span className="flex items-center gap-1">
            <Clock className="h-4 w-4" aria-hidden /> {conference.duration} min
          </span>
          <span className="flex items-center gap-1">
            <Users className="h-4 w-4" aria-hidden /> Max {conference.maxParticipants}
          </span>
          <span className="flex items-center gap-1">
            {conference.isRecorded ? (
              <>
                <Video className="h-4 w-4" aria-hidden /> Recording
              </>
            ) : (
              <>
                <VideoOff className="h-4 w-4" aria-hidden /> Not Recording
              </>
            )}
          </span>
        </li>
      </ul>

      <div className="mt-auto flex flex-wrap items-center gap-2 pt-1">
        {conference.isLive ? (
          <>
            <a href={liveRoomAnchor} className={buttonClasses("primary", undefined, "sm")}>
              <Video className="h-4 w-4" aria-hidden /> Enter
            </a>
            <ConferenceActionForm
              intent="end"
              conferenceId={conference.id}
              label="End"
              pendingLabel="Ending..."
              variant="destructive"
              icon={<Square className="h-4 w-4" aria-hidden />}
            />
          </>
        ) : (
          <ConferenceActionForm
            intent="start"
            conferenceId={conference.id}
            label="Start"
            pendingLabel="Starting..."
            variant="primary"
            icon={<Play className="h-4 w-4" aria-hidden />}
          />
        )}
        <a href={calendarFileUrl(conference.id)} className={buttonClasses("ghost", "ml-auto", "sm")}>
          <CalendarPlus className="h-4 w-4" aria-hidden /> Add to calendar
        </a>
      </div>
    </article>
  );
}
