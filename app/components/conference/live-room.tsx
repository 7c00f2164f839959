import { Copy, Radio } from "~/components/ui/icons";
import { useEffect, useState, type ReactNode } from "react";
import { showToast } from "~/components/toaster";
import { buttonClasses } from "~/components/ui/button";

export interface LiveRoomConference {
  id: number;
  title: string;
}

/** The join link (spec §2): the current origin and /join-conference/{id}. */
export function joinLink(origin: string, conferenceId: number): string {
  return `${origin}/join-conference/${conferenceId}`;
}

/**
 * The live room's frame, shared by the host's sessions page and the join
 * page: the header (title, 'Live' badge, 'Share Link', the host's end
 * control passed in as `endControl`) and the conference link box. The media
 * area inside it is the live room proper.
 */
export function LiveRoom({
  conference,
  origin,
  endControl,
  children,
}: {
  conference: LiveRoomConference;
  origin: string;
  endControl?: ReactNode;
  children?: ReactNode;
}) {
  // The spec builds the link from the page's own origin; the server's guess is only for the first paint.
  const [pageOrigin, setPageOrigin] = useState(origin);
  useEffect(() => setPageOrigin(window.location.origin), []);
  const link = joinLink(pageOrigin, conference.id);
  async function copyLink() {
    try {
      await navigator.clipboard.writeText(link);
      showToast({ type: "success", title: "Link Copied", description: link });
    } catch {
      showToast({ type: "error", title: "Copy failed", description: `Copy this link instead: ${link}` });
    }
  }
  return (
    <section className="card space-y-4" aria-label={`Live room: ${conference.title}`} data-testid="live-room">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <h2 className="font-display text-2xl">{conference.title}</h2>
          <span className="inline-flex items-center gap-1 rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white">
            <Radio className="h-3 w-3" aria-hidden /> Live
          </span>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <button type="button" className={buttonClasses("outline", undefined, "sm")} onClick={() => void copyLink()}>
            <Copy className="h-4 w-4" aria-hidden /> Share Link
          </button>
          {endControl}
        </div>
      </header>
      <div className="flex min-h-[600px] flex-col" data-testid="live-room-media">
        {children}
      </div>
      <div>
        <label htmlFor={`conference-link-${conference.id}`} className="text-sm opacity-80">
          Conference link
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id={`conference-link-${conference.id}`}
            readOnly
            value={link}
            className="w-full rounded-md border border-primary/40 bg-transparent px-3 py-2 text-sm"
          />
          <button type="button" className={buttonClasses("ghost", undefined, "icon")} onClick={() => void copyLink()} aria-label="Copy conference link">
            <Copy className="h-4 w-4" aria-hidden />
          </button>
        </div>
      </div>
    </section>
  );
}
