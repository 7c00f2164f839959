import { json, type ActionFunctionArgs } from "@remix-run/node";
import { findCourseForViewer, requireCourseUnlocked } from "~/models/learning/access.server";
import { findResumeLesson, startCourse, toApiProgress } from "~/models/learning/progress.server";
import { apiError, idParam, methodNotAllowed } from "~/utils/api.server";
import { requireUser } from "~/services/auth.server";

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireUser(request, context);
  const course = await findCourseForViewer(idParam(params.courseId, "Course"), user);
  if (!course) return apiError(404, "Course not found");
  await requireCourseUnlocked(course, user);
  const progress = await startCourse(user.id, course.id);
  return json({ progress: toApiProgress(progress), nextLessonId: (await findResumeLesson(user, course.id))?.id ?? null });
}

export const loader = () => methodNotAllowed(["POST"]);
