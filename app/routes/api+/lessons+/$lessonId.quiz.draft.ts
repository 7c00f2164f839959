import { json, type ActionFunctionArgs } from "@remix-run/node";
import { findLessonForViewer } from "~/models/learning/access.server";
import { draftQuizQuestions } from "~/models/assessment/quiz-drafter.server";
import { apiError, idParam, methodNotAllowed } from "~/utils/api.server";
import { requireLessonManager } from "~/services/auth.server";

// Drafts questions from the lesson's own text for the admin to review (issue 24); nothing is saved.
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const lessonId = idParam(params.lessonId, "Lesson");
  const admin = await requireLessonManager(request, context, lessonId);
  const found = await findLessonForViewer(lessonId, admin);
  if (!found) return apiError(404, "Lesson not found");
  return json(await draftQuizQuestions(found.lesson, request.signal));
}

export const loader = () => methodNotAllowed(["POST"]);
