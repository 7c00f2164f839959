import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { findCourseForViewer, listLessonsForViewer } from "~/models/learning/access.server";
import { createLesson } from "~/models/learning/lesson.server";
import { LessonSchema } from "~/schemas/lesson";
import { apiError, idParam, methodNotAllowed, readJson } from "~/utils/api.server";
import { requireCourseManager, requireUser } from "~/services/auth.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const course = await findCourseForViewer(idParam(params.courseId, "Course"), user);
  if (!course) return apiError(404, "Course not found");
  return json(await listLessonsForViewer(course, user));
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const courseId = idParam(params.courseId, "Course");
  const manager = await requireCourseManager(request, context, courseId);
  const course = await findCourseForViewer(courseId, manager);
  if (!course) return apiError(404, "Course not found");
  const input = await readJson(request, LessonSchema);
  return json(await createLesson(course.id, input), { status: 201 });
}
