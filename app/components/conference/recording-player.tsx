import { useEffect, useRef } from "react";

/**
 * The in-page player of one recording. It is server-rendered for `?play=ID`,
 * so it works without JavaScript; the file is served with range requests,
 * and `preload="metadata"` fetches only what the controls need.
 */
export function RecordingPlayer({ title, fileUrl }: { title: string; fileUrl: string }) {
  const frame = useRef<HTMLDivElement>(null);
  // Opened from a card further down the page: bring it into view, clear of the sticky header.
  useEffect(() => {
    frame.current?.scrollIntoView({ block: "nearest" });
  }, [fileUrl]);
  return (
    <div ref={frame} className="scroll-mt-24" data-testid="recording-player">
      <video controls preload="metadata" src={fileUrl} title={`Recording: ${title}`} className="aspect-video w-full rounded-lg bg-black">
        Your browser cannot play this video. <a href={recordingDownloadUrl(fileUrl)}>Download it</a> instead.
      </video>
    </div>
  );
}

/** The file endpoint answers with an attachment when asked with `?download=1`. */
export function recordingDownloadUrl(fileUrl: string): string {
  return `${fileUrl}?download=1`;
}
