import { and, eq, sql } from "drizzle-orm";
import { db, first, withTransaction } from "#db/client.server";
import { learningHeartbeats, learningTime, lessonCompletions, lessons, userProgress } from "#db/schema";
import { academyDay, streakFromDays } from "~/models/learning/progress.server";
import { HEARTBEAT_MAX_SECONDS } from "~/schemas/learning-time";

// Learning time is measured: a lesson page with JavaScript sends heartbeats of
// active seconds, and the server credits them against the member's own clock so
// that credited intervals never overlap (two tabs, a replayed request or a lying
// client cannot add more than the wall time that passed). A completed lesson with
// no measured time at all (studied with JavaScript off, or before measuring began)
// counts at its estimated length instead, and is reported as estimated.

export interface HeartbeatCredit {
  /** Seconds added to the member's learning time. */
  seconds: number;
  /** The new end of the member's credited time. */
  creditedUntil: number;
}

/**
 * The capping rule. A claim covers at most HEARTBEAT_MAX_SECONDS ending now, and
 * never reaches back before the end of the last credited interval; when the wall
 * clock is what limits it, the unused fraction of a second carries over.
 */
export function creditHeartbeat(claimedSeconds: number, nowMs: number, creditedUntilMs: number | null): HeartbeatCredit {
  const claim = Math.max(0, Math.min(Math.floor(claimedSeconds), HEARTBEAT_MAX_SECONDS));
  if (creditedUntilMs === null || creditedUntilMs <= nowMs - claim * 1000) {
    return { seconds: claim, creditedUntil: nowMs };
  }
  const wallSeconds = Math.max(0, Math.floor((nowMs - creditedUntilMs) / 1000));
  return { seconds: wallSeconds, creditedUntil: creditedUntilMs + wallSeconds * 1000 };
}

/** Credits one heartbeat for a lesson the caller has checked the member may open. */
export async function recordLearningTime(userId: number, lesson: { id: number; courseId: number }, claimedSeconds: number, now = new Date()): Promise<HeartbeatCredit> {
  return await withTransaction(async (tx) => {
    const clock = await first(tx.select().from(learningHeartbeats).where(eq(learningHeartbeats.userId, userId)).limit(1));
    const credit = creditHeartbeat(claimedSeconds, now.getTime(), clock?.creditedUntil.getTime() ?? null);
    const creditedUntil = new Date(credit.creditedUntil);
    await tx.insert(learningHeartbeats)
      .values({ userId, creditedUntil })
      .onConflictDoUpdate({ target: learningHeartbeats.userId, set: { creditedUntil } });
    if (credit.seconds > 0) {
      await tx.insert(learningTime)
        .values({ userId, lessonId: lesson.id, courseId: lesson.courseId, day: academyDay(now), seconds: credit.seconds })
        .onConflictDoUpdate({
          target: [learningTime.userId, learningTime.lessonId, learningTime.day],
          set: { seconds: sql`${learningTime.seconds} + ${credit.seconds}` },
        });
      // Studying counts as activity: the portal lists the course among the most recent.
      await tx.update(userProgress)
        .set({ lastAccessedAt: now })
        .where(and(eq(userProgress.userId, userId), eq(userProgress.courseId, lesson.courseId)));
    }
    return credit;
  });
}

/** One day's study of one course: measured, or the estimate of lessons completed that day without measurement. */
export interface LearningTimeEntry {
  day: string;
  courseId: number;
  seconds: number;
  estimated: boolean;
}

/** Every entry of a member's learning time, measured and estimated, by day and course. */
// Both read for the learner's progress page: prepared once (issue 15).
const measuredTimeOf = db
  .select({ day: learningTime.day, courseId: learningTime.courseId, seconds: sql<number>`sum(${learningTime.seconds})`.mapWith(Number) })
  .from(learningTime)
  .where(eq(learningTime.userId, sql.placeholder("userId")))
  .groupBy(learningTime.day, learningTime.courseId)
  .prepare();

// Every lesson the member completed, and whether any of its time was measured:
// the estimate counts the unmeasured ones, the portal's streak all of them.
const completionsOf = db
  .select({
    courseId: lessons.courseId,
    completedAt: lessonCompletions.completedAt,
    minutes: lessons.estimatedMinutes,
    measured: sql<boolean>`exists (select 1 from ${learningTime} where ${learningTime.userId} = ${lessonCompletions.userId} and ${learningTime.lessonId} = ${lessonCompletions.lessonId})`.mapWith(Boolean),
  })
  .from(lessonCompletions)
  .innerJoin(lessons, eq(lessons.id, lessonCompletions.lessonId))
  .where(eq(lessonCompletions.userId, sql.placeholder("userId")))
  .prepare();

type Completion = Awaited<ReturnType<typeof completionsOf.all>>[number];

function learningTimeEntries(measured: Array<{ day: string; courseId: number; seconds: number }>, completions: Completion[]): LearningTimeEntry[] {
  const estimated = completions
    .filter((row) => !row.measured)
    .map((row) => ({ day: academyDay(row.completedAt), courseId: row.courseId, seconds: row.minutes * 60, estimated: true }));
  return [...measured.map((row) => ({ ...row, estimated: false })), ...estimated];
}

export async function listLearningTime(userId: number): Promise<LearningTimeEntry[]> {
  return learningTimeEntries(await measuredTimeOf.all({ userId }), await completionsOf.all({ userId }));
}

export interface LearningTimeTotal {
  measuredSeconds: number;
  estimatedSeconds: number;
}

export function totalLearningTime(entries: LearningTimeEntry[]): LearningTimeTotal {
  let measuredSeconds = 0;
  let estimatedSeconds = 0;
  for (const entry of entries) {
    if (entry.estimated) estimatedSeconds += entry.seconds;
    else measuredSeconds += entry.seconds;
  }
  return { measuredSeconds, estimatedSeconds };
}

export async function getLearningTimeTotal(userId: number): Promise<LearningTimeTotal> {
  return totalLearningTime(await listLearningTime(userId));
}

/** The portal's figures: learning time and the current streak, from the same two reads. */
export async function getStudySummary(userId: number, now = new Date()): Promise<{ learningTime: LearningTimeTotal; streak: number }> {
  const completions = await completionsOf.all({ userId });
  return {
    learningTime: totalLearningTime(learningTimeEntries(await measuredTimeOf.all({ userId }), completions)),
    streak: streakFromDays(new Set(completions.map((row) => academyDay(row.completedAt))), now),
  };
}
