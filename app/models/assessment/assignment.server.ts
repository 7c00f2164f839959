import { and, asc, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { changes, db, first, withTransaction } from "#db/client.server";
import { isUniqueViolation } from "#db/dialect.server";
import { assignments, assignmentSubmissions, courses, lessons, users, type CriterionScore, type RubricCriterion } from "#db/schema";
import { canManageCourse, managedCourseIds } from "~/models/learning/course-staff.server";
import { completeLessonIfDone, type CompletionResult } from "~/models/learning/progress.server";
import { notify, Recipients } from "~/models/notifications/notifications.server";
import { AssignmentRefusal, gradeReview } from "~/models/assessment/assignment-grading";
import { removeSubmissionFiles, submissionFileKeys } from "~/models/assessment/submission-files.server";
import { MAX_SUBMISSION_TEXT, rubricTotal, type AssignmentInput, type AssignmentKind, type ReviewInput } from "~/schemas/assignment";
import { fileStore } from "~/utils/file-store.server";
import { renderMarkdown } from "~/utils/markdown.server";
import { uploadKey, SUBMISSION_KINDS, type StoredFile } from "~/utils/uploads.server";
import { fromCatalogue } from "~/models/learning/catalogue-cache.server";

// A lesson's assignment (issue 45): practice work a member hands in and a
// person reviews against a rubric. Who may open the lesson is decided by the
// caller through access.server, as for the lesson and its quiz; who reviews
// (admins, the course's instructors) is decided here. A member's view never
// carries another member's work.

export { AssignmentRefusal, gradeReview };

export const SUBMISSION_FOLDER = "submissions";

export const ASSIGNMENT_TEXTS = {
  notFound: "This lesson has no assignment",
  submissionNotFound: "Submission not found",
  waiting: "Your previous version is waiting for review",
  passed: "Your assignment has already passed",
  nothing: "Write your answer or attach a file",
  textNotAccepted: "This assignment takes a file, not text",
  fileNotAccepted: "This assignment takes text, not a file",
  notReviewer: "Only the course's instructors and admins review its assignments",
  alreadyReviewed: "This submission has already been reviewed",
  awaitingReview: "Submissions are waiting for review: review them before removing the assignment",
} as const;

export interface StoredAssignment {
  id: number;
  lessonId: number;
  instructions: string;
  kinds: AssignmentKind[];
  maxFileMb: number;
  rubric: RubricCriterion[];
  passPoints: number;
  required: boolean;
  updatedAt: Date;
}

const assignmentColumns = {
  id: assignments.id,
  lessonId: assignments.lessonId,
  instructions: assignments.instructions,
  kinds: assignments.kinds,
  maxFileMb: assignments.maxFileMb,
  rubric: assignments.rubric,
  passPoints: assignments.passPoints,
  required: assignments.required,
  updatedAt: assignments.updatedAt,
};

const assignmentOfLesson = db.select(assignmentColumns).from(assignments).where(eq(assignments.lessonId, sql.placeholder("lessonId"))).prepare();

export async function getAssignmentForLesson(lessonId: number): Promise<StoredAssignment | undefined> {
  return await fromCatalogue(`assignment:${lessonId}`, () => assignmentOfLesson.get({ lessonId }));
}

/** Creates or replaces the lesson's assignment. Submissions and their reviews stay as they were. */
export async function saveAssignment(lessonId: number, input: AssignmentInput): Promise<StoredAssignment> {
  const now = new Date();
  const values = { instructions: input.instructions, kinds: input.kinds, maxFileMb: input.maxFileMb, rubric: input.rubric, passPoints: input.passPoints, required: input.required, updatedAt: now };
  await db.insert(assignments).values({ lessonId, ...values }).onConflictDoUpdate({ target: assignments.lessonId, set: values });
  const saved = await getAssignmentForLesson(lessonId);
  if (!saved) throw new Error("assignment vanished after saving");
  return saved;
}

/** Removes the assignment with every submission and file; refused (409) while a submission awaits review. */
export async function deleteAssignment(lessonId: number): Promise<boolean> {
  const assignment = await getAssignmentForLesson(lessonId);
  if (!assignment) return false;
  const files = await withTransaction(async (tx) => {
    const waiting = await first(tx.select({ id: assignmentSubmissions.id }).from(assignmentSubmissions).where(and(eq(assignmentSubmissions.assignmentId, assignment.id), eq(assignmentSubmissions.status, "submitted"))).limit(1));
    if (waiting) throw new AssignmentRefusal(409, ASSIGNMENT_TEXTS.awaitingReview);
    const keys = await submissionFileKeys(tx, { assignmentId: assignment.id });
    await tx.delete(assignments).where(eq(assignments.id, assignment.id));
    return keys;
  });
  await removeSubmissionFiles(files);
  return true;
}

/** What anyone who may open the lesson sees of its assignment (and its builder's API answer). */
export function toApiAssignment(assignment: StoredAssignment) {
  return {
    id: assignment.id,
    lessonId: assignment.lessonId,
    instructions: assignment.instructions,
    instructionsHtml: renderMarkdown(assignment.instructions),
    kinds: assignment.kinds,
    maxFileMb: assignment.maxFileMb,
    rubric: assignment.rubric,
    totalPoints: rubricTotal(assignment.rubric),
    passPoints: assignment.passPoints,
    required: assignment.required,
    updatedAt: assignment.updatedAt.toISOString(),
  };
}
export type ApiAssignment = ReturnType<typeof toApiAssignment>;

/** The upload rules for one assignment's file: its size limit, the kinds of file it takes. */
export function submissionUpload(assignment: Pick<StoredAssignment, "maxFileMb" | "kinds">) {
  // A text-only assignment takes no file at all: refused (415) before a byte of it is kept.
  const takesFiles = assignment.kinds.includes("file");
  return {
    field: "file",
    folder: SUBMISSION_FOLDER,
    kinds: takesFiles ? SUBMISSION_KINDS : [],
    kindFromName: true,
    maxBytes: assignment.maxFileMb * 1024 * 1024,
    // Room past the text's own limit, so that limit's clearer message is the one a member reads.
    maxFieldChars: MAX_SUBMISSION_TEXT * 2,
    tooLargeMessage: `The file must be smaller than ${assignment.maxFileMb} MB`,
    wrongTypeMessage: takesFiles ? `Only ${SUBMISSION_KINDS.map((kind) => `.${kind.extension}`).join(", ")} files can be handed in` : ASSIGNMENT_TEXTS.fileNotAccepted,
  };
}

// ---- Submissions -------------------------------------------------------------

const reviewer = sql<string | null>`(select coalesce(nullif(trim(r.name), ''), r.username) from ${users} r where r.id = ${assignmentSubmissions.reviewerId})`;

const submissionColumns = {
  id: assignmentSubmissions.id,
  assignmentId: assignmentSubmissions.assignmentId,
  userId: assignmentSubmissions.userId,
  version: assignmentSubmissions.version,
  status: assignmentSubmissions.status,
  text: assignmentSubmissions.text,
  fileKey: assignmentSubmissions.fileKey,
  fileName: assignmentSubmissions.fileName,
  fileSize: assignmentSubmissions.fileSize,
  fileType: assignmentSubmissions.fileType,
  reviewerId: assignmentSubmissions.reviewerId,
  reviewerName: reviewer,
  scores: assignmentSubmissions.scores,
  totalPoints: assignmentSubmissions.totalPoints,
  feedback: assignmentSubmissions.feedback,
  createdAt: assignmentSubmissions.createdAt,
  reviewedAt: assignmentSubmissions.reviewedAt,
};

type SubmissionRow = {
  id: number;
  assignmentId: number;
  userId: number;
  version: number;
  status: "submitted" | "passed" | "revise";
  text: string | null;
  fileKey: string | null;
  fileName: string | null;
  fileSize: number | null;
  fileType: string | null;
  reviewerId: number | null;
  reviewerName: string | null;
  scores: CriterionScore[] | null;
  totalPoints: number | null;
  feedback: string | null;
  createdAt: Date;
  reviewedAt: Date | null;
};

export function toApiSubmission(row: SubmissionRow) {
  return {
    id: row.id,
    version: row.version,
    status: row.status,
    text: row.text,
    file: row.fileKey ? { name: row.fileName ?? "file", size: row.fileSize ?? 0, type: row.fileType ?? "application/octet-stream", url: `/api/submissions/${row.id}/file` } : null,
    createdAt: row.createdAt.toISOString(),
    review:
      row.status === "submitted" || !row.reviewedAt
        ? null
        : {
            reviewer: row.reviewerId ? { id: row.reviewerId, name: row.reviewerName ?? "Former member" } : null,
            scores: row.scores ?? [],
            totalPoints: row.totalPoints ?? 0,
            feedback: row.feedback ?? "",
            feedbackHtml: renderMarkdown(row.feedback ?? ""),
            reviewedAt: row.reviewedAt.toISOString(),
          },
  };
}
export type ApiSubmission = ReturnType<typeof toApiSubmission>;

const ownSubmissions = db
  .select(submissionColumns)
  .from(assignmentSubmissions)
  .where(and(eq(assignmentSubmissions.assignmentId, sql.placeholder("assignmentId")), eq(assignmentSubmissions.userId, sql.placeholder("userId"))))
  .orderBy(desc(assignmentSubmissions.version))
  .prepare();

/** The member's versions, newest first, with their reviews. */
export async function listOwnSubmissions(assignmentId: number, userId: number): Promise<SubmissionRow[]> {
  return await ownSubmissions.all({ assignmentId, userId });
}

/** Where a member stands: none yet, waiting, needs revision, passed. */
export function standingOf(submissions: readonly Pick<SubmissionRow, "status">[]): "none" | SubmissionRow["status"] {
  return submissions[0]?.status ?? "none";
}

export interface SubmissionContent {
  text?: string;
  file?: StoredFile | null;
}

/** Whether a new version may be handed in now (a cheap check before a file is received). */
export async function assertMaySubmit(assignment: StoredAssignment, userId: number): Promise<void> {
  const latest = (await listOwnSubmissions(assignment.id, userId))[0];
  if (latest?.status === "submitted") throw new AssignmentRefusal(409, ASSIGNMENT_TEXTS.waiting);
  if (latest?.status === "passed") throw new AssignmentRefusal(409, ASSIGNMENT_TEXTS.passed);
}

/**
 * Hands in a new version. The file, if any, was received already (checked by
 * its bytes, within the assignment's limit); a refused submission removes it.
 * Two versions sent at once: the one-waiting index lets one in, the other is a 409.
 */
export async function submitAssignment(
  member: { id: number; username: string; name: string | null },
  found: { lesson: { id: number; title: string; courseId: number }; course: { id: number; title: string } },
  assignment: StoredAssignment,
  content: SubmissionContent,
): Promise<SubmissionRow> {
  const file = content.file ?? null;
  try {
    if (content.text && !assignment.kinds.includes("text")) throw new AssignmentRefusal(415, ASSIGNMENT_TEXTS.textNotAccepted);
    if (file && !assignment.kinds.includes("file")) throw new AssignmentRefusal(415, ASSIGNMENT_TEXTS.fileNotAccepted);
    if (!content.text && !file) throw new AssignmentRefusal(400, ASSIGNMENT_TEXTS.nothing);
    const row = await withTransaction(async (tx) => {
      const latest = await first(tx
        .select({ version: assignmentSubmissions.version, status: assignmentSubmissions.status })
        .from(assignmentSubmissions)
        .where(and(eq(assignmentSubmissions.assignmentId, assignment.id), eq(assignmentSubmissions.userId, member.id)))
        .orderBy(desc(assignmentSubmissions.version))
        .limit(1));
      if (latest?.status === "submitted") throw new AssignmentRefusal(409, ASSIGNMENT_TEXTS.waiting);
      if (latest?.status === "passed") throw new AssignmentRefusal(409, ASSIGNMENT_TEXTS.passed);
      const [inserted] = await tx
        .insert(assignmentSubmissions)
        .values({
          assignmentId: assignment.id,
          userId: member.id,
          version: (latest?.version ?? 0) + 1,
          text: content.text ?? null,
          fileKey: file ? uploadKey(SUBMISSION_FOLDER, file.fileName) : null,
          fileName: file?.originalName ?? null,
          fileSize: file?.size ?? null,
          fileType: file?.contentType ?? null,
          createdAt: new Date(),
        })
        .returning({ id: assignmentSubmissions.id });
      if (!inserted) throw new Error("submission not stored");
      return inserted;
    }).catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new AssignmentRefusal(409, ASSIGNMENT_TEXTS.waiting);
      throw error;
    });
    const saved = await getSubmission(row.id);
    if (!saved) throw new Error("submission vanished after saving");
    await notifyReviewers(member, found, saved);
    return saved;
  } catch (error) {
    if (file) await discardSubmissionFile(file);
    throw error;
  }
}

/** A received file that will not be part of a submission. */
export async function discardSubmissionFile(file: StoredFile): Promise<void> {
  await fileStore.delete(uploadKey(SUBMISSION_FOLDER, file.fileName));
}

const submissionById = db.select(submissionColumns).from(assignmentSubmissions).where(eq(assignmentSubmissions.id, sql.placeholder("id"))).prepare();

async function getSubmission(id: number): Promise<SubmissionRow | undefined> {
  return await submissionById.get({ id });
}

/** A course's reviewers: admins, and the instructors named on it. */
function reviewersOf(courseId: number): SQL {
  return sql`(${users.role} = 'admin' or (${users.role} = 'instructor' and exists (select 1 from course_instructors ci where ci.course_id = ${courseId} and ci.user_id = ${users.id})))`;
}

function memberName(member: { username: string; name: string | null }): string {
  return member.name?.trim() || member.username;
}

async function notifyReviewers(member: { id: number; username: string; name: string | null }, found: { lesson: { id: number; title: string }; course: { id: number; title: string } }, submission: SubmissionRow) {
  await notify({
    type: "assignment_submitted",
    title: `${memberName(member)} handed in “${found.lesson.title}”`,
    body: `Version ${submission.version}, in ${found.course.title}. It waits in the review queue.`,
    // Several hand-ins before a reviewer looks become one unread line per course, which
    // keeps its first address: the course's queue, where the longest waiting is on top.
    url: `/reviews?courseId=${found.course.id}`,
    groupKey: `assignments:${found.course.id}`,
    updated: { title: `{n} assignments to review in ${found.course.title}`, body: `The latest: ${memberName(member)}, “${found.lesson.title}”.` },
    recipients: reviewersOf(found.course.id),
    actorId: member.id,
  });
}

// ---- Reviews -----------------------------------------------------------------

export interface SubmissionContext {
  submission: SubmissionRow;
  assignment: StoredAssignment;
  lesson: { id: number; title: string; courseId: number; order: number; isActive: boolean };
  course: { id: number; title: string; isActive: boolean };
  member: { id: number; username: string; name: string | null; email: string | null };
}

/** A submission with what surrounds it; undefined when it does not exist. */
export async function getSubmissionContext(id: number): Promise<SubmissionContext | undefined> {
  const submission = await getSubmission(id);
  if (!submission) return undefined;
  const row = await first(db
    .select({
      assignment: assignmentColumns,
      lesson: { id: lessons.id, title: lessons.title, courseId: lessons.courseId, order: lessons.order, isActive: lessons.isActive },
      course: { id: courses.id, title: courses.title, isActive: courses.isActive },
      member: { id: users.id, username: users.username, name: users.name, email: users.email },
    })
    .from(assignments)
    .innerJoin(lessons, eq(lessons.id, assignments.lessonId))
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .innerJoin(users, eq(users.id, sql`${submission.userId}`))
    .where(eq(assignments.id, submission.assignmentId))
    .limit(1));
  return row ? { submission, ...row } : undefined;
}

type Viewer = { id: number; role: "student" | "instructor" | "admin" };

export async function isReviewer(viewer: Viewer, courseId: number): Promise<boolean> {
  return await canManageCourse(viewer, courseId);
}

/**
 * A submission for its owner or one of its course's reviewers; 404 for anyone
 * else (a member learns nothing of another's work, not even that it exists).
 */
export async function findSubmissionForViewer(id: number, viewer: Viewer): Promise<(SubmissionContext & { asReviewer: boolean }) | undefined> {
  const context = await getSubmissionContext(id);
  if (!context) return undefined;
  if (await isReviewer(viewer, context.course.id)) return { ...context, asReviewer: true };
  return context.submission.userId === viewer.id ? { ...context, asReviewer: false } : undefined;
}

/**
 * Reviews a submission once: a second review (in parallel too) is a 409. A
 * pass completes the member's lesson where its other gates allow (and so may
 * issue the certificate).
 */
export async function reviewSubmission(reviewerUser: Viewer, id: number, input: ReviewInput): Promise<{ submission: SubmissionRow; completion: CompletionResult | null }> {
  const context = await getSubmissionContext(id);
  if (!context) throw new AssignmentRefusal(404, ASSIGNMENT_TEXTS.submissionNotFound);
  if (!await isReviewer(reviewerUser, context.course.id)) {
    // Its owner, and staff of other courses, are told why; another member learns nothing, not even that it exists.
    const told = context.submission.userId === reviewerUser.id || reviewerUser.role !== "student";
    throw told ? new AssignmentRefusal(403, ASSIGNMENT_TEXTS.notReviewer) : new AssignmentRefusal(404, ASSIGNMENT_TEXTS.submissionNotFound);
  }
  if (context.submission.status !== "submitted") throw new AssignmentRefusal(409, ASSIGNMENT_TEXTS.alreadyReviewed);
  const { scores, total } = gradeReview(context.assignment, input);
  const reviewed = changes(await db
    .update(assignmentSubmissions)
    .set({ status: input.decision, reviewerId: reviewerUser.id, scores, totalPoints: total, feedback: input.feedback || null, reviewedAt: new Date() })
    .where(and(eq(assignmentSubmissions.id, id), eq(assignmentSubmissions.status, "submitted"))));
  if (reviewed === 0) throw new AssignmentRefusal(409, ASSIGNMENT_TEXTS.alreadyReviewed);
  const completion =
    input.decision === "passed" && context.lesson.isActive && context.course.isActive ? await completeLessonIfDone(context.member, context.lesson) : null;
  await notify({
    type: "assignment_reviewed",
    title: input.decision === "passed" ? `Your assignment passed: ${context.lesson.title}` : `Revision requested: ${context.lesson.title}`,
    body: input.decision === "passed" ? `${total} points. Feedback is on the lesson page.` : "Read the feedback on the lesson page and hand in a new version.",
    url: `/course/${context.course.id}/lesson/${context.lesson.id}#assignment`,
    recipients: Recipients.one(context.member.id),
    actorId: reviewerUser.id,
  });
  const submission = await getSubmission(id);
  if (!submission) throw new Error("submission vanished after review");
  return { submission, completion };
}

// ---- The reviewers' queue and the portal ----------------------------------------

export const QUEUE_PAGE_SIZE = 25;

export interface QueueFilter {
  status: "submitted" | "passed" | "revise" | "all";
  courseId?: number;
  page: number;
}

/** The submissions a reviewer may review, oldest first (the longest waiting on top). */
export async function reviewQueue(viewer: Viewer, filter: QueueFilter) {
  const courseIds = await managedCourseIds(viewer);
  if (courseIds && courseIds.length === 0) return { items: [], total: 0, page: filter.page, pageSize: QUEUE_PAGE_SIZE };
  const where = and(
    filter.status === "all" ? undefined : eq(assignmentSubmissions.status, filter.status),
    filter.courseId ? eq(courses.id, filter.courseId) : undefined,
    courseIds ? inArray(courses.id, courseIds) : undefined,
  );
  // One query for the page and its count (counted over the same rows as a subquery).
  const queue = () =>
    db
      .select({
        ...submissionColumns,
        lessonId: lessons.id,
        lessonTitle: lessons.title,
        courseId: courses.id,
        courseTitle: courses.title,
        memberUsername: users.username,
        memberName: users.name,
      })
      .from(assignmentSubmissions)
      .innerJoin(assignments, eq(assignments.id, assignmentSubmissions.assignmentId))
      .innerJoin(lessons, eq(lessons.id, assignments.lessonId))
      .innerJoin(courses, eq(courses.id, lessons.courseId))
      .innerJoin(users, eq(users.id, assignmentSubmissions.userId))
      .where(where);
  const rows = await queue()
    .orderBy(asc(assignmentSubmissions.createdAt), asc(assignmentSubmissions.id))
    .limit(QUEUE_PAGE_SIZE)
    .offset((filter.page - 1) * QUEUE_PAGE_SIZE);
  const [counted] = await db.select({ total: count() }).from(queue().as("queue"));
  return {
    items: rows.map((row) => ({
      ...toApiSubmission(row),
      member: { id: row.userId, username: row.memberUsername, name: memberName({ username: row.memberUsername, name: row.memberName }) },
      lesson: { id: row.lessonId, title: row.lessonTitle },
      course: { id: row.courseId, title: row.courseTitle },
    })),
    total: counted?.total ?? 0,
    page: filter.page,
    pageSize: QUEUE_PAGE_SIZE,
  };
}

/** A member's latest version of an assignment (the one the portal and the gradebook report). */
const LATEST_VERSION = sql`${assignmentSubmissions.version} = (select max(s2.version) from ${assignmentSubmissions} s2 where s2.assignment_id = ${assignmentSubmissions.assignmentId} and s2.user_id = ${assignmentSubmissions.userId})`;

/** The member's latest version of each assignment that is not passed, for the portal ("Waiting for review", "Needs revision"). */
export async function listOpenAssignmentsOf(userId: number) {
  return await db
    .select({
      submissionId: assignmentSubmissions.id,
      status: assignmentSubmissions.status,
      createdAt: assignmentSubmissions.createdAt,
      reviewedAt: assignmentSubmissions.reviewedAt,
      lessonId: lessons.id,
      lessonTitle: lessons.title,
      courseId: courses.id,
      courseTitle: courses.title,
    })
    .from(assignmentSubmissions)
    .innerJoin(assignments, eq(assignments.id, assignmentSubmissions.assignmentId))
    .innerJoin(lessons, eq(lessons.id, assignments.lessonId))
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(and(eq(assignmentSubmissions.userId, userId), inArray(assignmentSubmissions.status, ["submitted", "revise"]), LATEST_VERSION))
    .orderBy(desc(assignmentSubmissions.createdAt));
}

/** Per member and lesson of a course: the latest version's status and points, for the gradebook. */
export async function assignmentGrades(courseId: number) {
  return await db
    .select({
      userId: assignmentSubmissions.userId,
      lessonId: assignments.lessonId,
      status: assignmentSubmissions.status,
      totalPoints: assignmentSubmissions.totalPoints,
      version: assignmentSubmissions.version,
      username: users.username,
      name: users.name,
      email: users.email,
    })
    .from(assignmentSubmissions)
    .innerJoin(assignments, eq(assignments.id, assignmentSubmissions.assignmentId))
    .innerJoin(lessons, eq(lessons.id, assignments.lessonId))
    .innerJoin(users, eq(users.id, assignmentSubmissions.userId))
    .where(and(eq(lessons.courseId, courseId), eq(lessons.isActive, true), LATEST_VERSION));
}

/** The lessons of a course that carry an assignment, in course order, with their rubric's total and pass mark. */
export async function courseAssignments(courseId: number) {
  return await db
    .select({ lessonId: lessons.id, lessonTitle: lessons.title, rubric: assignments.rubric, passPoints: assignments.passPoints, required: assignments.required })
    .from(assignments)
    .innerJoin(lessons, eq(lessons.id, assignments.lessonId))
    .where(and(eq(lessons.courseId, courseId), eq(lessons.isActive, true)))
    .orderBy(asc(lessons.order), asc(lessons.id));
}
