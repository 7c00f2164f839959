// The upgrade's payment steps (spec §4) as plain data, so the rules can be tested
// without a browser: which step is current and how far along the bar is.

export type StepStatus = "pending" | "active" | "completed" | "error";

export interface ProgressStep {
  id: string;
  label: string;
  description: string;
  status: StepStatus;
}

export const UPGRADE_STEPS: readonly ProgressStep[] = [
  { id: "validate", label: "Validate", description: "Checking your payment details", status: "pending" },
  { id: "process", label: "Process", description: "Confirming the payment with the card provider", status: "pending" },
  { id: "finalize", label: "Finalize", description: "Activating your Premium membership", status: "pending" },
  { id: "complete", label: "Complete", description: "Welcome to Premium", status: "pending" },
];

export type UpgradeStepId = "validate" | "process" | "finalize" | "complete";

/**
 * The step the indicator points at: the active or failed one; else the last
 * completed one; else none (-1) while everything is still pending.
 */
export function currentStepIndex(steps: readonly ProgressStep[]): number {
  const working = steps.findIndex((step) => step.status === "active" || step.status === "error");
  if (working !== -1) return working;
  let lastCompleted = -1;
  steps.forEach((step, index) => {
    if (step.status === "completed") lastCompleted = index;
  });
  return lastCompleted;
}

/** Spec §4: the position (1-based) of the current step divided by the number of steps, as a whole percentage. */
export function progressPercentage(steps: readonly ProgressStep[]): number {
  if (steps.length === 0) return 0;
  return Math.round(((currentStepIndex(steps) + 1) / steps.length) * 100);
}

/** Makes `id` the active step: the steps before it are completed, the ones after it pending. */
export function activateStep(steps: readonly ProgressStep[], id: string): ProgressStep[] {
  const at = steps.findIndex((step) => step.id === id);
  return steps.map((step, index) => ({ ...step, status: index < at ? "completed" : index === at ? "active" : "pending" }));
}

/** Marks one step failed, leaving the others as they are. */
export function failStep(steps: readonly ProgressStep[], id: string): ProgressStep[] {
  return steps.map((step) => (step.id === id ? { ...step, status: "error" } : step));
}

/** Every step done. */
export function completeSteps(steps: readonly ProgressStep[]): ProgressStep[] {
  return steps.map((step) => ({ ...step, status: "completed" }));
}

export function freshSteps(): ProgressStep[] {
  return UPGRADE_STEPS.map((step) => ({ ...step }));
}
