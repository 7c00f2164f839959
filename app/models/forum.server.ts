import { and, asc, count, eq, gt, isNull, ne, or, sql, getTableColumns } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { RateLimiterRes } from "rate-limiter-flexible";
import { sharedLimiter } from "#db/limiter-store.server";
import { db } from "#db/client.server";
import { notifyForumReply, notifyMentions, notifyModeration } from "~/models/notification-events.server";
import { isoTime } from "#db/iso-time";
import { activityEvents, forumCategories, forumReplies, forumTopics, subscriptions, users, type User } from "#db/schema";
import { FORMER_MEMBER } from "~/schemas/account";
import { isPremium, PREMIUM_REQUIRED } from "~/models/membership.server";
import { apiError } from "~/utils/api.server";
import {
  TOPIC_LOCKED,
  type CategoryInput,
  type ReplyEditInput,
  type ReplyInput,
  type TopicEditInput,
  type TopicInput,
  type TopicModeration,
} from "~/schemas/forum";

export { TOPIC_LOCKED };

// The forum's rules, once: who may read and post where, how lists are ordered,
// and how the reply counter stays in step with the replies.

export const POSTING_TOO_FAST = "You are posting too quickly. Please wait a minute and try again.";
export const CATEGORY_NOT_FOUND = "Forum category not found";
export const TOPIC_NOT_FOUND = "Discussion not found";
export const REPLY_NOT_FOUND = "Reply not found";
export const ONLY_AUTHOR_EDITS = "Only the author can edit this post.";
export const ONLY_AUTHOR_DELETES = "Only the author or a moderator can delete this post.";
export const LOCKED_NOT_EDITABLE = "This discussion has been locked, so its posts can no longer be edited.";
export const DELETED_NOT_EDITABLE = "This topic was deleted by its author and can no longer be edited.";
export const ALREADY_DELETED = "This topic has already been deleted by its author.";
export const DELETED_TOPIC_TITLE = "Deleted by author";
export const DELETED_TOPIC_BODY = "*The author deleted this topic. The replies are kept so the conversation still reads.*";
export const DEFAULT_REPLY_PAGE_SIZE = 20;
export const TOPIC_PAGE_SIZE = 30;

export type ForumCategory = typeof forumCategories.$inferSelect;
type Viewer = Pick<User, "id" | "role">;
type Tx = Parameters<Parameters<typeof db.transaction>[0]>[0];

/** A refusal the page or the API shows as it is, with its HTTP status. */
export type Refusal = { ok: false; status: 403 | 404 | 409 | 429; message: string; retryAfterSeconds?: number };
export type Outcome<T> = { ok: true; value: T } | Refusal;

const refuse = (status: Refusal["status"], message: string, retryAfterSeconds?: number): Refusal => ({
  ok: false,
  status,
  message,
  ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
});

// ---------------------------------------------------------------- access

/** "signin": visitors see nothing inside the forum; "premium": advanced categories need Premium. */
export type ForumAccess = "allowed" | "signin" | "premium";

export function forumAccess(user: Viewer | null, category: Pick<ForumCategory, "permission">): ForumAccess {
  if (!user) return "signin";
  if (category.permission === "advanced" && !isPremium(user)) return "premium";
  return "allowed";
}

export const canRead = (user: Viewer | null, category: Pick<ForumCategory, "permission">) =>
  forumAccess(user, category) === "allowed";

// Reading and posting follow the same rule today; kept apart so pages ask the right question.
export const canPost = (user: Viewer | null, category: Pick<ForumCategory, "permission">) =>
  forumAccess(user, category) === "allowed";

// ---------------------------------------------------------------- posting rate

// Counted in the database, so the limit holds across processes (db/limiter-store.server.ts).
const postsPerUser = sharedLimiter({ keyPrefix: "forum-posts", points: 10, duration: 60 });

async function consumePost(userId: number): Promise<Refusal | null> {
  try {
    await postsPerUser.consume(String(userId), 1);
    return null;
  } catch (error) {
    const ms = error instanceof RateLimiterRes ? error.msBeforeNext : 60_000;
    return refuse(429, POSTING_TOO_FAST, Math.max(1, Math.ceil(ms / 1000)));
  }
}

// ---------------------------------------------------------------- categories

// Each category's topicCount is kept by triggers (migration 0012), not counted per request.
export function listCategoriesWithCounts() {
  return db.select().from(forumCategories).orderBy(asc(forumCategories.id)).all();
}
export type CategoryWithCount = ForumCategory;

// The forum's page reads are prepared once, not built by drizzle per request (issue 15).
const categoryById = db.select().from(forumCategories).where(eq(forumCategories.id, sql.placeholder("id"))).prepare();

export function getCategory(id: number): CategoryWithCount | null {
  return categoryById.get({ id }) ?? null;
}

/** The categories this user may start a topic in. */
export function listPostableCategories(user: Viewer) {
  return listCategoriesWithCounts().filter((category) => canPost(user, category));
}

export function createCategory(input: CategoryInput): ForumCategory {
  return db.insert(forumCategories).values(input).returning().get();
}

export function updateCategory(id: number, input: CategoryInput): ForumCategory | null {
  return db.update(forumCategories).set(input).where(eq(forumCategories.id, id)).returning().get() ?? null;
}

/**
 * Deleting a category would cascade to every topic and reply in it, so a
 * category is only deleted once it is empty.
 */
export function deleteCategory(id: number): Outcome<{ id: number }> {
  return db.transaction((tx) => {
    const category = tx.select({ id: forumCategories.id }).from(forumCategories).where(eq(forumCategories.id, id)).get();
    if (!category) return refuse(404, CATEGORY_NOT_FOUND);
    const topics = tx.select({ n: count() }).from(forumTopics).where(eq(forumTopics.categoryId, id)).get()?.n ?? 0;
    if (topics > 0) {
      return refuse(
        409,
        `This category still has ${topics} ${topics === 1 ? "topic" : "topics"}. Delete or move them before deleting the category.`,
      );
    }
    tx.delete(forumCategories).where(eq(forumCategories.id, id)).run();
    return { ok: true as const, value: { id } };
  });
}

// ---------------------------------------------------------------- topics

const author = alias(users, "author");

function authorOf(username: string | null, role: string | null) {
  return username === null ? { username: FORMER_MEMBER, role: "former" } : { username, role: role ?? "student" };
}
interface TopicListRow {
  id: number;
  title: string;
  categoryId: number;
  isPinned: number;
  isLocked: number;
  replyCount: number;
  lastActivityAt: string;
  createdAt: string;
  authorUsername: string | null;
  authorRole: string | null;
  lastReplyAt: string | null;
  lastReplyUsername: string | null;
}

/**
 * One page of a category's topics: pinned first, then the most recently
 * active; one query per page. Plain rows with ISO times, ready for JSON:
 * drizzle's row mapping and Dates cost more than the query (issue 15).
 */
const topicsOfCategory = db.$client.prepare<[number, number, number], TopicListRow>(`
  select t.id, t.title, t.category_id as categoryId, t.is_pinned as isPinned, t.is_locked as isLocked,
    t.reply_count as replyCount, ${isoTime("t.last_activity_at")} as lastActivityAt, ${isoTime("t.created_at")} as createdAt,
    a.username as authorUsername, a.role as authorRole,
    ${isoTime("lr.created_at")} as lastReplyAt, lra.username as lastReplyUsername
  from forum_topics t
  left join users a on a.id = t.author_id
  left join forum_replies lr on lr.id = (select max(r.id) from forum_replies r where r.topic_id = t.id)
  left join users lra on lra.id = lr.author_id
  where t.category_id = ?
  order by t.is_pinned desc, t.last_activity_at desc, t.id desc
  limit ? offset ?`);

export function listTopicsForCategory(categoryId: number, page = 1, pageSize = TOPIC_PAGE_SIZE) {
  const offset = (Math.max(1, Math.floor(page) || 1) - 1) * pageSize;
  return topicsOfCategory.all(categoryId, pageSize, offset).map((row) => ({
    id: row.id,
    title: row.title,
    categoryId: row.categoryId,
    isPinned: row.isPinned === 1,
    isLocked: row.isLocked === 1,
    replyCount: row.replyCount,
    lastActivityAt: row.lastActivityAt,
    createdAt: row.createdAt,
    author: authorOf(row.authorUsername, row.authorRole),
    lastReply: row.lastReplyAt && row.lastReplyUsername ? { author: row.lastReplyUsername, createdAt: row.lastReplyAt } : null,
  }));
}
export type TopicListItem = ReturnType<typeof listTopicsForCategory>[number];

const topicById = db
  .select({
    ...getTableColumns(forumTopics),
    authorUsername: author.username,
    authorRole: author.role,
    category: { id: forumCategories.id, name: forumCategories.name, permission: forumCategories.permission, color: forumCategories.color },
  })
  .from(forumTopics)
  .leftJoin(author, eq(author.id, forumTopics.authorId))
  .innerJoin(forumCategories, eq(forumCategories.id, forumTopics.categoryId))
  .where(eq(forumTopics.id, sql.placeholder("id")))
  .prepare();

function findTopic(id: number) {
  const row = topicById.get({ id });
  if (!row) return null;
  const { authorUsername, authorRole, ...topic } = row;
  return { ...topic, author: authorOf(authorUsername, authorRole) };
}

// ---------------------------------------------------------------- who may change a post

interface PostState {
  /** Null once the author deleted their account (the post stays, by 'Former member'). */
  authorId: number | null;
  /** The topic's lock (for a reply: its topic's). */
  isLocked: boolean;
  /** Only topics become stubs; a reply is deleted outright. */
  deletedAt?: Date | null;
}

/**
 * Only the author edits, and not once the topic is locked or the post is a
 * stub. The author deletes their own post; an admin (the forum's moderator)
 * deletes anyone's, and may remove a stub for good.
 */
export function postPermissions(viewer: Viewer, post: PostState) {
  const own = viewer.id === post.authorId;
  const live = !post.deletedAt;
  return { isOwn: own, canEdit: own && live && !post.isLocked, canDelete: (own && live) || viewer.role === "admin" };
}

/** Why `viewer` may not edit `post`, or null when they may. */
export function editRefusal(viewer: Viewer, post: PostState): Refusal | null {
  if (viewer.id !== post.authorId) return refuse(403, ONLY_AUTHOR_EDITS);
  if (post.deletedAt) return refuse(409, DELETED_NOT_EDITABLE);
  if (post.isLocked) return refuse(409, LOCKED_NOT_EDITABLE);
  return null;
}

interface ReplyRow {
  id: number;
  topicId: number;
  content: string;
  createdAt: string;
  editedAt: string | null;
  authorId: number | null;
  authorUsername: string | null;
  authorRole: string | null;
}

// Plain rows with ISO times, like the topic list above. The page's ids are
// found on the (topic_id, id) index alone, so a late page skips index entries
// rather than whole rows with their authors.
const repliesOfTopic = db.$client.prepare<[number, number, number], ReplyRow>(`
  select r.id, r.topic_id as topicId, r.content, ${isoTime("r.created_at")} as createdAt, ${isoTime("r.edited_at")} as editedAt,
    r.author_id as authorId, a.username as authorUsername, a.role as authorRole
  from forum_replies r
  left join users a on a.id = r.author_id
  where r.id in (select id from forum_replies where topic_id = ? order by id limit ? offset ?)
  order by r.id`);

/** The topic (with its category, for the access check) and one page of its replies, oldest first. */
export function getTopicWithReplies(id: number, viewer: Viewer, page = 1, pageSize = DEFAULT_REPLY_PAGE_SIZE) {
  const found = findTopic(id);
  if (!found) return null;
  const { authorId: topicAuthorId, ...rest } = found;
  const topic = { ...rest, ...postPermissions(viewer, { ...found, authorId: topicAuthorId }) };
  const pageCount = Math.max(1, Math.ceil(topic.replyCount / pageSize));
  const currentPage = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const replies = repliesOfTopic.all(id, pageSize, (currentPage - 1) * pageSize).map((row) => ({
    id: row.id,
    topicId: row.topicId,
    content: row.content,
    createdAt: row.createdAt,
    editedAt: row.editedAt,
    author: authorOf(row.authorUsername, row.authorRole),
    ...postPermissions(viewer, { authorId: row.authorId, isLocked: found.isLocked }),
  }));
  return {
    topic,
    replies,
    pagination: { page: currentPage, pageSize, pageCount, totalReplies: topic.replyCount, firstNumber: (currentPage - 1) * pageSize + 1 },
  };
}
export type TopicWithReplies = NonNullable<ReturnType<typeof getTopicWithReplies>>;

function recordActivity(tx: Tx, userId: number, type: "forum_topic" | "forum_reply", summary: string) {
  tx.insert(activityEvents).values({ userId, type, summary: summary.slice(0, 300) }).run();
}

/** Starts a topic as `user` (never as anyone named in a request body). */
export async function createTopic(user: User, input: TopicInput): Promise<Outcome<{ id: number; categoryId: number }>> {
  const category = getCategory(input.categoryId);
  if (!category) return refuse(404, CATEGORY_NOT_FOUND);
  if (!canPost(user, category)) return refuse(403, PREMIUM_REQUIRED);
  const limited = await consumePost(user.id);
  if (limited) return limited;
  const now = new Date();
  const created = db.transaction((tx) => {
    const row = tx
      .insert(forumTopics)
      .values({ categoryId: category.id, authorId: user.id, title: input.title, content: input.content, lastActivityAt: now, createdAt: now })
      .returning({ id: forumTopics.id, categoryId: forumTopics.categoryId })
      .get();
    recordActivity(tx, user.id, "forum_topic", `${user.username} started "${input.title}" in ${category.name}`);
    return row;
  });
  notifyMentions(input.content, { topicId: created.id, topicTitle: input.title, permission: category.permission }, user);
  return { ok: true, value: created };
}

/** Replies as `user`; refused in a locked topic, counted in the same transaction. */
export async function createReply(
  user: User,
  input: ReplyInput,
): Promise<Outcome<{ id: number; topicId: number; replyNumber: number }>> {
  const topic = findTopic(input.topicId);
  if (!topic) return refuse(404, TOPIC_NOT_FOUND);
  if (!canPost(user, topic.category)) return refuse(403, PREMIUM_REQUIRED);
  if (topic.isLocked) return refuse(409, TOPIC_LOCKED);
  const limited = await consumePost(user.id);
  if (limited) return limited;
  const now = new Date();
  const outcome = db.transaction((tx): Outcome<{ id: number; topicId: number; replyNumber: number }> => {
    // Locked between the check above and now? The transaction has the last word.
    const current = tx
      .select({ isLocked: forumTopics.isLocked })
      .from(forumTopics)
      .where(eq(forumTopics.id, topic.id))
      .get();
    if (!current) return refuse(404, TOPIC_NOT_FOUND);
    if (current.isLocked) return refuse(409, TOPIC_LOCKED);
    const reply = tx
      .insert(forumReplies)
      .values({ topicId: topic.id, authorId: user.id, content: input.content, createdAt: now })
      .returning({ id: forumReplies.id, topicId: forumReplies.topicId })
      .get();
    const counted = tx
      .update(forumTopics)
      .set({ replyCount: sql`${forumTopics.replyCount} + 1`, lastActivityAt: now })
      .where(eq(forumTopics.id, topic.id))
      .returning({ replyCount: forumTopics.replyCount })
      .get();
    recordActivity(tx, user.id, "forum_reply", `${user.username} replied to "${topic.title}"`);
    return { ok: true, value: { ...reply, replyNumber: counted?.replyCount ?? 1 } };
  });
  if (outcome.ok) {
    const where = { id: topic.id, title: topic.title, permission: topic.category.permission };
    notifyForumReply(where, user);
    notifyMentions(input.content, { topicId: topic.id, topicTitle: topic.title, permission: where.permission }, user);
  }
  return outcome;
}

// ---------------------------------------------------------------- editing and deleting one's own posts

/** The author changes their topic's title and body; it is then marked edited. */
export function editTopic(user: User, id: number, input: TopicEditInput): Outcome<{ id: number; editedAt: Date }> {
  const topic = findTopic(id);
  if (!topic) return refuse(404, TOPIC_NOT_FOUND);
  const refusal = editRefusal(user, topic);
  if (refusal) return refusal;
  if (!canPost(user, topic.category)) return refuse(403, PREMIUM_REQUIRED);
  const editedAt = new Date();
  db.update(forumTopics).set({ title: input.title, content: input.content, editedAt }).where(eq(forumTopics.id, id)).run();
  return { ok: true, value: { id, editedAt } };
}

function findReply(id: number) {
  return (
    db
      .select({
        id: forumReplies.id,
        topicId: forumReplies.topicId,
        topicTitle: forumTopics.title,
        authorId: forumReplies.authorId,
        isLocked: forumTopics.isLocked,
        permission: forumCategories.permission,
      })
      .from(forumReplies)
      .innerJoin(forumTopics, eq(forumTopics.id, forumReplies.topicId))
      .innerJoin(forumCategories, eq(forumCategories.id, forumTopics.categoryId))
      .where(eq(forumReplies.id, id))
      .get() ?? null
  );
}

/** The author changes their reply; it is then marked edited. */
export function editReply(user: User, id: number, input: ReplyEditInput): Outcome<{ id: number; topicId: number; editedAt: Date }> {
  const reply = findReply(id);
  if (!reply) return refuse(404, REPLY_NOT_FOUND);
  const refusal = editRefusal(user, reply);
  if (refusal) return refusal;
  if (!canPost(user, reply)) return refuse(403, PREMIUM_REQUIRED);
  const editedAt = new Date();
  db.update(forumReplies).set({ content: input.content, editedAt }).where(eq(forumReplies.id, id)).run();
  return { ok: true, value: { id, topicId: reply.topicId, editedAt } };
}

/** How a topic left: removed with its replies, or kept as a stub because others had replied. */
export type TopicRemoval = { id: number; categoryId: number; removed: "deleted" | "stub" };

function repliesFromOthers(tx: Tx, topicId: number, authorId: number | null) {
  // Replies of former members (author null) are someone else's too.
  const others = authorId === null ? undefined : or(ne(forumReplies.authorId, authorId), isNull(forumReplies.authorId));
  return (
    tx
      .select({ n: count() })
      .from(forumReplies)
      .where(and(eq(forumReplies.topicId, topicId), others))
      .get()?.n ?? 0
  );
}

/**
 * The author's delete: a topic others replied to becomes a locked "deleted by
 * author" stub so their replies still read; otherwise it goes, with the
 * author's own replies. An admin's delete of someone else's topic (or of a
 * stub) is moderation and removes it all.
 */
export function deleteTopicAs(user: Viewer, id: number): Outcome<TopicRemoval> {
  return db.transaction((tx): Outcome<TopicRemoval> => {
    const topic = tx
      .select({ authorId: forumTopics.authorId, title: forumTopics.title, categoryId: forumTopics.categoryId, isLocked: forumTopics.isLocked, deletedAt: forumTopics.deletedAt })
      .from(forumTopics)
      .where(eq(forumTopics.id, id))
      .get();
    if (!topic) return refuse(404, TOPIC_NOT_FOUND);
    const own = topic.authorId === user.id;
    if (!postPermissions(user, topic).canDelete) return refuse(own ? 409 : 403, own ? ALREADY_DELETED : ONLY_AUTHOR_DELETES);
    // A moderator's delete of someone else's topic: its author is told.
    if (topic.authorId !== user.id && !topic.deletedAt) notifyModeration(topic.authorId, "removed", { topicId: null, topicTitle: topic.title }, user.id);
    if (own && !topic.deletedAt && repliesFromOthers(tx, id, topic.authorId) > 0) {
      tx.update(forumTopics)
        .set({ title: DELETED_TOPIC_TITLE, content: DELETED_TOPIC_BODY, deletedAt: new Date(), editedAt: null, isLocked: true })
        .where(eq(forumTopics.id, id))
        .run();
      return { ok: true, value: { id, categoryId: topic.categoryId, removed: "stub" } };
    }
    tx.delete(forumTopics).where(eq(forumTopics.id, id)).run();
    return { ok: true, value: { id, categoryId: topic.categoryId, removed: "deleted" } };
  });
}

/** What became of a reply's topic: a stub left with no one else's replies goes too. */
export type ReplyRemoval = { id: number; topicId: number; categoryId: number; topicRemoved: boolean };

/**
 * The author (or an admin) deletes a reply outright: replies are flat, with no
 * quoting or threading, so nothing depends on one.
 */
export function deleteReplyAs(user: Viewer, id: number): Outcome<ReplyRemoval> {
  const reply = findReply(id);
  if (!reply) return refuse(404, REPLY_NOT_FOUND);
  if (!postPermissions(user, reply).canDelete) return refuse(403, ONLY_AUTHOR_DELETES);
  if (reply.authorId !== user.id) notifyModeration(reply.authorId, "removed", { topicId: reply.topicId, topicTitle: reply.topicTitle }, user.id);
  return db.transaction((tx): Outcome<ReplyRemoval> => {
    if (!removeReply(tx, id)) return refuse(404, REPLY_NOT_FOUND);
    const topic = tx
      .select({ authorId: forumTopics.authorId, categoryId: forumTopics.categoryId, deletedAt: forumTopics.deletedAt })
      .from(forumTopics)
      .where(eq(forumTopics.id, reply.topicId))
      .get();
    const orphanStub = topic?.deletedAt ? repliesFromOthers(tx, reply.topicId, topic.authorId) === 0 : false;
    if (orphanStub) tx.delete(forumTopics).where(eq(forumTopics.id, reply.topicId)).run();
    return { ok: true, value: { id, topicId: reply.topicId, categoryId: topic?.categoryId ?? 0, topicRemoved: orphanStub } };
  });
}

// ---------------------------------------------------------------- moderation

export function setTopicFlags(id: number, flags: TopicModeration) {
  const changes: Partial<Pick<typeof forumTopics.$inferInsert, "isPinned" | "isLocked">> = {};
  if (flags.isPinned !== undefined) changes.isPinned = flags.isPinned;
  if (flags.isLocked !== undefined) changes.isLocked = flags.isLocked;
  return (
    db
      .update(forumTopics)
      .set(changes)
      .where(eq(forumTopics.id, id))
      .returning({ id: forumTopics.id, categoryId: forumTopics.categoryId, isPinned: forumTopics.isPinned, isLocked: forumTopics.isLocked })
      .get() ?? null
  );
}

export const setPinned = (id: number, isPinned: boolean) => setTopicFlags(id, { isPinned });
export const setLocked = (id: number, isLocked: boolean) => setTopicFlags(id, { isLocked });

/** A moderator deletes a topic and (by cascade) its replies; its author is told. Returns its category, or null when there was none. */
export function deleteTopic(id: number, moderatorId: number, reason?: string): { categoryId: number } | null {
  const removed = db
    .delete(forumTopics)
    .where(eq(forumTopics.id, id))
    .returning({ categoryId: forumTopics.categoryId, authorId: forumTopics.authorId, title: forumTopics.title, deletedAt: forumTopics.deletedAt })
    .get();
  if (!removed) return null;
  if (!removed.deletedAt) notifyModeration(removed.authorId, "removed", { topicId: null, topicTitle: removed.title }, moderatorId, reason);
  return { categoryId: removed.categoryId };
}

/** A moderator deletes one reply (its author is told), keeping the topic's counter and last activity true. */
export function deleteReply(id: number, moderatorId: number, reason?: string): { topicId: number } | null {
  const reply = findReply(id);
  const removed = db.transaction((tx) => removeReply(tx, id));
  if (removed && reply) notifyModeration(reply.authorId, "removed", { topicId: reply.topicId, topicTitle: reply.topicTitle }, moderatorId, reason);
  return removed;
}

function removeReply(tx: Tx, id: number): { topicId: number } | null {
  const reply = tx.delete(forumReplies).where(eq(forumReplies.id, id)).returning({ topicId: forumReplies.topicId }).get();
  if (!reply) return null;
  const latest = tx
    .select({ at: sql<number | null>`max(${forumReplies.createdAt})` })
    .from(forumReplies)
    .where(eq(forumReplies.topicId, reply.topicId))
    .get();
  tx.update(forumTopics)
    .set({
      replyCount: sql`max(${forumTopics.replyCount} - 1, 0)`,
      lastActivityAt: latest?.at ? new Date(latest.at) : sql`${forumTopics.createdAt}`,
    })
    .where(eq(forumTopics.id, reply.topicId))
    .run();
  return reply;
}

// ---------------------------------------------------------------- stats

/** Real figures for the cards the spec had hard-coded. */
export function forumStats(now = new Date()) {
  const roleCounts = db.select({ role: users.role, n: count() }).from(users).groupBy(users.role).all();
  const byRole = (role: User["role"]) => roleCounts.find((row) => row.role === role)?.n ?? 0;
  const discussions = db.select({ n: count() }).from(forumTopics).get()?.n ?? 0;
  const replies = db.select({ n: count() }).from(forumReplies).get()?.n ?? 0;
  const premium =
    db
      .select({ n: count() })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.plan, "premium"),
          eq(subscriptions.status, "active"),
          or(isNull(subscriptions.currentPeriodEnd), gt(subscriptions.currentPeriodEnd, now)),
        ),
      )
      .get()?.n ?? 0;
  return { members: byRole("student"), discussions, replies, moderators: byRole("admin"), premium };
}
export type ForumStats = ReturnType<typeof forumStats>;

/** How the JSON API answers a refusal: `{ message }` with its status, and Retry-After when throttled. */
export function refusalResponse(refusal: Refusal) {
  return apiError(
    refusal.status,
    refusal.message,
    undefined,
    refusal.retryAfterSeconds === undefined ? undefined : { headers: { "Retry-After": String(refusal.retryAfterSeconds) } },
  );
}
