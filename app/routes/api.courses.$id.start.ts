import { json, type ActionFunctionArgs } from "@remix-run/node";
import { findCourseForViewer } from "~/models/access.server";
import { listLessonOutline } from "~/models/lesson.server";
import { listCompletedLessonIds, startCourse, toApiProgress } from "~/models/progress.server";
import { apiError, idParam, methodNotAllowed } from "~/utils/api.server";
import { requireUser } from "~/utils/auth.server";

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireUser(request);
  const course = findCourseForViewer(idParam(params.id, "Course"), user);
  if (!course) return apiError(404, "Course not found");
  const progress = startCourse(user.id, course.id);
  const done = new Set(listCompletedLessonIds(user.id, course.id));
  const nextLesson = listLessonOutline(course.id).find((lesson) => !done.has(lesson.id)) ?? null;
  return json({ progress: toApiProgress(progress), nextLessonId: nextLesson?.id ?? null });
}

export const loader = () => methodNotAllowed(["POST"]);
