import type { User } from "#db/schema";
import { getCourseForViewer, type CourseSummary } from "~/models/course.server";
import { getLesson, type LessonView } from "~/models/lesson.server";

// Who may open which course and lesson. Students see only active lessons of
// active courses; admins see everything. (Premium courses join here later.)

export function findCourseForViewer(courseId: number, viewer: Pick<User, "role"> | null): CourseSummary | undefined {
  return getCourseForViewer(courseId, viewer);
}

export function findLessonForViewer(
  lessonId: number,
  viewer: Pick<User, "role">,
  courseId?: number,
): { lesson: LessonView; course: CourseSummary } | undefined {
  const lesson = getLesson(lessonId);
  if (!lesson) return undefined;
  if (courseId !== undefined && lesson.courseId !== courseId) return undefined;
  if (!lesson.isActive && viewer.role !== "admin") return undefined;
  const course = getCourseForViewer(lesson.courseId, viewer);
  if (!course) return undefined;
  return { lesson, course };
}

/** A lesson a student can complete: visible, and both it and its course active. */
export function findCompletableLesson(lessonId: number, viewer: Pick<User, "role">, courseId?: number) {
  const found = findLessonForViewer(lessonId, viewer, courseId);
  return found && found.lesson.isActive && found.course.isActive ? found : undefined;
}
