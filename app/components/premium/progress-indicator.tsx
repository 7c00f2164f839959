import { AlertCircle, CheckCircle2, Circle, Loader2 } from "~/components/ui/icons";
import { ProgressBar } from "~/components/learning/progress-bar";
import { currentStepIndex, progressPercentage, type ProgressStep, type StepStatus } from "~/components/premium/upgrade-steps";
import { cn } from "~/utils/misc";

export type ProgressIndicatorVariant = "default" | "compact" | "payment";

const statusText: Record<StepStatus, string> = {
  pending: "waiting",
  active: "in progress",
  completed: "done",
  error: "failed",
};

function StepIcon({ status }: { status: StepStatus }) {
  if (status === "completed") return <CheckCircle2 className="h-5 w-5 shrink-0 text-emerald-300" aria-hidden />;
  if (status === "active") return <Loader2 className="h-5 w-5 shrink-0 animate-spin text-accent" aria-hidden />;
  if (status === "error") return <AlertCircle className="h-5 w-5 shrink-0 text-red-400" aria-hidden />;
  return <Circle className="h-5 w-5 shrink-0 opacity-40" aria-hidden />;
}

/** Named steps under a bar; the `payment` variant adds the spec's "do not close" warning. */
export function ProgressIndicator({
  steps,
  variant = "default",
  label = "Progress",
}: {
  steps: readonly ProgressStep[];
  variant?: ProgressIndicatorVariant;
  label?: string;
}) {
  const percentage = progressPercentage(steps);
  const current = steps[currentStepIndex(steps)];

  if (variant === "compact") {
    return (
      <div className="space-y-1" data-testid="progress-indicator">
        <div className="flex justify-between text-xs opacity-80">
          <span aria-live="polite">{current ? `${current.label} — ${statusText[current.status]}` : "Not started"}</span>
          <span>{percentage}%</span>
        </div>
        <ProgressBar value={percentage} label={label} />
      </div>
    );
  }

  return (
    <div className="space-y-3" data-testid="progress-indicator">
      <ProgressBar value={percentage} label={label} />
      <ol className="space-y-2" aria-label={label}>
        {steps.map((step) => (
          <li
            key={step.id}
            className={cn("flex items-start gap-3 text-sm", step.status === "pending" && "opacity-60")}
            data-testid="progress-step"
            data-status={step.status}
            aria-current={step.status === "active" ? "step" : undefined}
          >
            <StepIcon status={step.status} />
            <span>
              <span className="block font-medium">
                {step.label}
                <span className="sr-only"> ({statusText[step.status]})</span>
              </span>
              <span className="block text-xs opacity-75">{step.description}</span>
            </span>
          </li>
        ))}
      </ol>
      {variant === "payment" ? (
        <p className="text-sm font-medium text-accent" role="status">
          Please do not close this window
        </p>
      ) : null}
    </div>
  );
}
