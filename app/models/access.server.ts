import { json } from "@remix-run/node";
import type { User } from "#db/schema";
import { getCourseForViewer, type CourseSummary } from "~/models/course.server";
import { canManageCourse } from "~/models/course-staff.server";
import { getLesson, listLessonsForCourse, type LessonView } from "~/models/lesson.server";
import { isPremium, PREMIUM_REQUIRED } from "~/models/membership.server";

// Who may open which course and lesson. Students see only active lessons of
// active courses; admins see everything. Anyone may read a premium course's
// page and lesson outline, but only Premium members (and admins) may start it
// or read its lessons' content. A course's instructors count as admins for
// their own courses (course-staff.server).
//
// This module is the only reader of lesson content (sections, descriptions):
// ESLint refuses imports of lesson.server's content readers anywhere else, so
// every page, API route, search and the study companion goes through the
// checks below.

type Viewer = Pick<User, "id" | "role">;

export function findCourseForViewer(courseId: number, viewer: Viewer | null): CourseSummary | undefined {
  return getCourseForViewer(courseId, viewer);
}

export function isCourseLocked(course: Pick<CourseSummary, "id" | "isPremium">, viewer: Viewer | null): boolean {
  // A course's own instructors read it whatever their plan.
  return course.isPremium && (!viewer || !isPremium(viewer)) && !canManageCourse(viewer, course.id);
}

/** Throws 403 {"message":"Premium membership required"} for a premium course the viewer may not take. */
export function requireCourseUnlocked(course: Pick<CourseSummary, "id" | "isPremium">, viewer: Viewer) {
  if (isCourseLocked(course, viewer)) throw json({ message: PREMIUM_REQUIRED }, { status: 403 });
}

/** A lesson the viewer may open; undefined when it does not exist for them, 403 when its course needs Premium. */
export function findLessonForViewer(lessonId: number, viewer: Viewer, courseId?: number): { lesson: LessonView; course: CourseSummary } | undefined {
  const lesson = getLesson(lessonId);
  if (!lesson) return undefined;
  if (courseId !== undefined && lesson.courseId !== courseId) return undefined;
  if (!lesson.isActive && !canManageCourse(viewer, lesson.courseId)) return undefined;
  const course = getCourseForViewer(lesson.courseId, viewer);
  if (!course) return undefined;
  requireCourseUnlocked(course, viewer);
  return { lesson, course };
}

/**
 * A course's lessons with their content, for a viewer who may read them:
 * admins get inactive lessons too; a premium course the viewer may not take
 * is a 403, never a list.
 */
export function listLessonsForViewer(course: CourseSummary, viewer: Viewer): LessonView[] {
  requireCourseUnlocked(course, viewer);
  return listLessonsForCourse(course.id, { includeInactive: canManageCourse(viewer, course.id) });
}

/** A lesson a student can complete: visible, and both it and its course active. */
export function findCompletableLesson(lessonId: number, viewer: Viewer, courseId?: number) {
  const found = findLessonForViewer(lessonId, viewer, courseId);
  return found && found.lesson.isActive && found.course.isActive ? found : undefined;
}
