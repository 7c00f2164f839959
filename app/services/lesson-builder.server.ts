import type { Params } from "@remix-run/react";
import { findCourseForViewer, findLessonForViewer } from "~/models/learning/access.server";
import { requireCourseManager } from "~/services/auth.server";
import type { RequestContext } from "~/models/accounts/session.server";
import { invariantResponse, parseRouteId } from "~/utils/misc";

/**
 * The lesson a builder page under /admin/courses/{courseId}/lessons/{lessonId}
 * works on (its quiz, its assignment): whoever may manage the course, the
 * course and the lesson, or 404 when the lesson is not that course's.
 */
export async function requireManagedLesson(request: Request, context: RequestContext, params: Params) {
  const courseId = parseRouteId(params.courseId);
  const lessonId = parseRouteId(params.lessonId);
  const manager = await requireCourseManager(request, context, courseId);
  const course = courseId === null ? undefined : await findCourseForViewer(courseId, manager);
  const found = course && lessonId !== null ? await findLessonForViewer(lessonId, manager, course.id) : undefined;
  invariantResponse(course && found, "Lesson not found", { status: 404 });
  return { manager, course, lesson: found.lesson };
}
