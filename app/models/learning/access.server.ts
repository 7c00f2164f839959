import { json } from "@remix-run/node";
import type { User } from "#db/schema";
import { getCourseForViewer, type CourseSummary } from "~/models/learning/course.server";
import { canManageCourse } from "~/models/learning/course-staff.server";
import { getLesson, listLessonOutline, listLessonsForCourse, type LessonView, type SectionView } from "~/models/learning/lesson.server";
import { lessonReleaseFor, lockedLessonResponse, withReleaseStates, type LockedState } from "~/models/learning/lesson-release.server";
import { isPremium, PREMIUM_REQUIRED } from "~/models/billing/membership.server";

// Who may open which course and lesson. Students see only active lessons of
// active courses; admins see everything. Anyone may read a premium course's
// page and lesson outline, but only Premium members (and admins) may start it
// or read its lessons' content. A course's instructors count as admins for
// their own courses (course-staff.server). A scheduled lesson (issue 29) is
// locked for a member until it opens for them (lesson-release.ts); admins and
// the course's own instructors see it at once.
//
// This module is the only reader of lesson content (sections, descriptions):
// ESLint refuses imports of lesson.server's content readers anywhere else, so
// every page, API route, search and the study companion goes through the
// checks below.

type Viewer = Pick<User, "id" | "role">;

export async function findCourseForViewer(courseId: number, viewer: Viewer | null): Promise<CourseSummary | undefined> {
  return await getCourseForViewer(courseId, viewer);
}

export async function isCourseLocked(course: Pick<CourseSummary, "id" | "isPremium">, viewer: Viewer | null): Promise<boolean> {
  // A course's own instructors read it whatever their plan.
  return course.isPremium && (!viewer || !await isPremium(viewer)) && !await canManageCourse(viewer, course.id);
}

/** Throws 403 {"message":"Premium membership required"} for a premium course the viewer may not take. */
export async function requireCourseUnlocked(course: Pick<CourseSummary, "id" | "isPremium">, viewer: Viewer) {
  if (await isCourseLocked(course, viewer)) throw json({ message: PREMIUM_REQUIRED }, { status: 403 });
}

export type LessonAccess =
  | { lesson: LessonView; course: CourseSummary; locked?: undefined }
  /** Not released for this viewer yet: the lesson's title only, never its content. */
  | { locked: LockedState; lesson: Pick<LessonView, "id" | "title" | "order" | "courseId">; course: CourseSummary };

/**
 * The lesson page's read: the lesson, or that it exists but is not open for
 * this viewer yet (so the page can say when it opens). Every other reader
 * uses findLessonForViewer, which answers 403 instead.
 */
export async function findLessonOrLockForViewer(lessonId: number, viewer: Viewer, courseId?: number): Promise<LessonAccess | undefined> {
  const lesson = await getLesson(lessonId);
  if (!lesson) return undefined;
  if (courseId !== undefined && lesson.courseId !== courseId) return undefined;
  if (!lesson.isActive && !await canManageCourse(viewer, lesson.courseId)) return undefined;
  const course = await getCourseForViewer(lesson.courseId, viewer);
  if (!course) return undefined;
  await requireCourseUnlocked(course, viewer);
  const release = await lessonReleaseFor(viewer, lesson);
  if (release.status !== "open") {
    return { locked: release, lesson: { id: lesson.id, title: lesson.title, order: lesson.order, courseId: lesson.courseId }, course };
  }
  return { lesson, course };
}

/**
 * A lesson the viewer may open; undefined when it does not exist for them, 403
 * when its course needs Premium, 403 `{message, availableAt}` when it is not
 * released for them yet.
 */
export async function findLessonForViewer(lessonId: number, viewer: Viewer, courseId?: number): Promise<{ lesson: LessonView; course: CourseSummary } | undefined> {
  const found = await findLessonOrLockForViewer(lessonId, viewer, courseId);
  if (found?.locked) throw lockedLessonResponse(found.locked);
  return found;
}

/** A course's outline (titles, order) with each lesson's release state for this viewer. */
export async function listOutlineForViewer(course: Pick<CourseSummary, "id">, viewer: Viewer) {
  return withReleaseStates(course.id, viewer, await listLessonOutline(course.id));
}

/**
 * A course's lessons with their content, for a viewer who may read them:
 * admins get inactive lessons too; a premium course the viewer may not take
 * is a 403, never a list.
 */
export async function listLessonsForViewer(course: CourseSummary, viewer: Viewer) {
  await requireCourseUnlocked(course, viewer);
  const lessons = await withReleaseStates(course.id, viewer, await listLessonsForCourse(course.id, { includeInactive: await canManageCourse(viewer, course.id) }));
  // A lesson not released for this viewer keeps its place in the list, without its content.
  const noSections: SectionView[] = [];
  return lessons.map(({ release, ...lesson }) =>
    release.status === "open"
      ? { ...lesson, isLocked: false, availableAt: null }
      : {
          ...lesson,
          description: "",
          contentSections: noSections,
          isLocked: true,
          availableAt: release.status === "scheduled" ? release.availableAt.toISOString() : null,
        },
  );
}

/** A lesson a student can complete: visible, and both it and its course active. */
export async function findCompletableLesson(lessonId: number, viewer: Viewer, courseId?: number) {
  const found = await findLessonForViewer(lessonId, viewer, courseId);
  return found && found.lesson.isActive && found.course.isActive ? found : undefined;
}
