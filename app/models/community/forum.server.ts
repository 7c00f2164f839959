import { and, asc, count, eq, isNull, ne, or, sql, getTableColumns, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { RateLimiterRes } from "rate-limiter-flexible";
import { sharedLimiter } from "#db/limiter-store.server";
import { db, first, withTransaction, type Tx, single } from "#db/client.server";
import { notifyForumReply, notifyMentions, notifyModeration } from "~/models/notifications/notification-events.server";
import { isoTime } from "#db/dialect.server";
import { activityEvents, forumCategories, forumReplies, forumTopics, subscriptions, users, type User } from "#db/schema";
import { FORMER_MEMBER } from "~/schemas/account";
import { isPremium, premiumSubscriptionCondition, PREMIUM_REQUIRED } from "~/models/billing/membership.server";
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

export async function forumAccess(user: Viewer | null, category: Pick<ForumCategory, "permission">): Promise<ForumAccess> {
  if (!user) return "signin";
  if (category.permission === "advanced" && !(await isPremium(user))) return "premium";
  return "allowed";
}

export const canRead = async (user: Viewer | null, category: Pick<ForumCategory, "permission">) =>
  (await forumAccess(user, category)) === "allowed";

// Reading and posting follow the same rule today; kept apart so pages ask the right question.
export const canPost = async (user: Viewer | null, category: Pick<ForumCategory, "permission">) =>
  (await forumAccess(user, category)) === "allowed";

// ---------------------------------------------------------------- posting rate

// Counted in the database, so the limit holds across processes (db/limiter-store.server.ts).
const postsPerUser = sharedLimiter({ keyPrefix: "forum-posts", points: 10, duration: 60 });

/** One budget for everything a member posts: forum topics and replies, and lesson comments (issue 46). */
export async function consumePost(userId: number): Promise<Refusal | null> {
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
export async function listCategoriesWithCounts() {
  return await db.select().from(forumCategories).orderBy(asc(forumCategories.id));
}
export type CategoryWithCount = ForumCategory;

// The forum's page reads are prepared once, not built by drizzle per request (issue 15).
const categoryById = db.select().from(forumCategories).where(eq(forumCategories.id, sql.placeholder("id"))).prepare();

export async function getCategory(id: number): Promise<CategoryWithCount | null> {
  return await categoryById.get({ id }) ?? null;
}

/** The categories this user may start a topic in. */
export async function listPostableCategories(user: Viewer) {
  const postable: CategoryWithCount[] = [];
  for (const category of await listCategoriesWithCounts()) if (await canPost(user, category)) postable.push(category);
  return postable;
}

export async function createCategory(input: CategoryInput): Promise<ForumCategory> {
  return await single(db.insert(forumCategories).values(input).returning());
}

export async function updateCategory(id: number, input: CategoryInput): Promise<ForumCategory | null> {
  return await first(db.update(forumCategories).set(input).where(eq(forumCategories.id, id)).returning()) ?? null;
}

/**
 * Deleting a category would cascade to every topic and reply in it, so a
 * category is only deleted once it is empty.
 */
export async function deleteCategory(id: number): Promise<Outcome<{ id: number }>> {
  return await withTransaction(async (tx) => {
    const category = await first(tx.select({ id: forumCategories.id }).from(forumCategories).where(eq(forumCategories.id, id)).limit(1));
    if (!category) return refuse(404, CATEGORY_NOT_FOUND);
    const topics = (await first(tx.select({ n: count() }).from(forumTopics).where(eq(forumTopics.categoryId, id)).limit(1)))?.n ?? 0;
    if (topics > 0) {
      return refuse(
        409,
        `This category still has ${topics} ${topics === 1 ? "topic" : "topics"}. Delete or move them before deleting the category.`,
      );
    }
    await tx.delete(forumCategories).where(eq(forumCategories.id, id));
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
  isPinned: number | boolean;
  isLocked: number | boolean;
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
function topicsOfCategory(categoryId: number, limit: number, offset: number): Promise<TopicListRow[]> {
  return db.all<TopicListRow>(sql`
  select t.id as "id", t.title as "title", t.category_id as "categoryId", t.is_pinned as "isPinned", t.is_locked as "isLocked",
    t.reply_count as "replyCount", ${sql.raw(isoTime("t.last_activity_at"))} as "lastActivityAt", ${sql.raw(isoTime("t.created_at"))} as "createdAt",
    a.username as "authorUsername", a.role as "authorRole",
    ${sql.raw(isoTime("lr.created_at"))} as "lastReplyAt", lra.username as "lastReplyUsername"
  from forum_topics t
  left join users a on a.id = t.author_id
  left join forum_replies lr on lr.id = (select max(r.id) from forum_replies r where r.topic_id = t.id)
  left join users lra on lra.id = lr.author_id
  where t.category_id = ${categoryId}
  order by t.is_pinned desc, t.last_activity_at desc, t.id desc
  limit ${limit} offset ${offset}`);
}

export async function listTopicsForCategory(categoryId: number, page = 1, pageSize = TOPIC_PAGE_SIZE) {
  const offset = (Math.max(1, Math.floor(page) || 1) - 1) * pageSize;
  return (await topicsOfCategory(categoryId, pageSize, offset)).map((row) => ({
    id: row.id,
    title: row.title,
    categoryId: row.categoryId,
    isPinned: Boolean(row.isPinned),
    isLocked: Boolean(row.isLocked),
    replyCount: row.replyCount,
    lastActivityAt: row.lastActivityAt,
    createdAt: row.createdAt,
    author: authorOf(row.authorUsername, row.authorRole),
    lastReply: row.lastReplyAt && row.lastReplyUsername ? { author: row.lastReplyUsername, createdAt: row.lastReplyAt } : null,
  }));
}
export type TopicListItem = Awaited<ReturnType<typeof listTopicsForCategory>>[number];

/** The category a topic is in (for access checks), or null. */
export async function topicCategory(topicId: number): Promise<Pick<ForumCategory, "id" | "permission"> | null> {
  return (await findTopic(topicId))?.category ?? null;
}

export const MENTION_SUGGESTIONS = 8;

/**
 * Members whose username starts with `prefix` who may read a category with
 * `permission` (issue 47): what the editors' @ suggests. Never the asker.
 */
export async function suggestMentions(viewer: Viewer, prefix: string, permission: ForumCategory["permission"]) {
  const readers =
    permission === "advanced"
      ? sql`(${users.role} = 'admin' or exists (select 1 from ${subscriptions} where ${subscriptions.userId} = ${users.id} and ${premiumSubscriptionCondition(new Date())}))`
      : sql`true`;
  const pattern = `${prefix.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const rows = await db
    .select({ username: users.username, name: users.name })
    .from(users)
    .where(and(sql`lower(${users.username}) like ${pattern} escape '\\'`, ne(users.id, viewer.id), readers))
    .orderBy(sql`lower(${users.username})`)
    .limit(MENTION_SUGGESTIONS);
  return rows.map((row) => ({ username: row.username, name: row.name?.trim() || null }));
}

export const LATEST_TOPICS = 8;

/**
 * The most recently active topics the member may read (issue 47), for the
 * community home: Premium categories only with Premium; stubs of deleted
 * topics left out.
 */
export async function listLatestTopics(viewer: Viewer, limit = LATEST_TOPICS) {
  const premium = await isPremium(viewer);
  const rows = await db
    .select({
      id: forumTopics.id,
      title: forumTopics.title,
      replyCount: forumTopics.replyCount,
      lastActivityAt: forumTopics.lastActivityAt,
      authorUsername: author.username,
      authorRole: author.role,
      category: { id: forumCategories.id, name: forumCategories.name, color: forumCategories.color },
    })
    .from(forumTopics)
    .innerJoin(forumCategories, eq(forumCategories.id, forumTopics.categoryId))
    .leftJoin(author, eq(author.id, forumTopics.authorId))
    .where(and(isNull(forumTopics.deletedAt), premium ? undefined : eq(forumCategories.permission, "base")))
    .orderBy(sql`${forumTopics.lastActivityAt} desc`, sql`${forumTopics.id} desc`)
    .limit(limit);
  return rows.map(({ authorUsername, authorRole, lastActivityAt, ...row }) => ({ ...row, lastActivityAt: lastActivityAt.toISOString(), author: authorOf(authorUsername, authorRole) }));
}

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

async function findTopic(id: number) {
  const row = await topicById.get({ id });
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
function repliesOfTopic(topicId: number, limit: number, offset: number): Promise<ReplyRow[]> {
  return db.all<ReplyRow>(sql`
  select r.id as "id", r.topic_id as "topicId", r.content as "content", ${sql.raw(isoTime("r.created_at"))} as "createdAt", ${sql.raw(isoTime("r.edited_at"))} as "editedAt",
    r.author_id as "authorId", a.username as "authorUsername", a.role as "authorRole"
  from forum_replies r
  left join users a on a.id = r.author_id
  where r.id in (select id from forum_replies where topic_id = ${topicId} order by id limit ${limit} offset ${offset})
  order by r.id`);
}

/** The topic (with its category, for the access check) and one page of its replies, oldest first. */
export async function getTopicWithReplies(id: number, viewer: Viewer, page = 1, pageSize = DEFAULT_REPLY_PAGE_SIZE) {
  const found = await findTopic(id);
  if (!found) return null;
  const { authorId: topicAuthorId, ...rest } = found;
  const topic = { ...rest, ...postPermissions(viewer, { ...found, authorId: topicAuthorId }) };
  const pageCount = Math.max(1, Math.ceil(topic.replyCount / pageSize));
  const currentPage = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const replies = (await repliesOfTopic(id, pageSize, (currentPage - 1) * pageSize)).map((row) => ({
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
export type TopicWithReplies = NonNullable<Awaited<ReturnType<typeof getTopicWithReplies>>>;

async function recordActivity(tx: Tx, userId: number, type: "forum_topic" | "forum_reply", summary: string) {
  await tx.insert(activityEvents).values({ userId, type, summary: summary.slice(0, 300) });
}

/** Starts a topic as `user` (never as anyone named in a request body). */
export async function createTopic(user: User, input: TopicInput): Promise<Outcome<{ id: number; categoryId: number }>> {
  const category = await getCategory(input.categoryId);
  if (!category) return refuse(404, CATEGORY_NOT_FOUND);
  if (!(await canPost(user, category))) return refuse(403, PREMIUM_REQUIRED);
  const limited = await consumePost(user.id);
  if (limited) return limited;
  const now = new Date();
  const created = await withTransaction(async (tx) => {
    const row = await single(tx
      .insert(forumTopics)
      .values({ categoryId: category.id, authorId: user.id, title: input.title, content: input.content, lastActivityAt: now, createdAt: now })
      .returning({ id: forumTopics.id, categoryId: forumTopics.categoryId }));
    await recordActivity(tx, user.id, "forum_topic", `${user.username} started "${input.title}" in ${category.name}`);
    return row;
  });
  await notifyMentions(input.content, { topicId: created.id, topicTitle: input.title, permission: category.permission }, user);
  return { ok: true, value: created };
}

/** Replies as `user`; refused in a locked topic, counted in the same transaction. */
export async function createReply(
  user: User,
  input: ReplyInput,
): Promise<Outcome<{ id: number; topicId: number; replyNumber: number }>> {
  const topic = await findTopic(input.topicId);
  if (!topic) return refuse(404, TOPIC_NOT_FOUND);
  if (!(await canPost(user, topic.category))) return refuse(403, PREMIUM_REQUIRED);
  if (topic.isLocked) return refuse(409, TOPIC_LOCKED);
  const limited = await consumePost(user.id);
  if (limited) return limited;
  const now = new Date();
  const outcome = await withTransaction(async (tx): Promise<Outcome<{ id: number; topicId: number; replyNumber: number }>> => {
    // Locked between the check above and now? The transaction has the last word.
    const current = await first(tx
      .select({ isLocked: forumTopics.isLocked })
      .from(forumTopics)
      .where(eq(forumTopics.id, topic.id)).limit(1));
    if (!current) return refuse(404, TOPIC_NOT_FOUND);
    if (current.isLocked) return refuse(409, TOPIC_LOCKED);
    const reply = await single(tx
      .insert(forumReplies)
      .values({ topicId: topic.id, authorId: user.id, content: input.content, createdAt: now })
      .returning({ id: forumReplies.id, topicId: forumReplies.topicId }));
    const counted = await first(tx
      .update(forumTopics)
      .set({ replyCount: sql`${forumTopics.replyCount} + 1`, lastActivityAt: now })
      .where(eq(forumTopics.id, topic.id))
      .returning({ replyCount: forumTopics.replyCount }));
    await recordActivity(tx, user.id, "forum_reply", `${user.username} replied to "${topic.title}"`);
    return { ok: true, value: { ...reply, replyNumber: counted?.replyCount ?? 1 } };
  });
  if (outcome.ok) {
    const where = { id: topic.id, title: topic.title, permission: topic.category.permission };
    // The mention first: a member both mentioned and following the topic hears of this reply once.
    const mentioned = await notifyMentions(input.content, { topicId: topic.id, topicTitle: topic.title, permission: where.permission }, user);
    await notifyForumReply(where, user, mentioned);
  }
  return outcome;
}

// ---------------------------------------------------------------- editing and deleting one's own posts

/** The author changes their topic's title and body; it is then marked edited. */
export async function editTopic(user: User, id: number, input: TopicEditInput): Promise<Outcome<{ id: number; editedAt: Date }>> {
  // Checked and written in one transaction, as it was atomic when queries were synchronous.
  return await withTransaction(async (tx): Promise<Outcome<{ id: number; editedAt: Date }>> => {
    const topic = await findTopic(id);
    if (!topic) return refuse(404, TOPIC_NOT_FOUND);
    const refusal = editRefusal(user, topic);
    if (refusal) return refusal;
    if (!(await canPost(user, topic.category))) return refuse(403, PREMIUM_REQUIRED);
    const editedAt = new Date();
    await tx.update(forumTopics).set({ title: input.title, content: input.content, editedAt }).where(eq(forumTopics.id, id));
    return { ok: true, value: { id, editedAt } };
  });
}

async function findReply(id: number) {
  return (
    await first(db
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
      .where(eq(forumReplies.id, id)).limit(1)) ?? null
  );
}

/** The author changes their reply; it is then marked edited. */
export async function editReply(user: User, id: number, input: ReplyEditInput): Promise<Outcome<{ id: number; topicId: number; editedAt: Date }>> {
  // Checked and written in one transaction, as it was atomic when queries were synchronous.
  return await withTransaction(async (tx): Promise<Outcome<{ id: number; topicId: number; editedAt: Date }>> => {
    const reply = await findReply(id);
    if (!reply) return refuse(404, REPLY_NOT_FOUND);
    const refusal = editRefusal(user, reply);
    if (refusal) return refusal;
    if (!(await canPost(user, reply))) return refuse(403, PREMIUM_REQUIRED);
    const editedAt = new Date();
    await tx.update(forumReplies).set({ content: input.content, editedAt }).where(eq(forumReplies.id, id));
    return { ok: true, value: { id, topicId: reply.topicId, editedAt } };
  });
}

/** How a topic left: removed with its replies, or kept as a stub because others had replied. */
export type TopicRemoval = { id: number; categoryId: number; removed: "deleted" | "stub" };

async function repliesFromOthers(tx: Tx, topicId: number, authorId: number | null) {
  // Replies of former members (author null) are someone else's too.
  const others = authorId === null ? undefined : or(ne(forumReplies.authorId, authorId), isNull(forumReplies.authorId));
  return (
    (await first(tx
      .select({ n: count() })
      .from(forumReplies)
      .where(and(eq(forumReplies.topicId, topicId), others)).limit(1)))?.n ?? 0
  );
}

/**
 * The author's delete: a topic others replied to becomes a locked "deleted by
 * author" stub so their replies still read; otherwise it goes, with the
 * author's own replies. An admin's delete of someone else's topic (or of a
 * stub) is moderation and removes it all.
 */
export async function deleteTopicAs(user: Viewer, id: number): Promise<Outcome<TopicRemoval>> {
  return await withTransaction(async (tx): Promise<Outcome<TopicRemoval>> => {
    const topic = await first(tx
      .select({ authorId: forumTopics.authorId, title: forumTopics.title, categoryId: forumTopics.categoryId, isLocked: forumTopics.isLocked, deletedAt: forumTopics.deletedAt })
      .from(forumTopics)
      .where(eq(forumTopics.id, id)).limit(1));
    if (!topic) return refuse(404, TOPIC_NOT_FOUND);
    const own = topic.authorId === user.id;
    if (!postPermissions(user, topic).canDelete) return refuse(own ? 409 : 403, own ? ALREADY_DELETED : ONLY_AUTHOR_DELETES);
    // A moderator's delete of someone else's topic: its author is told.
    if (topic.authorId !== user.id && !topic.deletedAt) await notifyModeration(topic.authorId, "removed", { topicId: null, topicTitle: topic.title }, user.id);
    if (own && !topic.deletedAt && await repliesFromOthers(tx, id, topic.authorId) > 0) {
      await tx.update(forumTopics)
        .set({ title: DELETED_TOPIC_TITLE, content: DELETED_TOPIC_BODY, deletedAt: new Date(), editedAt: null, isLocked: true })
        .where(eq(forumTopics.id, id));
      return { ok: true, value: { id, categoryId: topic.categoryId, removed: "stub" } };
    }
    await tx.delete(forumTopics).where(eq(forumTopics.id, id));
    return { ok: true, value: { id, categoryId: topic.categoryId, removed: "deleted" } };
  });
}

/** What became of a reply's topic: a stub left with no one else's replies goes too. */
export type ReplyRemoval = { id: number; topicId: number; categoryId: number; topicRemoved: boolean };

/**
 * The author (or an admin) deletes a reply outright: replies are flat, with no
 * quoting or threading, so nothing depends on one.
 */
export async function deleteReplyAs(user: Viewer, id: number): Promise<Outcome<ReplyRemoval>> {
  // Checked and removed in one transaction, as it was atomic when queries were synchronous.
  return await withTransaction(async (tx): Promise<Outcome<ReplyRemoval>> => {
    const reply = await findReply(id);
    if (!reply) return refuse(404, REPLY_NOT_FOUND);
    if (!postPermissions(user, reply).canDelete) return refuse(403, ONLY_AUTHOR_DELETES);
    if (reply.authorId !== user.id) await notifyModeration(reply.authorId, "removed", { topicId: reply.topicId, topicTitle: reply.topicTitle }, user.id);
    if (!await removeReply(tx, id)) return refuse(404, REPLY_NOT_FOUND);
    const topic = await first(tx
      .select({ authorId: forumTopics.authorId, categoryId: forumTopics.categoryId, deletedAt: forumTopics.deletedAt })
      .from(forumTopics)
      .where(eq(forumTopics.id, reply.topicId)).limit(1));
    const orphanStub = topic?.deletedAt ? await repliesFromOthers(tx, reply.topicId, topic.authorId) === 0 : false;
    if (orphanStub) await tx.delete(forumTopics).where(eq(forumTopics.id, reply.topicId));
    return { ok: true, value: { id, topicId: reply.topicId, categoryId: topic?.categoryId ?? 0, topicRemoved: orphanStub } };
  });
}

// ---------------------------------------------------------------- moderation

export async function setTopicFlags(id: number, flags: TopicModeration) {
  const changes: Partial<Pick<typeof forumTopics.$inferInsert, "isPinned" | "isLocked">> = {};
  if (flags.isPinned !== undefined) changes.isPinned = flags.isPinned;
  if (flags.isLocked !== undefined) changes.isLocked = flags.isLocked;
  return (
    await first(db
      .update(forumTopics)
      .set(changes)
      .where(eq(forumTopics.id, id))
      .returning({ id: forumTopics.id, categoryId: forumTopics.categoryId, isPinned: forumTopics.isPinned, isLocked: forumTopics.isLocked })) ?? null
  );
}

export const setPinned = async (id: number, isPinned: boolean) => await setTopicFlags(id, { isPinned });
export const setLocked = async (id: number, isLocked: boolean) => await setTopicFlags(id, { isLocked });

/** A moderator deletes a topic and (by cascade) its replies; its author is told. Returns its category, or null when there was none. */
export async function deleteTopic(id: number, moderatorId: number, reason?: string): Promise<{ categoryId: number } | null> {
  const removed = await first(db
    .delete(forumTopics)
    .where(eq(forumTopics.id, id))
    .returning({ categoryId: forumTopics.categoryId, authorId: forumTopics.authorId, title: forumTopics.title, deletedAt: forumTopics.deletedAt }));
  if (!removed) return null;
  if (!removed.deletedAt) await notifyModeration(removed.authorId, "removed", { topicId: null, topicTitle: removed.title }, moderatorId, reason);
  return { categoryId: removed.categoryId };
}

/** A moderator deletes one reply (its author is told), keeping the topic's counter and last activity true. */
export async function deleteReply(id: number, moderatorId: number, reason?: string): Promise<{ topicId: number } | null> {
  // Read with the removal, as it was atomic when queries were synchronous.
  const [reply, removed] = await withTransaction(async (tx) => [await findReply(id), await removeReply(tx, id)] as const);
  if (removed && reply) await notifyModeration(reply.authorId, "removed", { topicId: reply.topicId, topicTitle: reply.topicTitle }, moderatorId, reason);
  return removed;
}

async function removeReply(tx: Tx, id: number): Promise<{ topicId: number } | null> {
  const reply = await first(tx.delete(forumReplies).where(eq(forumReplies.id, id)).returning({ topicId: forumReplies.topicId }));
  if (!reply) return null;
  const latest = await first(tx
    .select({ at: sql<number | null>`max(${forumReplies.createdAt})` })
    .from(forumReplies)
    .where(eq(forumReplies.topicId, reply.topicId)).limit(1));
  await tx.update(forumTopics)
    .set({
      replyCount: sql`case when ${forumTopics.replyCount} > 0 then ${forumTopics.replyCount} - 1 else 0 end`,
      lastActivityAt: latest?.at ? new Date(latest.at) : sql`${forumTopics.createdAt}`,
    })
    .where(eq(forumTopics.id, reply.topicId));
  return reply;
}

// ---------------------------------------------------------------- stats

/** Real figures for the cards the spec had hard-coded. */
export async function forumStats(now = new Date()) {
  // One query, not five: on PostgreSQL each is a round trip (issue 43).
  const counted = (query: SQL) => sql<number>`${query}`.mapWith((value) => Number(value ?? 0));
  const row = await first(
    db
      .select({
        members: counted(sql`sum(case when ${users.role} = 'student' then 1 else 0 end)`),
        moderators: counted(sql`sum(case when ${users.role} = 'admin' then 1 else 0 end)`),
        discussions: counted(sql`(select count(*) from ${forumTopics})`),
        replies: counted(sql`(select count(*) from ${forumReplies})`),
        premium: counted(sql`(select count(*) from ${subscriptions} where ${premiumSubscriptionCondition(now)})`),
      })
      .from(users),
  );
  return { members: row?.members ?? 0, discussions: row?.discussions ?? 0, replies: row?.replies ?? 0, moderators: row?.moderators ?? 0, premium: row?.premium ?? 0 };
}
export type ForumStats = Awaited<ReturnType<typeof forumStats>>;

/** How the JSON API answers a refusal: `{ message }` with its status, and Retry-After when throttled. */
export function refusalResponse(refusal: Refusal) {
  return apiError(
    refusal.status,
    refusal.message,
    undefined,
    refusal.retryAfterSeconds === undefined ? undefined : { headers: { "Retry-After": String(refusal.retryAfterSeconds) } },
  );
}
