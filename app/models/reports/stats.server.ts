import { count, eq, sql } from "drizzle-orm";
import { db } from "#db/client.server";
import { countTrue } from "#db/dialect.server";
import { courses, userProgress, users } from "#db/schema";

export interface PlatformStats {
  activeMembers: number;
  completedCourses: number;
  activeCourses: number;
  avgCompletion: number;
}

const membersQuery = db.select({ n: count() }).from(users).where(eq(users.role, "student")).prepare();
const activeCoursesQuery = db.select({ n: count() }).from(courses).where(eq(courses.isActive, true)).prepare();
const progressQuery = db
  .select({
    completed: countTrue(userProgress.isCompleted),
    average: sql<number>`coalesce(avg(${userProgress.progressPercentage}), 0)`.mapWith(Number),
  })
  .from(userProgress)
  .prepare();

/** Real counts: students, completed enrolments, live courses, mean progress (%). */
export async function getPlatformStats(): Promise<PlatformStats> {
  const progress = await progressQuery.get();
  return {
    activeMembers: (await membersQuery.get())?.n ?? 0,
    completedCourses: progress?.completed ?? 0,
    activeCourses: (await activeCoursesQuery.get())?.n ?? 0,
    avgCompletion: Math.round(progress?.average ?? 0),
  };
}
