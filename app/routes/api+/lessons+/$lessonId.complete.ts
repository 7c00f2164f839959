import { json, type ActionFunctionArgs } from "@remix-run/node";
import { findCompletableLesson } from "~/models/learning/access.server";
import { completeLesson, CompletionRefusal, toApiCompletion } from "~/models/learning/progress.server";
import { answerRefusals, apiError, idParam, methodNotAllowed } from "~/utils/api.server";
import { requireUser } from "~/services/auth.server";

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireUser(request, context);
  const found = await findCompletableLesson(idParam(params.lessonId, "Lesson"), user);
  if (!found) return apiError(404, "Lesson not found");
  // A lesson with a quiz is completed by passing it (409 until then).
  return answerRefusals(CompletionRefusal, async () => json(await toApiCompletion(await completeLesson(user, found.lesson))));
}

export const loader = () => methodNotAllowed(["POST"]);
