import { Circle } from "~/components/ui/icons";
import { ConferenceActionForm } from "./conference-action-form";

export interface LiveSession {
  id: number;
  title: string;
  isRecording: boolean;
}

/**
 * Shown at the top of the admin sessions page while a session is live
 * (spec §2): what is live, whether it is being recorded, and 'End Session'.
 * Recording is started and stopped in the room (its round button), where the
 * host's browser captures the media it uploads.
 */
export function LiveSessionBanner({ session }: { session: LiveSession }) {
  return (
    <section
      aria-label="Live session"
      data-testid="live-banner"
      className="flex flex-wrap items-center justify-between gap-4 rounded-xl border border-red-500/70 bg-red-950/50 p-4"
    >
      <div className="flex items-center gap-3">
        <span className="relative flex h-3 w-3" aria-hidden>
          <span className="absolute inline-flex h-full w-full animate-ping rounded-full bg-red-500 opacity-75" />
          <span className="relative inline-flex h-3 w-3 rounded-full bg-red-500" />
        </span>
        <div>
          <p className="text-xs font-semibold uppercase tracking-wide text-red-200">Live now</p>
          <p className="font-display text-xl">{session.title}</p>
        </div>
        {session.isRecording ? (
          <span className="inline-flex items-center gap-1 rounded-full border border-red-400 px-2 py-0.5 text-xs" data-testid="recording-indicator">
            <Circle className="h-2.5 w-2.5 fill-red-500 text-red-500" aria-hidden /> Recording in progress
          </span>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <ConferenceActionForm intent="end" conferenceId={session.id} label="End Session" pendingLabel="Ending..." variant="destructive" />
      </div>
    </section>
  );
}
