import type { RefObject } from "react";
import type { CaptionJson } from "~/models/learning/captions.server";
import { formatClock } from "~/utils/captions";

export type PlayerCaptions = Pick<CaptionJson, "language" | "label" | "url" | "cues" | "generated">;

/** One `<track>` per language, the first shown by default; the browser's own CC menu switches them. */
export function CaptionTracks({ captions }: { captions: PlayerCaptions[] }) {
  return (
    <>
      {captions.map((caption, index) => (
        <track key={caption.language} kind="captions" srcLang={caption.language} label={caption.label} src={caption.url} default={index === 0} />
      ))}
    </>
  );
}

/**
 * A captioned video's transcript (issue 38), closed until opened: every cue
 * with its start. A time is a link to the page at `?t=SECONDS` (the player
 * starts there without JavaScript); with JavaScript it seeks the video on the
 * page instead. The text is in the HTML, so find-in-page and search reach it.
 */
export function Transcript({
  captions,
  hrefAt,
  videoRef,
}: {
  captions: PlayerCaptions;
  /** The page's address that starts the video at this second. */
  hrefAt: (seconds: number) => string;
  videoRef: RefObject<HTMLVideoElement>;
}) {
  return (
    <details className="rounded-lg border border-primary/30 bg-black/20 p-4" data-testid="transcript">
      <summary className="cursor-pointer font-semibold">
        Transcript <span className="text-sm font-normal opacity-75">({captions.label})</span>
      </summary>
      {captions.generated ? (
        <p className="mt-2 text-sm opacity-80">These captions were generated automatically and have not been reviewed yet.</p>
      ) : null}
      <ol className="mt-3 max-h-96 space-y-2 overflow-y-auto pr-2" lang={captions.language}>
        {captions.cues.map((cue, index) => {
          const second = Math.floor(cue.start);
          return (
            <li key={index} className="grid grid-cols-[4.5rem_1fr] gap-2 text-sm">
              <a
                href={hrefAt(second)}
                className="font-mono text-accent underline"
                aria-label={`Play from ${formatClock(cue.start)}`}
                onClick={(event) => {
                  const video = videoRef.current;
                  if (!video || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                  event.preventDefault();
                  video.currentTime = second;
                  video.scrollIntoView({ block: "nearest" });
                  void video.play().catch(() => undefined);
                }}
              >
                {formatClock(cue.start)}
              </a>
              <span className="whitespace-pre-line">{cue.text}</span>
            </li>
          );
        })}
      </ol>
    </details>
  );
}
