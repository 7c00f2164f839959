import { json, type ActionFunctionArgs } from "@remix-run/node";
import { AssignmentRefusal, reviewSubmission, toApiSubmission } from "~/models/assessment/assignment.server";
import { toApiCompletion } from "~/models/learning/progress.server";
import { ReviewSchema } from "~/schemas/assignment";
import { answerRefusals, idParam, methodNotAllowed, readJson } from "~/utils/api.server";
import { requireUser } from "~/services/auth.server";

// A reviewer's decision on one submission (issue 45): scores per criterion,
// feedback, passed or revise. Once only; a pass may complete the lesson.
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireUser(request, context);
  const id = idParam(params.submissionId, "Submission");
  const input = await readJson(request, ReviewSchema, { paths: "full" });
  return await answerRefusals(AssignmentRefusal, async () => {
    const { submission, completion } = await reviewSubmission(user, id, input);
    return json({ submission: toApiSubmission(submission), completion: completion ? await toApiCompletion(completion) : null });
  });
}

export const loader = () => methodNotAllowed(["POST"]);
