import { and, desc, eq, gte, sql } from "drizzle-orm";
import { db } from "#db/client.server";
import { courses, learningTime } from "#db/schema";
import { weekBuckets } from "~/models/analytics.server";
import { academyDay } from "~/models/progress.server";

// A Premium member's study time (advanced analytics): minutes per week and per
// course, from the learning_time table (one row per member, course and day).

export const ANALYTICS_WEEKS = 12;

export interface WeekTotal {
  /** Monday of the week, YYYY-MM-DD (academy time zone). */
  weekStart: string;
  minutes: number;
}

export interface CourseTime {
  courseId: number;
  title: string;
  minutes: number;
}

export interface LearningAnalytics {
  weeks: WeekTotal[];
  courses: CourseTime[];
  totalMinutes: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
// Day strings are calendar dates; doing the arithmetic at UTC midnight keeps it free of DST shifts.
const parseDay = (day: string) => new Date(`${day}T00:00:00Z`);

/** The Monday on or before `day` (both YYYY-MM-DD). */
export function mondayOf(day: string): string {
  const date = parseDay(day);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  return isoDay(new Date(date.getTime() - sinceMonday * DAY_MS));
}

/** The Mondays of the last `count` weeks, oldest first, the last one holding `today` (the admin charts' weeks). */
export function weekStarts(today: string, count = ANALYTICS_WEEKS): string[] {
  return weekBuckets(parseDay(today), count).map((week) => isoDay(new Date(week.start)));
}

/** Sums daily seconds into weekly minutes (rounded); days outside the window are ignored. */
export function bucketWeeklyMinutes(rows: { day: string; seconds: number }[], today: string, count = ANALYTICS_WEEKS): WeekTotal[] {
  const starts = weekStarts(today, count);
  const seconds = new Map(starts.map((start) => [start, 0]));
  for (const row of rows) {
    const week = mondayOf(row.day);
    const sum = seconds.get(week);
    if (sum !== undefined && row.day <= today) seconds.set(week, sum + row.seconds);
  }
  return starts.map((weekStart) => ({ weekStart, minutes: Math.round((seconds.get(weekStart) ?? 0) / 60) }));
}

export function getLearningAnalytics(userId: number, now = new Date()): LearningAnalytics {
  const today = academyDay(now);
  const since = weekStarts(today)[0] ?? today;
  const daily = db
    .select({ day: learningTime.day, seconds: sql<number>`sum(${learningTime.seconds})`.mapWith(Number) })
    .from(learningTime)
    .where(and(eq(learningTime.userId, userId), gte(learningTime.day, since)))
    .groupBy(learningTime.day)
    .all();
  const perCourse = db
    .select({
      courseId: learningTime.courseId,
      title: courses.title,
      seconds: sql<number>`sum(${learningTime.seconds})`.mapWith(Number),
    })
    .from(learningTime)
    .innerJoin(courses, eq(courses.id, learningTime.courseId))
    .where(eq(learningTime.userId, userId))
    .groupBy(learningTime.courseId)
    .orderBy(desc(sql`sum(${learningTime.seconds})`), courses.title)
    .all();
  const coursesTime = perCourse.map((row) => ({ courseId: row.courseId, title: row.title, minutes: Math.round(row.seconds / 60) }));
  return {
    weeks: bucketWeeklyMinutes(daily, today),
    courses: coursesTime,
    totalMinutes: coursesTime.reduce((sum, course) => sum + course.minutes, 0),
  };
}
