import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { changes, db, first, withTransaction } from "#db/client.server";
import { isUniqueViolation } from "#db/dialect.server";
import { courseInstructors, lessonCommentReports, lessonComments, lessons, users } from "#db/schema";
import { FORMER_MEMBER } from "~/schemas/account";
import { consumePost, type Refusal } from "~/models/community/forum.server";
import { canManageCourse } from "~/models/learning/course-staff.server";
import { notifyLessonMentions, notifyLessonQuestion, notifyLessonReply } from "~/models/notifications/notification-events.server";
import type { CommentInput } from "~/schemas/lesson-discussion";
import { renderPostMarkdown } from "~/utils/markdown.server";
import { reindexLessonDiscussion } from "~/models/companion/companion-library.server";
import { fromCatalogue } from "~/models/learning/catalogue-cache.server";

// Questions and comments under a lesson (issue 46), with one level of
// replies. Who may open the lesson is decided by the caller through
// access.server (Premium, drip), as for the lesson itself: every function
// here takes the lesson the caller was allowed to open. Moderators of a
// lesson's discussion are the academy's admins and the course's instructors;
// they hide, delete, edit and mark answers. Posting shares the forum's
// per-member budget (consumePost).

export const DISCUSSION_TEXTS = {
  notFound: "Comment not found",
  replyToReply: "Reply to the question itself: replies have no replies of their own",
  otherLesson: "That comment belongs to another lesson",
  parentGone: "The question you replied to is no longer there",
  onlyAuthorEdits: "Only the author or a moderator can edit this comment",
  onlyAuthorDeletes: "Only the author or a moderator can delete this comment",
  onlyAskerMarks: "Only the asker, the course's instructors and admins can mark the answer",
  answerIsAReply: "Only a reply can be marked as the answer",
  hiddenNotEditable: "A moderator removed this comment; it can no longer be edited",
  deletedNotEditable: "This comment was deleted by its author",
  onlyModerators: "Only the course's instructors and admins moderate its discussion",
  alreadyReported: "You have already reported this comment; the moderators will look at it",
  ownReport: "You cannot report your own comment",
} as const;
export const REMOVED_BY_MODERATOR = "removed by a moderator";
export const DELETED_BY_AUTHOR = "deleted by its author";
export const MAX_QUESTIONS_SHOWN = 100;

export class DiscussionRefusal extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 429,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "DiscussionRefusal";
  }
}

function fromForum(refusal: Refusal): DiscussionRefusal {
  return new DiscussionRefusal(refusal.status === 429 ? 429 : 403, refusal.message, refusal.retryAfterSeconds);
}

type Viewer = { id: number; role: "student" | "instructor" | "admin" };
type Member = Viewer & { username: string };
export interface OpenLesson {
  lesson: { id: number; title: string; courseId: number };
  course: { id: number; title: string; isPremium: boolean };
}

// ---- Reading -------------------------------------------------------------------

interface CommentRow {
  id: number;
  parentId: number | null;
  authorId: number | null;
  authorUsername: string | null;
  authorName: string | null;
  authorRole: "student" | "instructor" | "admin" | null;
  authorTeaches: boolean;
  content: string;
  isAnswer: boolean;
  hiddenAt: Date | null;
  deletedAt: Date | null;
  createdAt: Date;
  editedAt: Date | null;
  lastActivityAt: Date;
}

function commentColumns(courseId: number) {
  return {
    id: lessonComments.id,
    parentId: lessonComments.parentId,
    authorId: lessonComments.authorId,
    authorUsername: users.username,
    authorName: users.name,
    authorRole: users.role,
    authorTeaches: sql<boolean>`exists (select 1 from ${courseInstructors} ci where ci.course_id = ${courseId} and ci.user_id = ${lessonComments.authorId})`.mapWith(Boolean),
    content: lessonComments.content,
    isAnswer: lessonComments.isAnswer,
    hiddenAt: lessonComments.hiddenAt,
    deletedAt: lessonComments.deletedAt,
    createdAt: lessonComments.createdAt,
    editedAt: lessonComments.editedAt,
    lastActivityAt: lessonComments.lastActivityAt,
  };
}

/** "instructor" for the course's instructors and admins (shown as "Instructor"), "former" for a deleted account. */
function authorOf(row: Pick<CommentRow, "authorId" | "authorUsername" | "authorName" | "authorRole" | "authorTeaches">) {
  if (row.authorId === null || row.authorUsername === null) return { id: null, name: FORMER_MEMBER, username: null, role: "former" as const };
  const teaches = row.authorRole === "admin" || (row.authorRole === "instructor" && row.authorTeaches);
  return { id: row.authorId, name: row.authorName?.trim() || row.authorUsername, username: row.authorUsername, role: teaches ? ("instructor" as const) : ("member" as const) };
}

/** What a viewer reads of one comment: a hidden one's words only for moderators and its author. */
function toApiComment(row: CommentRow, viewer: Viewer, moderator: boolean, askerId: number | null) {
  const own = row.authorId !== null && row.authorId === viewer.id;
  const hidden = row.hiddenAt !== null;
  const deleted = row.deletedAt !== null;
  const readable = !deleted && (!hidden || moderator || own);
  const content = readable ? row.content : "";
  return {
    id: row.id,
    parentId: row.parentId,
    author: authorOf(row),
    content,
    contentHtml: readable ? renderPostMarkdown(row.content) : "",
    isAnswer: row.isAnswer,
    isHidden: hidden,
    isDeleted: deleted,
    /** What others read instead of a hidden or deleted comment. */
    notice: deleted ? DELETED_BY_AUTHOR : hidden ? REMOVED_BY_MODERATOR : null,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    canEdit: !deleted && ((own && !hidden) || moderator),
    canDelete: !deleted && (own || moderator),
    canModerate: moderator,
    // The asker marks a reply of their question; a moderator any reply.
    canMarkAnswer: row.parentId !== null && !deleted && !hidden && (moderator || (askerId !== null && askerId === viewer.id)),
    canReport: !own && !deleted && !hidden && row.authorId !== null,
  };
}
export type ApiComment = ReturnType<typeof toApiComment> & { replies: ApiComment[] };

/**
 * The lesson's discussion for a viewer who may open the lesson: questions,
 * newest activity first, each with its replies (the answer first, then oldest
 * first), and how many questions are still open.
 */
export async function listDiscussion(open: OpenLesson, viewer: Viewer) {
  const moderator = await canManageCourse(viewer, open.course.id);
  const questions: CommentRow[] = await db
    .select(commentColumns(open.course.id))
    .from(lessonComments)
    .leftJoin(users, eq(users.id, lessonComments.authorId))
    .where(and(eq(lessonComments.lessonId, open.lesson.id), isNull(lessonComments.parentId)))
    .orderBy(desc(lessonComments.lastActivityAt), desc(lessonComments.id))
    .limit(MAX_QUESTIONS_SHOWN);
  const replies: CommentRow[] = questions.length
    ? await db
        .select(commentColumns(open.course.id))
        .from(lessonComments)
        .leftJoin(users, eq(users.id, lessonComments.authorId))
        .where(and(eq(lessonComments.lessonId, open.lesson.id), inArray(lessonComments.parentId, questions.map((question) => question.id))))
        .orderBy(desc(lessonComments.isAnswer), asc(lessonComments.id))
    : [];
  const byParent = new Map<number, CommentRow[]>();
  for (const reply of replies) if (reply.parentId !== null) byParent.set(reply.parentId, [...(byParent.get(reply.parentId) ?? []), reply]);
  const comments: ApiComment[] = questions.map((question) => ({
    ...toApiComment(question, viewer, moderator, question.authorId),
    replies: (byParent.get(question.id) ?? []).map((reply) => ({ ...toApiComment(reply, viewer, moderator, question.authorId), replies: [] })),
  }));
  return { comments, openQuestions: await openQuestionCount(open.lesson.id), canModerate: moderator };
}
export type Discussion = Awaited<ReturnType<typeof listDiscussion>>;

/** A question is open while it stands (not hidden or deleted) and none of its replies is marked the answer. */
const OPEN_QUESTION = sql`${lessonComments.parentId} is null and ${lessonComments.hiddenAt} is null and ${lessonComments.deletedAt} is null
  and not exists (select 1 from lesson_comments a where a.parent_id = ${lessonComments.id} and a.is_answer = true)`;

async function openQuestionCount(lessonId: number): Promise<number> {
  const row = await first(db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(lessonComments).where(and(eq(lessonComments.lessonId, lessonId), OPEN_QUESTION)));
  return row?.n ?? 0;
}

/**
 * Per lesson of a course that has comments: its open questions (the outline's
 * counts) and its standing comments, not hidden or deleted (what "Show the
 * discussion" promises). One query for both.
 */
export function discussionCounts(courseId: number): Promise<Record<number, { open: number; standing: number }>> {
  return fromCatalogue(`discussion-counts:${courseId}`, () => readDiscussionCounts(courseId));
}

async function readDiscussionCounts(courseId: number): Promise<Record<number, { open: number; standing: number }>> {
  const rows = await db
    .select({
      lessonId: lessonComments.lessonId,
      open: sql<number>`sum(case when ${OPEN_QUESTION} then 1 else 0 end)`.mapWith(Number),
      standing: sql<number>`sum(case when ${lessonComments.hiddenAt} is null and ${lessonComments.deletedAt} is null then 1 else 0 end)`.mapWith(Number),
    })
    .from(lessonComments)
    .innerJoin(lessons, eq(lessons.id, lessonComments.lessonId))
    .where(eq(lessons.courseId, courseId))
    .groupBy(lessonComments.lessonId);
  return Object.fromEntries(rows.map(({ lessonId, open, standing }) => [lessonId, { open, standing }]));
}

/** Open questions per lesson of a course, for the lesson outline (lessons without any are left out). */
export async function openQuestionCounts(courseId: number): Promise<Record<number, number>> {
  return Object.fromEntries(Object.entries(await discussionCounts(courseId)).filter(([, counts]) => counts.open > 0).map(([id, counts]) => [id, counts.open]));
}

/** The latest open questions of a course, for its instructors on the course page. */
export async function latestOpenQuestions(courseId: number, limit = 5) {
  const rows = await db
    .select({ id: lessonComments.id, lessonId: lessons.id, lessonTitle: lessons.title, content: lessonComments.content, createdAt: lessonComments.createdAt, authorUsername: users.username, authorName: users.name })
    .from(lessonComments)
    .innerJoin(lessons, eq(lessons.id, lessonComments.lessonId))
    .leftJoin(users, eq(users.id, lessonComments.authorId))
    .where(and(eq(lessons.courseId, courseId), OPEN_QUESTION))
    .orderBy(desc(lessonComments.createdAt), desc(lessonComments.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    lessonId: row.lessonId,
    lessonTitle: row.lessonTitle,
    excerpt: row.content.length > 160 ? `${row.content.slice(0, 157)}…` : row.content,
    author: row.authorUsername ? row.authorName?.trim() || row.authorUsername : FORMER_MEMBER,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** Reported comments of a course that a moderator has not acted on yet. */
export async function listReportedComments(courseId: number) {
  return await db
    .select({
      commentId: lessonComments.id,
      lessonId: lessons.id,
      lessonTitle: lessons.title,
      content: lessonComments.content,
      reports: sql<number>`count(*)`.mapWith(Number),
      latestReason: sql<string>`max(${lessonCommentReports.reason})`,
    })
    .from(lessonCommentReports)
    .innerJoin(lessonComments, eq(lessonComments.id, lessonCommentReports.commentId))
    .innerJoin(lessons, eq(lessons.id, lessonComments.lessonId))
    .where(and(eq(lessons.courseId, courseId), isNull(lessonComments.hiddenAt), isNull(lessonComments.deletedAt)))
    .groupBy(lessonComments.id, lessons.id, lessons.title, lessonComments.content)
    .orderBy(desc(sql`count(*)`));
}

// ---- Writing -------------------------------------------------------------------

interface StoredComment {
  id: number;
  lessonId: number;
  parentId: number | null;
  authorId: number | null;
  content: string;
  isAnswer: boolean;
  hiddenAt: Date | null;
  deletedAt: Date | null;
}

const commentById = db
  .select({
    id: lessonComments.id,
    lessonId: lessonComments.lessonId,
    parentId: lessonComments.parentId,
    authorId: lessonComments.authorId,
    content: lessonComments.content,
    isAnswer: lessonComments.isAnswer,
    hiddenAt: lessonComments.hiddenAt,
    deletedAt: lessonComments.deletedAt,
  })
  .from(lessonComments)
  .where(eq(lessonComments.id, sql.placeholder("id")))
  .prepare();

async function findComment(id: number): Promise<StoredComment | undefined> {
  return await commentById.get({ id });
}

/** The lesson a comment belongs to (for the caller's access check), or undefined. */
export async function lessonOfComment(id: number): Promise<number | undefined> {
  return (await findComment(id))?.lessonId;
}

async function oneComment(open: OpenLesson, viewer: Viewer, id: number): Promise<ApiComment> {
  const row = await first(db
    .select(commentColumns(open.course.id))
    .from(lessonComments)
    .leftJoin(users, eq(users.id, lessonComments.authorId))
    .where(eq(lessonComments.id, id))
    .limit(1));
  if (!row) throw new DiscussionRefusal(404, DISCUSSION_TEXTS.notFound);
  const askerId = row.parentId === null ? row.authorId : ((await findComment(row.parentId))?.authorId ?? null);
  return { ...toApiComment(row, viewer, await canManageCourse(viewer, open.course.id), askerId), replies: [] };
}

/** A question or comment (no parent) or a reply to one; the parent must be a question of the same lesson. */
export async function postComment(member: Member, open: OpenLesson, input: CommentInput): Promise<ApiComment> {
  let parent: StoredComment | undefined;
  if (input.parentId !== undefined) {
    parent = await findComment(input.parentId);
    if (!parent || parent.deletedAt) throw new DiscussionRefusal(400, DISCUSSION_TEXTS.parentGone);
    if (parent.lessonId !== open.lesson.id) throw new DiscussionRefusal(400, DISCUSSION_TEXTS.otherLesson);
    if (parent.parentId !== null) throw new DiscussionRefusal(400, DISCUSSION_TEXTS.replyToReply);
  }
  const limited = await consumePost(member.id);
  if (limited) throw fromForum(limited);
  const now = new Date();
  const created = await withTransaction(async (tx) => {
    const [row] = await tx
      .insert(lessonComments)
      .values({ lessonId: open.lesson.id, parentId: parent?.id ?? null, authorId: member.id, content: input.content, lastActivityAt: now, createdAt: now })
      .returning({ id: lessonComments.id });
    if (!row) throw new Error("comment not stored");
    // A reply brings its question to the top of the discussion.
    if (parent) await tx.update(lessonComments).set({ lastActivityAt: now }).where(eq(lessonComments.id, parent.id));
    return row;
  });
  const mentioned = await notifyLessonMentions(input.content, open, member);
  if (parent) {
    // One event, one notification: an asker who is also mentioned hears of the mention only.
    if (parent.authorId !== null && !mentioned.includes(parent.authorId)) await notifyLessonReply(parent.authorId, open, member);
  } else {
    await notifyLessonQuestion(open, member, mentioned);
  }
  return await oneComment(open, member, created.id);
}

/** The comment, checked to belong to the lesson the caller opened (else 404, as for one that does not exist). */
async function commentOf(open: OpenLesson, id: number): Promise<StoredComment> {
  const comment = await findComment(id);
  if (!comment || comment.lessonId !== open.lesson.id) throw new DiscussionRefusal(404, DISCUSSION_TEXTS.notFound);
  return comment;
}

/** The author (not once a moderator removed it) or a moderator changes the words; marked edited. */
export async function editComment(viewer: Viewer, open: OpenLesson, id: number, content: string): Promise<ApiComment> {
  const comment = await commentOf(open, id);
  const moderator = await canManageCourse(viewer, open.course.id);
  if (comment.deletedAt) throw new DiscussionRefusal(409, DISCUSSION_TEXTS.deletedNotEditable);
  if (!moderator) {
    if (comment.authorId !== viewer.id) throw new DiscussionRefusal(403, DISCUSSION_TEXTS.onlyAuthorEdits);
    if (comment.hiddenAt) throw new DiscussionRefusal(409, DISCUSSION_TEXTS.hiddenNotEditable);
  }
  await db.update(lessonComments).set({ content, editedAt: new Date() }).where(eq(lessonComments.id, id));
  // The companion cites answered questions: it reads the lesson's discussion again.
  await reindexLessonDiscussion(open.lesson.id);
  return await oneComment(open, viewer, id);
}

/**
 * The author or a moderator deletes. A question others replied to stays as
 * "deleted by its author" so the replies still read; anything else goes, a
 * question with its replies.
 */
export async function deleteComment(viewer: Viewer, open: OpenLesson, id: number): Promise<void> {
  const comment = await commentOf(open, id);
  const moderator = await canManageCourse(viewer, open.course.id);
  if (comment.authorId !== viewer.id && !moderator) throw new DiscussionRefusal(403, DISCUSSION_TEXTS.onlyAuthorDeletes);
  if (comment.deletedAt && !moderator) throw new DiscussionRefusal(404, DISCUSSION_TEXTS.notFound);
  await withTransaction(async (tx) => {
    const othersReplied =
      comment.parentId === null &&
      !moderator &&
      (await first(tx
        .select({ id: lessonComments.id })
        .from(lessonComments)
        .where(and(eq(lessonComments.parentId, id), sql`(${lessonComments.authorId} is null or ${lessonComments.authorId} <> ${viewer.id})`))
        .limit(1))) !== undefined;
    if (othersReplied) await tx.update(lessonComments).set({ content: "", deletedAt: new Date() }).where(eq(lessonComments.id, id));
    else await tx.delete(lessonComments).where(eq(lessonComments.id, id));
  });
  await reindexLessonDiscussion(open.lesson.id);
}

/**
 * A moderator hides (or shows again) a comment; its reports are settled either
 * way. A hidden reply loses the answer mark: a removed reply must not answer
 * the question (nor close it in the open-question counts).
 */
export async function hideComment(viewer: Viewer, open: OpenLesson, id: number, hidden: boolean): Promise<ApiComment> {
  await commentOf(open, id);
  if (!await canManageCourse(viewer, open.course.id)) throw new DiscussionRefusal(403, DISCUSSION_TEXTS.onlyModerators);
  await withTransaction(async (tx) => {
    await tx.update(lessonComments).set(hidden ? { hiddenAt: new Date(), hiddenBy: viewer.id, isAnswer: false } : { hiddenAt: null, hiddenBy: null }).where(eq(lessonComments.id, id));
    await tx.delete(lessonCommentReports).where(eq(lessonCommentReports.commentId, id));
  });
  // The companion cites answered questions: it reads the lesson's discussion again.
  await reindexLessonDiscussion(open.lesson.id);
  return await oneComment(open, viewer, id);
}

/**
 * Marks a reply as its question's answer, or unmarks it when it already is
 * (a toggle). One answer per question: marking another moves the mark.
 */
export async function toggleAnswer(viewer: Viewer, open: OpenLesson, id: number): Promise<ApiComment> {
  const reply = await commentOf(open, id);
  if (reply.parentId === null) throw new DiscussionRefusal(400, DISCUSSION_TEXTS.answerIsAReply);
  const question = await findComment(reply.parentId);
  const moderator = await canManageCourse(viewer, open.course.id);
  if (!moderator && question?.authorId !== viewer.id) throw new DiscussionRefusal(403, DISCUSSION_TEXTS.onlyAskerMarks);
  if (reply.deletedAt || reply.hiddenAt) throw new DiscussionRefusal(409, DISCUSSION_TEXTS.hiddenNotEditable);
  await withTransaction(async (tx) => {
    await tx.update(lessonComments).set({ isAnswer: false }).where(and(eq(lessonComments.parentId, reply.parentId ?? 0), eq(lessonComments.isAnswer, true)));
    if (!reply.isAnswer) await tx.update(lessonComments).set({ isAnswer: true }).where(eq(lessonComments.id, id));
  }).catch((error: unknown) => {
    // Two marks at once: the one-answer index keeps one.
    if (isUniqueViolation(error)) throw new DiscussionRefusal(409, "Another answer was marked at the same moment; reload and try again");
    throw error;
  });
  // The companion cites answered questions: it reads the lesson's discussion again.
  await reindexLessonDiscussion(open.lesson.id);
  return await oneComment(open, viewer, id);
}

/** A member tells the moderators about a comment, once. */
export async function reportComment(viewer: Viewer, open: OpenLesson, id: number, reason: string): Promise<void> {
  const comment = await commentOf(open, id);
  if (comment.authorId === viewer.id) throw new DiscussionRefusal(400, DISCUSSION_TEXTS.ownReport);
  const stored = changes(await db.insert(lessonCommentReports).values({ commentId: id, reporterId: viewer.id, reason }).onConflictDoNothing());
  if (stored === 0) throw new DiscussionRefusal(409, DISCUSSION_TEXTS.alreadyReported);
}
