import { json, type ActionFunctionArgs } from "@remix-run/node";
import { markAnswered, QuestionError } from "~/models/live/conference-questions.server";
import { requireUser } from "~/services/auth.server";
import { answerRefusals, idParam, methodNotAllowed } from "~/utils/api.server";

// Issue 28. The host marks a question answered: `{ question }`.
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const viewer = await requireUser(request, context);
  const id = idParam(params.conferenceId, "Conference");
  const questionId = idParam(params.questionId, "Question");
  return await answerRefusals(QuestionError, async () => json({ question: await markAnswered(viewer, id, questionId) }));
}

export const loader = () => methodNotAllowed(["POST"]);
