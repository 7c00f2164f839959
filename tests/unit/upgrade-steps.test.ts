import { describe, expect, it } from "vitest";
import {
  activateStep,
  completeSteps,
  currentStepIndex,
  failStep,
  freshSteps,
  progressPercentage,
  type ProgressStep,
} from "~/components/premium/upgrade-steps";

const statuses = (steps: ProgressStep[]) => steps.map((step) => step.status);

describe("the upgrade's payment steps", () => {
  it("are validate, process, finalize and complete, all pending at first", () => {
    const steps = freshSteps();
    expect(steps.map((step) => step.id)).toEqual(["validate", "process", "finalize", "complete"]);
    expect(statuses(steps)).toEqual(["pending", "pending", "pending", "pending"]);
    expect(currentStepIndex(steps)).toBe(-1);
    expect(progressPercentage(steps)).toBe(0);
  });

  it("count the position of the current step over the number of steps", () => {
    let steps = activateStep(freshSteps(), "validate");
    expect(statuses(steps)).toEqual(["active", "pending", "pending", "pending"]);
    expect(progressPercentage(steps)).toBe(25);
    steps = activateStep(steps, "process");
    expect(statuses(steps)).toEqual(["completed", "active", "pending", "pending"]);
    expect(progressPercentage(steps)).toBe(50);
    steps = activateStep(steps, "finalize");
    expect(progressPercentage(steps)).toBe(75);
    steps = activateStep(steps, "complete");
    expect(progressPercentage(steps)).toBe(100);
    expect(statuses(completeSteps(steps))).toEqual(["completed", "completed", "completed", "completed"]);
    expect(progressPercentage(completeSteps(steps))).toBe(100);
  });

  it("stop at the failed step: a payment failure marks process, a confirmation failure marks finalize", () => {
    const paymentFailed = failStep(activateStep(freshSteps(), "process"), "process");
    expect(statuses(paymentFailed)).toEqual(["completed", "error", "pending", "pending"]);
    expect(currentStepIndex(paymentFailed)).toBe(1);
    expect(progressPercentage(paymentFailed)).toBe(50);

    const confirmFailed = failStep(activateStep(freshSteps(), "finalize"), "finalize");
    expect(statuses(confirmFailed)).toEqual(["completed", "completed", "error", "pending"]);
    expect(progressPercentage(confirmFailed)).toBe(75);
  });

  it("round the percentage for step counts that do not divide 100", () => {
    const three: ProgressStep[] = [
      { id: "a", label: "A", description: "", status: "completed" },
      { id: "b", label: "B", description: "", status: "pending" },
      { id: "c", label: "C", description: "", status: "pending" },
    ];
    expect(progressPercentage(three)).toBe(33);
    expect(progressPercentage([])).toBe(0);
  });

  it("never share state between runs", () => {
    const first = freshSteps();
    activateStep(first, "process");
    expect(statuses(freshSteps())).toEqual(["pending", "pending", "pending", "pending"]);
    expect(first).not.toBe(freshSteps());
  });
});
