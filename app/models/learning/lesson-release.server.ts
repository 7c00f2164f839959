import { and, eq, isNotNull, or, sql } from "drizzle-orm";
import { json } from "@remix-run/node";
import { db, changes, withTransaction } from "#db/client.server";
import { courses, lessonReleaseNotices, lessons, userProgress, users, type User } from "#db/schema";
import { canManageCourse } from "~/models/learning/course-staff.server";
import { hasSchedule, lockedMessage, opensAt, releaseState, type ReleaseSchedule, type ReleaseState } from "~/models/learning/lesson-release";
import { isPremium } from "~/models/billing/membership.server";
import { notify, Recipients } from "~/models/notifications/notifications.server";
import { env } from "~/utils/env.server";
import { formatDayInZone } from "~/utils/time-zone";

// Scheduled release (issue 29) against the database: whose start counts, who
// sees everything, the 403 a locked lesson answers, and the notices sent when
// a lesson opens. The date rule itself is lesson-release.ts.

type Viewer = Pick<User, "id" | "role">;
export type LockedState = Exclude<ReleaseState, { status: "open" }>;

const startedAtOf = db
  .select({ startedAt: userProgress.startedAt })
  .from(userProgress)
  .where(and(eq(userProgress.userId, sql.placeholder("userId")), eq(userProgress.courseId, sql.placeholder("courseId"))))
  .prepare();

/** When the member started the course, or null. */
export async function courseStartedAt(userId: number, courseId: number): Promise<Date | null> {
  return (await startedAtOf.get({ userId, courseId }))?.startedAt ?? null;
}

/**
 * The lesson's state for this viewer: admins and the course's own instructors
 * see everything (open); a member is measured against their own start.
 */
export async function lessonReleaseFor(viewer: Viewer, lesson: ReleaseSchedule & { courseId: number }, now = new Date()): Promise<ReleaseState> {
  if (!hasSchedule(lesson) || (await canManageCourse(viewer, lesson.courseId))) return { status: "open" };
  return releaseState(lesson, await courseStartedAt(viewer.id, lesson.courseId), now);
}

/** A whole course's lessons (an outline) with each one's state for this viewer: one look-up of the start, one of staff. */
export async function withReleaseStates<T extends ReleaseSchedule>(courseId: number, viewer: Viewer, rows: T[], now = new Date()): Promise<Array<T & { release: ReleaseState }>> {
  if (!rows.some(hasSchedule) || (await canManageCourse(viewer, courseId))) return rows.map((row) => ({ ...row, release: { status: "open" } }));
  const startedAt = await courseStartedAt(viewer.id, courseId);
  return rows.map((row) => ({ ...row, release: releaseState(row, startedAt, now) }));
}

export const LESSON_NOT_OPEN = "This lesson is not open yet";

/** The API's words for a locked lesson: `availableAt` is null while it waits for the member to start the course. */
export function lockedLessonBody(state: LockedState) {
  const when = lockedMessage(state, (date) => `${formatDayInZone(date, env.ACADEMY_TIMEZONE)} (${env.ACADEMY_TIMEZONE})`);
  return {
    message: `${LESSON_NOT_OPEN}. ${when}.`,
    availableAt: state.status === "scheduled" ? state.availableAt.toISOString() : null,
  };
}

/** The 403 every reader of a locked lesson's content answers (access.server throws it). */
export function lockedLessonResponse(state: LockedState) {
  return json(lockedLessonBody(state), { status: 403 });
}

const scheduledLessons = db
  .select({ id: lessons.id, courseId: lessons.courseId, releaseAfterDays: lessons.releaseAfterDays, releaseAt: lessons.releaseAt })
  .from(lessons)
  .where(or(isNotNull(lessons.releaseAfterDays), isNotNull(lessons.releaseAt)))
  .prepare();

// Every course a member started, and when (the portal asks on each view).
const startsOf = db
  .select({ courseId: userProgress.courseId, startedAt: userProgress.startedAt })
  .from(userProgress)
  .where(eq(userProgress.userId, sql.placeholder("userId")))
  .prepare();

/**
 * Every lesson not yet open for this viewer, across the academy (the study
 * companion's library leaves their passages out). Only lessons with a schedule
 * are read, so this is small.
 */
export async function listLockedLessonIds(viewer: Viewer, now = new Date()): Promise<number[]> {
  if (viewer.role === "admin") return [];
  const rows = await scheduledLessons.all();
  if (rows.length === 0) return [];
  const starts = new Map((await startsOf.all({ userId: viewer.id })).map((row) => [row.courseId, row.startedAt]));
  const managed = new Map<number, boolean>();
  const manages = async (courseId: number) => {
    let value = managed.get(courseId);
    if (value === undefined) managed.set(courseId, (value = await canManageCourse(viewer, courseId)));
    return value;
  };
  const locked: number[] = [];
  for (const row of rows) {
    if (!(await manages(row.courseId)) && releaseState(row, starts.get(row.courseId) ?? null, now).status !== "open") locked.push(row.id);
  }
  return locked;
}

// Each (member, scheduled lesson) pair of a course the member started that has
// not been told yet. Pairs still waiting are read again at every tick; a pair
// is told once (lesson_release_notices) and never read again.
const untoldPairs = db
  .select({
    userId: userProgress.userId,
    role: users.role,
    startedAt: userProgress.startedAt,
    lessonId: lessons.id,
    courseId: lessons.courseId,
    title: lessons.title,
    releaseAfterDays: lessons.releaseAfterDays,
    releaseAt: lessons.releaseAt,
    isPremium: courses.isPremium,
  })
  .from(lessons)
  .innerJoin(courses, and(eq(courses.id, lessons.courseId), eq(courses.isActive, true)))
  .innerJoin(userProgress, eq(userProgress.courseId, lessons.courseId))
  .innerJoin(users, eq(users.id, userProgress.userId))
  .where(
    and(
      eq(lessons.isActive, true),
      or(isNotNull(lessons.releaseAfterDays), isNotNull(lessons.releaseAt)),
      sql`not exists (select 1 from ${lessonReleaseNotices} n where n.user_id = ${userProgress.userId} and n.lesson_id = ${lessons.id})`,
    ),
  )
  .prepare();

/**
 * Tells each member once that a scheduled lesson has opened for them (the
 * notification scheduler's tick). Only members who started the course and may
 * take it hear of it, and only of a lesson that opened after they started:
 * a lesson already open when they began is no news. Returns how many were told.
 */
export async function sendDueLessonReleases(now = new Date()): Promise<number> {
  let told = 0;
  for (const pair of await untoldPairs.all()) {
    const at = opensAt(pair, pair.startedAt);
    if (at === null || at === "unstarted" || at.getTime() > now.getTime()) continue;
    if (pair.isPremium && !(await isPremium({ id: pair.userId, role: pair.role }, now))) continue;
    const isNews = at.getTime() > pair.startedAt.getTime();
    await withTransaction(async (tx) => {
      // Claimed first: two processes (or a retried tick) cannot both tell.
      const claimed = changes(await tx.insert(lessonReleaseNotices).values({ userId: pair.userId, lessonId: pair.lessonId, createdAt: now }).onConflictDoNothing());
      if (claimed !== 1 || !isNews) return;
      await notify(
        {
          type: "lesson_released",
          title: `A new lesson is open: ${pair.title}`,
          body: null,
          url: `/course/${pair.courseId}/lesson/${pair.lessonId}`,
          recipients: Recipients.one(pair.userId),
        },
        now,
      );
      told += 1;
    });
  }
  return told;
}
