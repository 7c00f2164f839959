import { and, asc, count, eq, sql } from "drizzle-orm";
import { db } from "#db/client.server";
import { courses, lessons, type Course } from "#db/schema";

/** A course as the JSON API and the pages show it; `lessons` counts active lessons. */
export interface CourseSummary {
  id: number;
  title: string;
  description: string;
  imageUrl: string | null;
  level: Course["level"];
  rating: string;
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
};

const activeCoursesQuery = db
  .select(courseColumns)
  .from(courses)
  .leftJoin(activeLessonCounts, eq(activeLessonCounts.courseId, courses.id))
  .where(eq(courses.isActive, true))
  .orderBy(asc(courses.id))
  .prepare();

const courseByIdQuery = db
  .select(courseColumns)
  .from(courses)
  .leftJoin(activeLessonCounts, eq(activeLessonCounts.courseId, courses.id))
  .where(and(eq(courses.id, sql.placeholder("id")), eq(courses.isActive, true)))
  .prepare();

export function listActiveCourses(): CourseSummary[] {
  return activeCoursesQuery.all();
}

/** The first courses in catalogue order, as the landing page shows them. */
export function listFeaturedCourses(limit = 3): CourseSummary[] {
  return listActiveCourses().slice(0, limit);
}

/** An active course, or undefined: inactive courses do not exist for visitors and students. */
export function getActiveCourse(id: number): CourseSummary | undefined {
  return courseByIdQuery.get({ id });
}
