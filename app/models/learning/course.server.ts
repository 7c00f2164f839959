import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import { db, first, changes, withTransaction, single } from "#db/client.server";
import { notifyCourseNew } from "~/models/notifications/notification-events.server";
import { certificates, courseRatings, courses, lessons, userProgress, type Course, type User } from "#db/schema";
import { canManageCourse } from "~/models/learning/course-staff.server";
import { averageRating } from "~/models/learning/course-rating";
import { hasSubmissions } from "~/models/assessment/submission-files.server";
import type { CourseInput } from "~/schemas/course";
import { fromCatalogue } from "~/models/learning/catalogue-cache.server";

/** A course as the JSON API and the pages show it; `lessons` counts active lessons. */
export interface CourseSummary {
  id: number;
  title: string;
  description: string;
  imageUrl: string | null;
  level: Course["level"];
  /** The administrator's value; shown only until students have rated (course-rating.ts). */
  rating: string;
  /** Students' average stars, one decimal, or null before the first rating. */
  ratingAverage: number | null;
  ratingCount: number;
  lessons: number;
  duration: string;
  isActive: boolean;
  isPremium: boolean;
}

const activeLessonCounts = db
  .select({ courseId: lessons.courseId, total: count().as("total") })
  .from(lessons)
  .where(eq(lessons.isActive, true))
  .groupBy(lessons.courseId)
  .as("lesson_counts");

const ratingTotals = db
  .select({
    courseId: courseRatings.courseId,
    stars: sql<number>`sum(${courseRatings.rating})`.as("stars"),
    votes: count().as("votes"),
  })
  .from(courseRatings)
  .groupBy(courseRatings.courseId)
  .as("rating_totals");

const courseColumns = {
  id: courses.id,
  title: courses.title,
  description: courses.description,
  imageUrl: courses.imageUrl,
  level: courses.level,
  rating: courses.rating,
  duration: courses.duration,
  isActive: courses.isActive,
  isPremium: courses.isPremium,
  lessons: sql<number>`coalesce(${activeLessonCounts.total}, 0)`.mapWith(Number),
  ratingStars: sql<number>`coalesce(${ratingTotals.stars}, 0)`.mapWith(Number),
  ratingCount: sql<number>`coalesce(${ratingTotals.votes}, 0)`.mapWith(Number),
};

type CourseRow = { ratingStars: number; ratingCount: number } & Omit<CourseSummary, "ratingAverage" | "ratingCount">;

function toSummary({ ratingStars, ...row }: CourseRow): CourseSummary {
  return { ...row, ratingAverage: averageRating(ratingStars, row.ratingCount) };
}

const activeCoursesQuery = db
  .select(courseColumns)
  .from(courses)
  .leftJoin(activeLessonCounts, eq(activeLessonCounts.courseId, courses.id))
  .leftJoin(ratingTotals, eq(ratingTotals.courseId, courses.id))
  .where(eq(courses.isActive, true))
  .orderBy(asc(courses.id))
  .prepare();

const courseByIdQuery = db
  .select(courseColumns)
  .from(courses)
  .leftJoin(activeLessonCounts, eq(activeLessonCounts.courseId, courses.id))
  .leftJoin(ratingTotals, eq(ratingTotals.courseId, courses.id))
  .where(and(eq(courses.id, sql.placeholder("id")), eq(courses.isActive, true)))
  .prepare();

export async function listActiveCourses(): Promise<readonly CourseSummary[]> {
  return await fromCatalogue("active-courses", async () => (await activeCoursesQuery.all()).map(toSummary));
}

/** The first courses in catalogue order, as the landing page shows them. */
export async function listFeaturedCourses(limit = 3): Promise<CourseSummary[]> {
  return (await listActiveCourses()).slice(0, limit);
}

/** An active course, or undefined: inactive courses do not exist for visitors and students. */
export async function getActiveCourse(id: number): Promise<CourseSummary | undefined> {
  return await fromCatalogue(`active-course:${id}`, async () => {
    const row = await courseByIdQuery.get({ id });
    return row && toSummary(row);
  });
}

// ---- Administration ------------------------------------------------------

const allCoursesQuery = db
  .select(courseColumns)
  .from(courses)
  .leftJoin(activeLessonCounts, eq(activeLessonCounts.courseId, courses.id))
  .leftJoin(ratingTotals, eq(ratingTotals.courseId, courses.id))
  .orderBy(asc(courses.id))
  .prepare();

const anyCourseByIdQuery = db
  .select(courseColumns)
  .from(courses)
  .leftJoin(activeLessonCounts, eq(activeLessonCounts.courseId, courses.id))
  .leftJoin(ratingTotals, eq(ratingTotals.courseId, courses.id))
  .where(eq(courses.id, sql.placeholder("id")))
  .prepare();

/** Every course, archived ones included, for administrators. */
export async function listAllCourses(): Promise<CourseSummary[]> {
  return (await allCoursesQuery.all()).map(toSummary);
}

export async function getAnyCourse(id: number): Promise<CourseSummary | undefined> {
  return await fromCatalogue(`course:${id}`, async () => {
    const row = await anyCourseByIdQuery.get({ id });
    return row && toSummary(row);
  });
}

/** What a viewer may see: admins and the course's instructors see it archived too. */
export async function getCourseForViewer(id: number, viewer: Pick<User, "id" | "role"> | null): Promise<CourseSummary | undefined> {
  return await canManageCourse(viewer, id) ? await getAnyCourse(id) : await getActiveCourse(id);
}

/** A course's fields as saved: publishing decided by applyPublishingRights (course-staff.server.ts). */
export type CourseRecord = Omit<CourseInput, "isActive" | "isPremium"> & { isActive: boolean; isPremium: boolean };

export async function createCourse(input: CourseRecord): Promise<CourseSummary> {
  // Instructors are kept by course-staff.server (setCourseInstructors).
  const { lessons: _derived, instructorIds: _staff, ...values } = input;
  const created = await single(db.insert(courses).values(values).returning({ id: courses.id }));
  const course = await getAnyCourse(created.id);
  if (!course) throw new Error("course vanished after insert");
  await announceCourseIfReady(course.id);
  return course;
}

/**
 * "New course" goes out once, the first time a course is published with at
 * least one active lesson (issue 47): not for an empty or hidden course, and
 * never again after archiving and publishing it back. Called after anything
 * that may make a course ready (the course saved, a lesson saved); the
 * conditional update lets exactly one caller announce it.
 */
export async function announceCourseIfReady(courseId: number): Promise<boolean> {
  const announced = changes(await db
    .update(courses)
    .set({ announcedAt: new Date() })
    .where(and(
      eq(courses.id, courseId),
      isNull(courses.announcedAt),
      eq(courses.isActive, true),
      sql`exists (select 1 from ${lessons} where ${lessons.courseId} = ${courses.id} and ${lessons.isActive} = true)`,
    )));
  if (announced === 0) return false;
  const course = await getAnyCourse(courseId);
  if (course) await notifyCourseNew(course, null);
  return true;
}

export async function updateCourse(id: number, input: CourseRecord): Promise<CourseSummary | undefined> {
  const { lessons: _derived, instructorIds: _staff, ...values } = input;
  // One transaction: the course as it was before is the one this update changed.
  return await withTransaction(async () => {
    const changed = changes(await db.update(courses).set({ ...values, updatedAt: new Date() }).where(eq(courses.id, id)));
    if (!changed) return undefined;
    await announceCourseIfReady(id);
    return await getAnyCourse(id);
  });
}

export type CourseRemoval = "deleted" | "archived" | "missing";

/**
 * Deletes a course nobody has started. A course with student progress,
 * certificates or handed-in assignments is archived instead (hidden, isActive false), so issued
 * certificates stay valid and verifiable.
 */
export async function removeCourse(id: number): Promise<CourseRemoval> {
  return await withTransaction(async (tx) => {
    const course = await first(tx.select({ id: courses.id }).from(courses).where(eq(courses.id, id)).limit(1));
    if (!course) return "missing";
    const started = (await first(tx.select({ n: count() }).from(userProgress).where(eq(userProgress.courseId, id)).limit(1)))?.n ?? 0;
    const certified = (await first(tx.select({ n: count() }).from(certificates).where(eq(certificates.courseId, id)).limit(1)))?.n ?? 0;
    // Handed-in assignments (issue 45) are members' work too, kept as progress is.
    if (started > 0 || certified > 0 || await hasSubmissions(tx, { courseId: id })) {
      await tx.update(courses).set({ isActive: false, updatedAt: new Date() }).where(eq(courses.id, id));
      return "archived";
    }
    await tx.delete(courses).where(eq(courses.id, id));
    return "deleted";
  });
}
