import { and, asc, count, desc, eq, isNotNull, or, sql } from "drizzle-orm";
import { db, first, changes, withTransaction, type Tx, single } from "#db/client.server";
import { inIdList, countTrue } from "#db/dialect.server";
import { activityEvents, assignments, assignmentSubmissions, courses, lessonCompletions, lessons, quizAttempts, quizzes, sectionProgress, userProgress, users, type User } from "#db/schema";
import { issueCertificate, recipientNameFor, toApiCertificate, type Certificate } from "~/models/learning/certificate.server";
import { isReleased } from "~/models/learning/lesson-release";
import { withReleaseStates } from "~/models/learning/lesson-release.server";
import { notifyCertificate } from "~/models/notifications/notification-events.server";
import { env } from "~/utils/env.server";

export type ProgressRecord = typeof userProgress.$inferSelect;

/** The spec's progress record shape. */
export function toApiProgress(record: ProgressRecord) {
  return {
    courseId: record.courseId,
    isCompleted: record.isCompleted,
    progressPercentage: record.progressPercentage,
    startedAt: record.startedAt.toISOString(),
    lastAccessedAt: record.lastAccessedAt.toISOString(),
    completedAt: record.completedAt?.toISOString() ?? null,
  };
}

/** Completed active lessons / active lessons, as a whole percentage. */
export function progressPercentage(completedActive: number, activeLessons: number): number {
  if (activeLessons === 0) return 0;
  return Math.round((Math.min(completedActive, activeLessons) / activeLessons) * 100);
}

async function recomputeOne(tx: Tx, userId: number, courseId: number, now: Date): Promise<ProgressRecord | undefined> {
  const active = (await first(tx
    .select({ n: count() })
    .from(lessons)
    .where(and(eq(lessons.courseId, courseId), eq(lessons.isActive, true))).limit(1)))?.n ?? 0;
  const done = (await first(tx
    .select({ n: count() })
    .from(lessonCompletions)
    .innerJoin(lessons, eq(lessons.id, lessonCompletions.lessonId))
    .where(and(eq(lessonCompletions.userId, userId), eq(lessons.courseId, courseId), eq(lessons.isActive, true))).limit(1)))?.n ?? 0;
  const percentage = progressPercentage(done, active);
  const current = await first(tx
    .select()
    .from(userProgress)
    .where(and(eq(userProgress.userId, userId), eq(userProgress.courseId, courseId))).limit(1));
  if (!current) return undefined;
  // Scheduled release (issue 29): every active lesson is required, so the
  // course is finished (and certified) only once all are released for the
  // member and completed. A lesson still locked cannot be completed (access
  // refuses it), and one locked again after it was completed holds the course
  // open until it opens.
  const scheduled = await tx
    .select({ releaseAfterDays: lessons.releaseAfterDays, releaseAt: lessons.releaseAt })
    .from(lessons)
    .where(and(eq(lessons.courseId, courseId), eq(lessons.isActive, true), or(isNotNull(lessons.releaseAfterDays), isNotNull(lessons.releaseAt))));
  const allReleased = scheduled.every((lesson) => isReleased(lesson, current.startedAt, now));
  const isCompleted = active > 0 && done >= active && allReleased;
  return await first(tx
    .update(userProgress)
    .set({
      progressPercentage: percentage,
      isCompleted,
      // A course stays completed on the day it was first finished.
      completedAt: isCompleted ? (current.completedAt ?? now) : null,
    })
    .where(eq(userProgress.id, current.id))
    .returning());
}

/** Lessons were added, removed or (de)activated: bring every student's figure up to date. */
export async function recomputeCourseProgress(tx: Tx, courseId: number) {
  const learners = await tx.select({ userId: userProgress.userId }).from(userProgress).where(eq(userProgress.courseId, courseId));
  const now = new Date();
  for (const { userId } of learners) await recomputeOne(tx, userId, courseId, now);
}

/** Creates the progress record (idempotent) and marks the course as just accessed. */
export async function startCourse(userId: number, courseId: number): Promise<ProgressRecord> {
  const now = new Date();
  return await withTransaction(async (tx) => {
    const created = await single(tx
      .insert(userProgress)
      .values({ userId, courseId, startedAt: now, lastAccessedAt: now })
      .onConflictDoUpdate({ target: [userProgress.userId, userProgress.courseId], set: { lastAccessedAt: now } })
      .returning());
    if (created.startedAt.getTime() === now.getTime()) {
      // Named by title, like the other course events, so Recent Activity reads as a sentence.
      const member = await first(tx.select({ username: users.username }).from(users).where(eq(users.id, userId)).limit(1));
      const course = await first(tx.select({ title: courses.title }).from(courses).where(eq(courses.id, courseId)).limit(1));
      await tx.insert(activityEvents)
        .values({ userId, type: "course_started", summary: `${member?.username ?? "A member"} started ${course?.title ?? "a course"}` });
    }
    return created;
    // The upsert decides who created the row; the rest only reads rows that do not change.
  }, { isolation: "read committed" });
}

// Read by every course and lesson page: prepared once (issue 15).
const progressOf = db
  .select()
  .from(userProgress)
  .where(and(eq(userProgress.userId, sql.placeholder("userId")), eq(userProgress.courseId, sql.placeholder("courseId"))))
  .prepare();

const completedLessonIds = db
  .select({ id: lessonCompletions.lessonId })
  .from(lessonCompletions)
  .innerJoin(lessons, eq(lessons.id, lessonCompletions.lessonId))
  .where(and(eq(lessonCompletions.userId, sql.placeholder("userId")), eq(lessons.courseId, sql.placeholder("courseId"))))
  .prepare();

const videoPositions = db
  .select({ sectionId: sectionProgress.sectionId, seconds: sectionProgress.positionSeconds })
  .from(sectionProgress)
  .where(
    and(
      eq(sectionProgress.userId, sql.placeholder("userId")),
      inIdList(sectionProgress.sectionId, sql.placeholder("sectionIds")),
    ),
  )
  .prepare();

export async function getProgress(userId: number, courseId: number): Promise<ProgressRecord | undefined> {
  return await progressOf.get({ userId, courseId });
}

export async function listCompletedLessonIds(userId: number, courseId: number): Promise<number[]> {
  return (await completedLessonIds.all({ userId, courseId })).map((row) => row.id);
}

/** A lesson that cannot be completed yet: its quiz is not passed (issue 24). */
export class CompletionRefusal extends Error {
  readonly status = 409;
  constructor(message: string) {
    super(message);
    this.name = "CompletionRefusal";
  }
}

export const QUIZ_REQUIRED = "Pass the quiz to complete this lesson";

// A lesson with a quiz is completed by passing it.
const quizNotPassed = db
  .select({ quizId: quizzes.id })
  .from(quizzes)
  .where(
    and(
      eq(quizzes.lessonId, sql.placeholder("lessonId")),
      sql`not exists (select 1 from ${quizAttempts} where ${quizAttempts.quizId} = ${quizzes.id} and ${quizAttempts.userId} = ${sql.placeholder("userId")} and ${quizAttempts.passed} = true)`,
    ),
  )
  .prepare();

const completionOf = db
  .select({ at: lessonCompletions.completedAt })
  .from(lessonCompletions)
  .where(and(eq(lessonCompletions.userId, sql.placeholder("userId")), eq(lessonCompletions.lessonId, sql.placeholder("lessonId"))))
  .prepare();

/** Whether the member still has to pass this lesson's quiz before it counts as completed. */
export async function mustPassQuiz(userId: number, lessonId: number): Promise<boolean> {
  return !await completionOf.get({ userId, lessonId }) && await quizNotPassed.get({ userId, lessonId }) !== undefined;
}

export const ASSIGNMENT_REQUIRED = "Your assignment must pass review to complete this lesson";

// A lesson whose assignment is required (issue 45) is completed by a passed review.
const assignmentNotPassed = db
  .select({ assignmentId: assignments.id })
  .from(assignments)
  .where(
    and(
      eq(assignments.lessonId, sql.placeholder("lessonId")),
      eq(assignments.required, true),
      sql`not exists (select 1 from ${assignmentSubmissions} where ${assignmentSubmissions.assignmentId} = ${assignments.id} and ${assignmentSubmissions.userId} = ${sql.placeholder("userId")} and ${assignmentSubmissions.status} = 'passed')`,
    ),
  )
  .prepare();

/** Whether the member still needs a passed review of this lesson's assignment before it counts as completed. */
export async function mustPassAssignment(userId: number, lessonId: number): Promise<boolean> {
  return !await completionOf.get({ userId, lessonId }) && await assignmentNotPassed.get({ userId, lessonId }) !== undefined;
}

/** The member's average best score over the quizzes of a course's active lessons they took; null when none. */
async function averageBestScore(tx: Tx, userId: number, courseId: number): Promise<number | null> {
  const best = await tx
    .select({ score: sql<number>`max(${quizAttempts.score})`.mapWith(Number) })
    .from(quizAttempts)
    .innerJoin(quizzes, eq(quizzes.id, quizAttempts.quizId))
    .innerJoin(lessons, eq(lessons.id, quizzes.lessonId))
    .where(and(eq(quizAttempts.userId, userId), eq(lessons.courseId, courseId), eq(lessons.isActive, true)))
    .groupBy(quizAttempts.quizId);
  if (best.length === 0) return null;
  return Math.round(best.reduce((sum, row) => sum + row.score, 0) / best.length);
}

/** A completion as the JSON API answers it (completing a lesson, or passing its quiz). */
export async function toApiCompletion(result: CompletionResult) {
  return {
    progress: toApiProgress(result.progress),
    nextLessonId: result.nextLessonId,
    certificate: result.certificate ? await toApiCertificate(result.certificate) : null,
  };
}

export interface CompletionResult {
  progress: ProgressRecord;
  nextLessonId: number | null;
  certificate: Certificate | null;
}

/**
 * Records a finished lesson (idempotent), updates the course figure, and issues
 * the certificate when the last lesson is done. The lesson must be active and
 * belong to an active course; the caller checks access. A lesson with a quiz
 * the member has not passed is refused (CompletionRefusal, 409).
 */
export async function completeLesson(user: { id: number; username: string; name: string | null }, lesson: { id: number; courseId: number; order: number }): Promise<CompletionResult> {
  const now = new Date();
  const result = await withTransaction(async (tx): Promise<CompletionResult> => {
    // Checked in the transaction, as it was atomic when queries were synchronous.
    if (await mustPassQuiz(user.id, lesson.id)) throw new CompletionRefusal(QUIZ_REQUIRED);
    if (await mustPassAssignment(user.id, lesson.id)) throw new CompletionRefusal(ASSIGNMENT_REQUIRED);
    await tx.insert(userProgress)
      .values({ userId: user.id, courseId: lesson.courseId, startedAt: now, lastAccessedAt: now })
      .onConflictDoUpdate({ target: [userProgress.userId, userProgress.courseId], set: { lastAccessedAt: now } });
    const firstTime =
      changes(await tx.insert(lessonCompletions).values({ userId: user.id, lessonId: lesson.id, completedAt: now }).onConflictDoNothing()) === 1;
    const course = await first(tx.select({ title: courses.title }).from(courses).where(eq(courses.id, lesson.courseId)).limit(1));
    if (firstTime) {
      await tx.insert(activityEvents)
        .values({ userId: user.id, type: "lesson_completed", summary: `${user.username} completed a lesson of ${course?.title ?? "a course"}` });
    }
    const progress = await recomputeOne(tx, user.id, lesson.courseId, now);
    if (!progress) throw new Error("progress record missing");
    let certificate: Certificate | null = null;
    if (progress.isCompleted && course) {
      certificate = await issueCertificate(tx, {
        userId: user.id,
        courseId: lesson.courseId,
        recipientName: await recipientNameFor(tx, user.id),
        courseTitle: course.title,
        averageScore: await averageBestScore(tx, user.id, lesson.courseId),
      });
      if (certificate) {
        await tx.insert(activityEvents)
          .values({ userId: user.id, type: "certificate_issued", summary: `${user.username} earned the certificate for ${course.title}` });
      }
    }
    const next = await first(tx
      .select({ id: lessons.id })
      .from(lessons)
      .where(and(eq(lessons.courseId, lesson.courseId), eq(lessons.isActive, true), sql`(${lessons.order}, ${lessons.id}) > (${lesson.order}, ${lesson.id})`))
      .orderBy(asc(lessons.order), asc(lessons.id))
      .limit(1));
    return { progress, nextLessonId: next?.id ?? null, certificate };
  });
  if (result.certificate) await notifyCertificate(user.id, result.certificate);
  return result;
}

/**
 * After one of a lesson's gates opened (a quiz passed, an assignment passed
 * review): completes the lesson, or null while another gate is still closed.
 */
export async function completeLessonIfDone(user: Parameters<typeof completeLesson>[0], lesson: Parameters<typeof completeLesson>[1]): Promise<CompletionResult | null> {
  try {
    return await completeLesson(user, lesson);
  } catch (error) {
    if (error instanceof CompletionRefusal) return null;
    throw error;
  }
}

export interface ProgressWithCourse extends ProgressRecord {
  courseTitle: string;
  courseDescription: string;
  courseLevel: string;
}

/** A student's progress records, most recently accessed first. */
const progressWithCoursesOf = db
  .select({
    id: userProgress.id,
    userId: userProgress.userId,
    courseId: userProgress.courseId,
    isCompleted: userProgress.isCompleted,
    progressPercentage: userProgress.progressPercentage,
    startedAt: userProgress.startedAt,
    lastAccessedAt: userProgress.lastAccessedAt,
    completedAt: userProgress.completedAt,
    courseTitle: courses.title,
    courseDescription: courses.description,
    courseLevel: courses.level,
  })
  .from(userProgress)
  .innerJoin(courses, eq(courses.id, userProgress.courseId))
  .where(eq(userProgress.userId, sql.placeholder("userId")))
  .orderBy(desc(userProgress.lastAccessedAt))
  .prepare();

export async function listProgressForUser(userId: number): Promise<ProgressWithCourse[]> {
  return await progressWithCoursesOf.all({ userId });
}

export interface EnrolmentCounts {
  enrolled: number;
  completed: number;
}

/** Courses enrolled in and completed, from the member's progress rows (listProgressForUser). */
export function countEnrolments(progress: ReadonlyArray<{ isCompleted: boolean }>): EnrolmentCounts {
  return { enrolled: progress.length, completed: progress.filter((record) => record.isCompleted).length };
}

const dayFormat = new Intl.DateTimeFormat("en-CA", { timeZone: env.ACADEMY_TIMEZONE, year: "numeric", month: "2-digit", day: "2-digit" });
export function academyDay(date: Date): string {
  return dayFormat.format(date);
}

/** Consecutive days with a completed lesson, ending today or yesterday (academy time zone). */
export function streakFromDays(days: Set<string>, today: Date): number {
  const cursor = new Date(today);
  if (!days.has(academyDay(cursor))) cursor.setUTCDate(cursor.getUTCDate() - 1);
  let streak = 0;
  while (days.has(academyDay(cursor))) {
    streak += 1;
    cursor.setUTCDate(cursor.getUTCDate() - 1);
  }
  return streak;
}

/** Remembers where a student stopped in an uploaded video. */
export async function saveVideoPosition(userId: number, sectionId: number, positionSeconds: number) {
  await db.insert(sectionProgress)
    .values({ userId, sectionId, positionSeconds, updatedAt: new Date() })
    .onConflictDoUpdate({ target: [sectionProgress.userId, sectionProgress.sectionId], set: { positionSeconds, updatedAt: new Date() } });
}

export async function getVideoPositions(userId: number, sectionIds: number[]): Promise<Record<number, number>> {
  if (sectionIds.length === 0) return {};
  const rows = await videoPositions.all({ userId, sectionIds: JSON.stringify(sectionIds) });
  return Object.fromEntries(rows.map((r) => [r.sectionId, r.seconds]));
}

/** For the admin's member progress: completed and enrolled counts per member, a page at a time when asked. */
export async function listMemberProgress({ limit, offset = 0 }: { limit?: number; offset?: number } = {}) {
  const query = db
    .select({
      id: users.id,
      username: users.username,
      name: users.name,
      email: users.email,
      joinedAt: users.createdAt,
      enrolled: sql<number>`count(${userProgress.id})`.mapWith(Number),
      completed: countTrue(userProgress.isCompleted),
    })
    .from(users)
    .leftJoin(userProgress, eq(userProgress.userId, users.id))
    .where(eq(users.role, "student"))
    .groupBy(users.id)
    .orderBy(asc(users.username), asc(users.id));
  return limit === undefined ? await query : await query.limit(limit).offset(offset);
}

const activeOutlineOf = db
  .select({ id: lessons.id, releaseAfterDays: lessons.releaseAfterDays, releaseAt: lessons.releaseAt })
  .from(lessons)
  .where(and(eq(lessons.courseId, sql.placeholder("courseId")), eq(lessons.isActive, true)))
  .orderBy(asc(lessons.order), asc(lessons.id))
  .prepare();

/**
 * Where "Continue Learning" goes: the first unfinished active lesson that is
 * open for the member, else the first open lesson; undefined when none is open
 * (the course page then says when they open).
 */
export async function findResumeLesson(viewer: { id: number; role: User["role"] }, courseId: number): Promise<{ id: number } | undefined> {
  const done = new Set(await listCompletedLessonIds(viewer.id, courseId));
  const rows = await activeOutlineOf.all({ courseId });
  const open = (await withReleaseStates(courseId, viewer, rows)).filter((lesson) => lesson.release.status === "open");
  const lesson = open.find((candidate) => !done.has(candidate.id)) ?? open[0];
  return lesson && { id: lesson.id };
}
