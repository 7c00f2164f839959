import { eq, sql } from "drizzle-orm";
import { db } from "#db/client.server";
import { countTrue } from "#db/dialect.server";
import { courses, userProgress, users } from "#db/schema";

export interface PlatformStats {
  activeMembers: number;
  completedCourses: number;
  activeCourses: number;
  avgCompletion: number;
}

// One statement: on PostgreSQL every query is a round trip (issue 43).
const statsQuery = db
  .select({
    completed: countTrue(userProgress.isCompleted),
    average: sql<number>`coalesce(avg(${userProgress.progressPercentage}), 0)`.mapWith(Number),
    members: sql<number>`(select count(*) from ${users} where ${eq(users.role, "student")})`.mapWith(Number),
    activeCourses: sql<number>`(select count(*) from ${courses} where ${eq(courses.isActive, true)})`.mapWith(Number),
  })
  .from(userProgress)
  .prepare();

/** Real counts: students, completed enrolments, live courses, mean progress (%). */
export async function getPlatformStats(): Promise<PlatformStats> {
  const row = await statsQuery.get();
  return {
    activeMembers: row?.members ?? 0,
    completedCourses: row?.completed ?? 0,
    activeCourses: row?.activeCourses ?? 0,
    avgCompletion: Math.round(row?.average ?? 0),
  };
}
