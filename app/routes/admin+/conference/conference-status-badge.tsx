import { Radio } from "~/components/ui/icons";
import type { ConferenceStatus } from "~/schemas/conference";
import { cn } from "~/utils/misc";

const toneClasses: Record<ConferenceStatus, string> = {
  Live: "border-red-500 bg-red-600 text-white",
  Ended: "border-foreground/30 bg-foreground/10 opacity-80",
  Missed: "border-amber-400/60 bg-amber-500/20 text-amber-100",
  Scheduled: "border-sky-400/60 bg-sky-500/20 text-sky-100",
};

/** A conference's display status (spec §4: Live, Ended, Missed, Scheduled) as a small pill. */
export function ConferenceStatusBadge({ status, className }: { status: ConferenceStatus; className?: string }) {
  return (
    <span
      data-testid="conference-status"
      className={cn("inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold", toneClasses[status], className)}
    >
      {status === "Live" ? <Radio className="h-3 w-3" aria-hidden /> : null}
      {status}
    </span>
  );
}
