import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { findLessonForViewer } from "~/models/learning/access.server";
import { deleteQuiz, getQuizForLesson, saveQuiz, toAdminQuiz, toMemberQuiz, quizStanding } from "~/models/assessment/quiz.server";
import { QuizSchema } from "~/schemas/quiz";
import { apiError, idParam, methodNotAllowed, readJson } from "~/utils/api.server";
import { requireLessonManager, requireUser } from "~/services/auth.server";

// A lesson's quiz (issue 24). Admins read and write everything; a member who
// may open the lesson reads prompts and options only, never the answers.
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const found = await findLessonForViewer(idParam(params.lessonId, "Lesson"), user);
  if (!found) return apiError(404, "Lesson not found");
  const quiz = await getQuizForLesson(found.lesson.id);
  if (!quiz) return apiError(404, "This lesson has no quiz");
  if (user.role === "admin") return json({ quiz: toAdminQuiz(quiz) });
  return json({ quiz: toMemberQuiz(quiz, { userId: user.id, attemptNumber: (await quizStanding(quiz, user.id)).nextAttemptNumber }) });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed(["GET", "PUT", "DELETE"]);
  const lessonId = idParam(params.lessonId, "Lesson");
  const manager = await requireLessonManager(request, context, lessonId);
  if (!await findLessonForViewer(lessonId, manager)) return apiError(404, "Lesson not found");
  if (request.method === "DELETE") return await deleteQuiz(lessonId) ? json({ success: true }) : apiError(404, "This lesson has no quiz");
  const input = await readJson(request, QuizSchema, { paths: "full" });
  return json({ quiz: toAdminQuiz(await saveQuiz(lessonId, input)) });
}
