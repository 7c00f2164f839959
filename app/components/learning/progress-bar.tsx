import { cn } from "~/utils/misc";

/** A labelled horizontal bar; `value` is a percentage from 0 to 100. */
export function ProgressBar({ value, label, className }: { value: number; label: string; className?: string }) {
  const clamped = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      className={cn("progress-track", className)}
    >
      <div className="progress-fill" style={{ width: `${clamped}%` }} />
    </div>
  );
}
