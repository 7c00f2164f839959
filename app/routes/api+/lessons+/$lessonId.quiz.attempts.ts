import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { findCompletableLesson, findLessonForViewer } from "~/models/learning/access.server";
import { toApiCompletion } from "~/models/learning/progress.server";
import { getQuizForLesson, listAttempts, QuizRefusal, submitAttempt, toApiAttempt } from "~/models/assessment/quiz.server";
import { AttemptSchema } from "~/schemas/quiz";
import { answerRefusals, apiError, idParam, methodNotAllowed, readJson } from "~/utils/api.server";
import { requireUser } from "~/services/auth.server";

// A member's attempts at a lesson's quiz (issue 24): GET their own, POST a new one.
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const found = await findLessonForViewer(idParam(params.lessonId, "Lesson"), user);
  if (!found) return apiError(404, "Lesson not found");
  const quiz = await getQuizForLesson(found.lesson.id);
  if (!quiz) return apiError(404, "This lesson has no quiz");
  return json({ attempts: (await listAttempts(quiz.id, user.id)).map(toApiAttempt) });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const user = await requireUser(request, context);
  const found = await findCompletableLesson(idParam(params.lessonId, "Lesson"), user);
  if (!found) return apiError(404, "Lesson not found");
  const { answers } = await readJson(request, AttemptSchema);
  return answerRefusals(QuizRefusal, async () => {
    const { attempt, completion } = await submitAttempt(user, found.lesson, answers);
    return json(
      {
        attempt: toApiAttempt(attempt),
        completion: completion && await toApiCompletion(completion),
      },
      { status: 201 },
    );
  });
}
