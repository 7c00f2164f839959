import { formatLearningTime } from "~/schemas/learning-time";

/** How learning time is counted, stated wherever it is shown (issue 14: honest numbers). */
export function LearningTimeRule({ className = "text-xs opacity-80" }: { className?: string }) {
  return (
    <p className={className} data-testid="learning-time-rule">
      Learning time is measured while a lesson page is open and in use (this needs JavaScript); a completed lesson without measured
      time counts at its estimated length, marked estimated.
    </p>
  );
}

/** The "estimated" label beside a total that contains estimates. */
export function EstimatedPart({ estimatedSeconds }: { estimatedSeconds: number }) {
  if (estimatedSeconds <= 0) return null;
  return (
    <span className="text-xs font-normal opacity-80" data-testid="learning-time-estimated">
      includes {formatLearningTime(estimatedSeconds)} estimated
    </span>
  );
}
