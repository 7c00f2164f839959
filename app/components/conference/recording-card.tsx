import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { CalendarDays, Captions, Circle, Clock, Crown, Download, Play, Video, X } from "~/components/ui/icons";
import { LocalDateTime } from "~/components/conference/local-date-time";
import { recordingDownloadUrl, RecordingPlayer } from "~/components/conference/recording-player";
import type { PlayerCaptions } from "~/components/media/transcript";
import { buttonClasses } from "~/components/ui/button";
import type { RecordingJson } from "~/models/live/conference.server";
import { formatRecordingDuration } from "~/schemas/conference";

export type RecordingCardData = Pick<RecordingJson, "id" | "title" | "description" | "createdAt" | "duration" | "fileUrl" | "isPremium" | "status">;

/** Why Play and Download are off. */
function unavailableText(status: RecordingCardData["status"]): string {
  if (status === "recording") return "This session is still being recorded.";
  if (status === "failed") return "Nothing playable was recorded in this session.";
  return "The recording file is not available yet.";
}

/**
 * One recording (spec §2): title, description, 'Recorded' badge ('Recording…'
 * while the session is being recorded), created date, duration, Play and
 * Download — both disabled while there is no finalised file.
 * Play is a link to `playHref` (`?play=ID`), which opens the player inline.
 */
export function RecordingCard({
  recording,
  timeZone,
  playing,
  playHref,
  closeHref,
  actions,
  captions = [],
  captionLanguages,
  startAt = null,
  hrefAt,
}: {
  recording: RecordingCardData;
  timeZone: string;
  playing: boolean;
  playHref: string;
  closeHref: string;
  /** More buttons after Play and Download (the admin's Delete). */
  actions?: ReactNode;
  /** The playing recording's captions and where ?t= starts it (issue 38). */
  captions?: PlayerCaptions[];
  /** The languages it has captions in, shown as a badge (undefined: no badge). */
  captionLanguages?: string[];
  startAt?: number | null;
  hrefAt?: (seconds: number) => string;
}) {
  const { fileUrl } = recording;
  const unavailableId = `recording-${recording.id}-unavailable`;
  return (
    <article className="card flex h-full flex-col gap-3" aria-label={recording.title} data-testid="recording-card">
      <div className="flex flex-wrap items-center gap-2 text-xs">
        {recording.status === "recording" ? (
          <span className="inline-flex items-center gap-1 rounded-full border border-red-500/60 bg-red-500/10 px-2 py-0.5">
            <Circle className="h-3 w-3 animate-pulse fill-red-500 text-red-500" aria-hidden /> Recording…
          </span>
        ) : (
          <span className="inline-flex items-center gap-1 rounded-full border border-emerald-500/50 bg-emerald-500/10 px-2 py-0.5">
            <Video className="h-3.5 w-3.5" aria-hidden /> Recorded
          </span>
        )}
        {captionLanguages ? (
          <span
            className="inline-flex items-center gap-1 rounded-full border border-primary/50 px-2 py-0.5"
            data-testid="recording-captions-badge"
          >
            <Captions className="h-3.5 w-3.5" aria-hidden /> {captionLanguages.length ? `Captions: ${captionLanguages.join(", ")}` : "No captions"}
          </span>
        ) : null}
        {recording.isPremium ? (
          <span className="inline-flex items-center gap-1 rounded-full border border-accent/60 bg-accent/15 px-2 py-0.5 text-accent">
            <Crown className="h-3.5 w-3.5" aria-hidden /> Premium
          </span>
        ) : null}
      </div>
      <h2 className="font-display text-lg font-semibold">{recording.title}</h2>
      <p className="whitespace-pre-line text-sm opacity-85">{recording.description}</p>
      <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs opacity-75">
        <span className="inline-flex items-center gap-1">
          <CalendarDays className="h-3.5 w-3.5" aria-hidden />
          <LocalDateTime value={recording.createdAt} serverTimeZone={timeZone} />
        </span>
        <span className="inline-flex items-center gap-1">
          <Clock className="h-3.5 w-3.5" aria-hidden />
          <span>
            <span className="sr-only">Duration </span>
            {formatRecordingDuration(recording.duration)}
          </span>
        </span>
      </p>

      {playing && fileUrl ? <RecordingPlayer title={recording.title} fileUrl={fileUrl} captions={captions} startAt={startAt} hrefAt={hrefAt} /> : null}

      <div className="mt-auto flex flex-wrap items-center gap-2 pt-1">
        {fileUrl === null ? (
          <>
            <button type="button" disabled aria-describedby={unavailableId} className={buttonClasses("primary", "flex-1", "sm")}>
              <Play className="h-4 w-4" aria-hidden /> Play
            </button>
            <button type="button" disabled aria-describedby={unavailableId} className={buttonClasses("outline", "flex-1", "sm")}>
              <Download className="h-4 w-4" aria-hidden /> Download
            </button>
          </>
        ) : (
          <>
            {playing ? (
              <Link to={closeHref} preventScrollReset className={buttonClasses("ghost", "flex-1", "sm")}>
                <X className="h-4 w-4" aria-hidden /> Close Player
              </Link>
            ) : (
              <Link to={playHref} preventScrollReset className={buttonClasses("primary", "flex-1", "sm")}>
                <Play className="h-4 w-4" aria-hidden /> Play
              </Link>
            )}
            <a href={recordingDownloadUrl(fileUrl)} download className={buttonClasses("outline", "flex-1", "sm")}>
              <Download className="h-4 w-4" aria-hidden /> Download
            </a>
          </>
        )}
        {actions}
      </div>
      {fileUrl === null ? (
        <p id={unavailableId} className="text-xs opacity-70">
          {unavailableText(recording.status)}
        </p>
      ) : null}
    </article>
  );
}
