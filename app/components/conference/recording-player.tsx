import { useEffect, useRef } from "react";
import { CaptionTracks, Transcript, type PlayerCaptions } from "~/components/media/transcript";

/**
 * The in-page player of one recording. It is server-rendered for `?play=ID`,
 * so it works without JavaScript; the file is served with range requests,
 * and `preload="metadata"` fetches only what the controls need.
 * Captions play as tracks, with the transcript below (issue 38); `startAt`
 * (the page's ?t=) starts the video at that second.
 */
export function RecordingPlayer({
  title,
  fileUrl,
  captions = [],
  startAt = null,
  hrefAt,
}: {
  title: string;
  fileUrl: string;
  captions?: PlayerCaptions[];
  startAt?: number | null;
  /** The page's address starting this recording at a second. */
  hrefAt?: (seconds: number) => string;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  // Opened from a card further down the page: bring it into view, clear of the sticky header.
  useEffect(() => {
    frame.current?.scrollIntoView({ block: "nearest" });
  }, [fileUrl]);
  return (
    <div ref={frame} className="scroll-mt-24 space-y-4" data-testid="recording-player">
      <video
        ref={video}
        controls
        preload="metadata"
        src={startAt ? `${fileUrl}#t=${startAt}` : fileUrl}
        title={`Recording: ${title}`}
        className="aspect-video w-full rounded-lg bg-black"
      >
        <CaptionTracks captions={captions} />
        Your browser cannot play this video. <a href={recordingDownloadUrl(fileUrl)}>Download it</a> instead.
      </video>
      {captions[0] && hrefAt ? <Transcript captions={captions[0]} hrefAt={hrefAt} videoRef={video} /> : null}
    </div>
  );
}

/** The file endpoint answers with an attachment when asked with `?download=1`. */
export function recordingDownloadUrl(fileUrl: string): string {
  return `${fileUrl}?download=1`;
}
