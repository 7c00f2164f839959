import type { CriterionScore, RubricCriterion } from "#db/schema";
import type { ReviewInput } from "~/schemas/assignment";

// The rules of a review (issue 45), pure and unit-tested on their own: the
// points against the rubric, the decision against the points.

export class AssignmentRefusal extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 413 | 415 | 503,
    message: string,
  ) {
    super(message);
    this.name = "AssignmentRefusal";
  }
}

/** Checks the points against the rubric and the decision against the points; the stored scores. */
export function gradeReview(assignment: { rubric: readonly RubricCriterion[]; passPoints: number }, input: Pick<ReviewInput, "scores" | "decision">): { scores: CriterionScore[]; total: number } {
  const given = new Map<number, number>();
  for (const score of input.scores) {
    if (score.criterion >= assignment.rubric.length) throw new AssignmentRefusal(400, `Criterion ${score.criterion} is not in the rubric (it has ${assignment.rubric.length})`);
    if (given.has(score.criterion)) throw new AssignmentRefusal(400, `Criterion ${score.criterion} is scored twice`);
    given.set(score.criterion, score.points);
  }
  const scores = assignment.rubric.map((criterion, index) => {
    const points = given.get(index);
    if (points === undefined) throw new AssignmentRefusal(400, `Score “${criterion.criterion}” too: every criterion of the rubric needs points`);
    if (points > criterion.points) throw new AssignmentRefusal(400, `“${criterion.criterion}” is worth at most ${criterion.points} points`);
    return { criterion: criterion.criterion, points, maxPoints: criterion.points };
  });
  const total = scores.reduce((sum, score) => sum + score.points, 0);
  if (input.decision === "passed" && total < assignment.passPoints) {
    throw new AssignmentRefusal(400, `Passing needs ${assignment.passPoints} points; these scores give ${total}`);
  }
  if (input.decision === "revise" && total >= assignment.passPoints) {
    throw new AssignmentRefusal(400, `These scores reach the ${assignment.passPoints} points needed to pass: pass it, or lower a score to ask for revision`);
  }
  return { scores, total };
}
