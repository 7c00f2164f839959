import { weekBuckets } from "~/models/reports/analytics.server";
import { listActiveCourses } from "~/models/learning/course.server";
import { listLearningTime, totalLearningTime } from "~/models/learning/learning-time.server";
import { academyDay } from "~/models/learning/progress.server";

// A Premium member's study time (advanced analytics): minutes per week and per
// course, by the same rule as the portal's total (learning-time.server.ts).

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
  /** True when completed lessons without measured time count at their estimate. */
  includesEstimates: boolean;
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

export async function getLearningAnalytics(userId: number, now = new Date()): Promise<LearningAnalytics> {
  const today = academyDay(now);
  const entries = await listLearningTime(userId);
  const titles = new Map((await listActiveCourses()).map((course) => [course.id, course.title]));
  const perCourse = new Map<number, number>();
  for (const entry of entries) perCourse.set(entry.courseId, (perCourse.get(entry.courseId) ?? 0) + entry.seconds);
  const coursesTime = [...perCourse]
    .flatMap(([courseId, seconds]) => {
      const title = titles.get(courseId);
      return title === undefined ? [] : [{ courseId, title, minutes: Math.round(seconds / 60) }];
    })
    .sort((a, b) => b.minutes - a.minutes || a.title.localeCompare(b.title));
  const { estimatedSeconds } = totalLearningTime(entries);
  return {
    weeks: bucketWeeklyMinutes(entries, today),
    courses: coursesTime,
    totalMinutes: coursesTime.reduce((sum, course) => sum + course.minutes, 0),
    includesEstimates: estimatedSeconds > 0,
  };
}
