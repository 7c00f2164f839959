import { useEffect, useRef } from "react";
import { CaptionTracks, Transcript, type PlayerCaptions } from "~/components/media/transcript";

const SAVE_EVERY_MS = 5_000;

function savePosition(sectionId: number, seconds: number) {
  // Best effort: a lost position only means the student starts a little earlier.
  void fetch(`/api/sections/${sectionId}/position`, {
    method: "PUT",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ seconds: Math.round(seconds * 10) / 10 }),
  }).catch(() => undefined);
}

/**
 * An uploaded lesson video that resumes where the student stopped, with its
 * captions and transcript (issue 38) when it has them. Without
 * JavaScript the `#t=` media fragment does the seeking; with it, the saved
 * position is applied once the metadata is known and kept up to date.
 */
export function UploadedVideo({
  sectionId,
  src,
  title,
  resumeAt,
  captions,
  hrefAt,
}: {
  sectionId: number;
  src: string;
  title: string;
  /** Where to start: the saved position, or the page's ?t=. */
  resumeAt: number;
  captions: PlayerCaptions[];
  /** The player page's address starting at a second (the transcript's links). */
  hrefAt: (seconds: number) => string;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const lastSavedAt = useRef(0);

  useEffect(() => {
    const video = videoRef.current;
    if (!video || resumeAt <= 0) return;
    const resume = () => {
      // Starting again from the very end would be no resume at all.
      if (resumeAt < video.duration - 1 && Math.abs(video.currentTime - resumeAt) > 1) video.currentTime = resumeAt;
    };
    // The metadata may have loaded before React hydrated the page.
    if (video.readyState >= HTMLMediaElement.HAVE_METADATA) {
      resume();
      return;
    }
    video.addEventListener("loadedmetadata", resume, { once: true });
    return () => video.removeEventListener("loadedmetadata", resume);
  }, [resumeAt]);

  const transcript = captions[0];
  return (
    <div className="space-y-4">
      <video
        ref={videoRef}
        controls
        preload="metadata"
        title={title}
        className="aspect-video w-full rounded-lg bg-black"
        src={resumeAt > 0 ? `${src}#t=${resumeAt}` : src}
        onPlay={() => {
          lastSavedAt.current = Date.now();
        }}
        onTimeUpdate={(event) => {
          const video = event.currentTarget;
          if (video.paused || Date.now() - lastSavedAt.current < SAVE_EVERY_MS) return;
          lastSavedAt.current = Date.now();
          savePosition(sectionId, video.currentTime);
        }}
        onPause={(event) => {
          lastSavedAt.current = Date.now();
          savePosition(sectionId, event.currentTarget.currentTime);
        }}
      >
        <CaptionTracks captions={captions} />
        Your browser cannot play this video. <a href={src}>Download it</a> instead.
      </video>
      {transcript ? <Transcript captions={transcript} hrefAt={hrefAt} videoRef={videoRef} /> : null}
    </div>
  );
}
