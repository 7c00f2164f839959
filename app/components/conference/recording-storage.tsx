import { cn, formatMegabytes } from "~/utils/misc";

/** Past this share of the cap the bar turns amber: time to delete old recordings. */
const NEARLY_FULL = 0.9;

/**
 * 'Storage: 120 MB of 2,048 MB' (issue 30): what recordings use against
 * RECORDINGS_TOTAL_MAX_MB. When it is full, new recordings are refused until
 * old ones are deleted, and the admin is told so here.
 */
export function RecordingStorage({ usedBytes, capBytes }: { usedBytes: number; capBytes: number }) {
  const share = capBytes > 0 ? Math.min(1, usedBytes / capBytes) : 1;
  const full = usedBytes >= capBytes;
  return (
    <section aria-label="Recording storage" className="card space-y-2" data-testid="recording-storage">
      <p className="text-sm">
        Storage: <strong>{formatMegabytes(usedBytes)}</strong> of {formatMegabytes(capBytes)}
      </p>
      <div className="h-2 overflow-hidden rounded-full bg-primary/20" aria-hidden>
        <div
          className={cn("h-full rounded-full", full ? "bg-red-500" : share >= NEARLY_FULL ? "bg-amber-400" : "bg-accent")}
          // A sliver for any use at all, so "4 MB of 20,480 MB" does not look like nothing.
          style={{ width: `${usedBytes > 0 ? Math.max(1, Math.round(share * 1000) / 10) : 0}%` }}
        />
      </div>
      {full ? (
        <p className="text-sm text-red-300" role="status">
          Storage is full: new recordings are refused until you delete old ones.
        </p>
      ) : share >= NEARLY_FULL ? (
        <p className="text-sm opacity-80">Storage is nearly full. Delete old recordings to keep recording.</p>
      ) : null}
    </section>
  );
}
