import crypto from "node:crypto";
import { and, count, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { db, first, changes, withTransaction } from "#db/client.server";
import { notificationPreferences, notifications, subscriptions, users, type NOTIFICATION_TYPES } from "#db/schema";
import { premiumSubscriptionCondition } from "~/models/billing/membership.server";
import { EMAIL_PREFERENCE_KEYS, type EmailFrequency, type EmailPreferenceKey, type NotificationPreferences } from "~/schemas/notifications";
import { env } from "~/utils/env.server";
import { afterCommit } from "~/utils/transaction-scope.server";

// Notifications (issue 25): a row per recipient and event, never to the member
// who caused it. Fan-out is one INSERT … SELECT over the members who may see
// the thing (so a reply followed by 500 members is one statement); the same
// transaction queues an instant email for those who want one (the outbox,
// app/models/notifications/email-outbox.server.ts, writes and sends it).

export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Which preference decides a type's emails; "account" emails (certificates, Premium, moderation) cannot be turned off. */
export const EMAIL_CATEGORY: Record<NotificationType, EmailPreferenceKey | "account"> = {
  forum_reply: "forumReplies",
  mention: "mentions",
  live_session: "liveSessions",
  course_new: "newCourses",
  certificate: "account",
  premium: "account",
  moderation: "account",
  // A scheduled lesson of a course the member started: news about their courses.
  lesson_released: "newCourses",
  assignment_submitted: "assignments",
  assignment_reviewed: "assignments",
  // Questions under a lesson (issue 46) and replies to one's own: conversations, as in the forum.
  lesson_question: "forumReplies",
  lesson_reply: "forumReplies",
};

export const DEFAULT_PREFERENCES: NotificationPreferences = { forumReplies: "instant", mentions: "instant", liveSessions: "instant", newCourses: "weekly", assignments: "instant" };

const PREFERENCE_COLUMN: Record<EmailPreferenceKey, string> = {
  forumReplies: "forum_replies",
  mentions: "mentions",
  liveSessions: "live_sessions",
  newCourses: "new_courses",
  assignments: "assignments",
};

/** Who may receive a notification: conditions on the `users` table. */
export const Recipients = {
  one: (userId: number): SQL => sql`${users.id} = ${userId}`,
  some: (userIds: number[]): SQL => (userIds.length ? inArray(users.id, userIds) : sql`false`),
  /** Every member (students and admins). */
  everyone: (): SQL => sql`true`,
  /** Admins, and members with an active Premium subscription. */
  premium: (): SQL =>
    sql`(${users.role} = 'admin' or exists (select 1 from ${subscriptions} where ${subscriptions.userId} = ${users.id} and ${premiumSubscriptionCondition(new Date())}))`,
};

/** A syntactically sound address: the only kind the academy emails. */
const EMAILABLE = sql`${users.email} like '%_@_%._%' and ${users.email} not like '% %'`;

export interface NotifyInput {
  type: NotificationType;
  title: string;
  body?: string | null;
  /** A path in the academy ("/community/topic/4"). */
  url: string;
  /** Unread rows with the same key are updated (count + 1) instead of repeated. */
  groupKey?: string;
  /** For a grouped row that is updated: its new title and body ("{n}" is the new count). */
  updated?: { title: string; body: string };
  recipients: SQL;
  /** The member who caused it: never notified. */
  actorId?: number | null;
}

let emailsQueued: (() => void) | null = null;

/** Called after a notification queued instant emails (the scheduler sends them at once). */
export function onEmailsQueued(listener: () => void) {
  emailsQueued = listener;
}

/** Creates (or, for a group, updates) the notifications and queues instant emails; returns how many members were notified. */
export async function notify(input: NotifyInput, now = new Date()): Promise<number> {
  const at = now;
  const category = EMAIL_CATEGORY[input.type];
  const wantsInstant =
    category === "account"
      ? sql`true`
      : sql`coalesce(p.${sql.raw(PREFERENCE_COLUMN[category])}, ${DEFAULT_PREFERENCES[category]}) = 'instant'`;
  const notActor = input.actorId ? sql`${users.id} <> ${input.actorId}` : sql`true`;
  const updatedTitle = input.updated?.title ?? input.title;
  const updatedBody = input.updated?.body ?? input.body ?? null;
  const notified = await withTransaction(async (tx) => {
    const created = changes(await tx.run(sql`
      insert into ${notifications} (user_id, type, title, body, url, group_key, created_at, updated_at)
      select ${users.id}, ${input.type}, ${input.title}, ${input.body ?? null}, ${input.url}, ${input.groupKey ?? null}, ${at}, ${at}
      from ${users} where (${input.recipients}) and ${notActor}
      on conflict (user_id, group_key) where read_at is null and group_key is not null
      do update set count = notifications.count + 1, updated_at = ${at},
        title = replace(${updatedTitle}, '{n}', cast(notifications.count + 1 as text)),
        body = replace(${updatedBody}, '{n}', cast(notifications.count + 1 as text))`));
    // Instant emails, for rows this call created (not those it updated: a topic's later replies send no second email).
    const emails = changes(await tx.run(sql`
      insert into email_outbox (kind, user_id, notification_id, dedupe_key, to_address, next_attempt_at, created_at)
      select 'notification', n.user_id, n.id, 'notification:' || n.id, ${users.email}, ${at}, ${at}
      from ${notifications} n
      join ${users} on ${users.id} = n.user_id
      left join ${notificationPreferences} p on p.user_id = n.user_id
      where n.created_at = ${at} and n.type = ${input.type} and n.url = ${input.url} and n.count = 1
        and ${EMAILABLE} and ${wantsInstant}
      on conflict (dedupe_key) do nothing`));
    return { count: created, emails: emails > 0 };
  });
  // Sent once the rows are committed (at once outside a transaction; a caller's transaction may still be open).
  if (notified.emails) afterCommit(() => emailsQueued?.());
  return notified.count;
}

export interface NotificationView {
  id: number;
  type: NotificationType;
  title: string;
  body: string | null;
  url: string;
  createdAt: string;
  readAt: string | null;
}

const PAGE_SIZE = 20;

const unreadCountOf = db
  .select({ n: count() })
  .from(notifications)
  .where(and(eq(notifications.userId, sql.placeholder("userId")), isNull(notifications.readAt)))
  .prepare();

/** The bell's figure; read on every page a member opens, so one indexed count. */
export async function unreadNotificationCount(userId: number): Promise<number> {
  return (await unreadCountOf.get({ userId }))?.n ?? 0;
}

// Prepared once (issue 27): the notifications page and the API read a page on every visit.
const notificationPage = (unreadOnly: boolean) =>
  db
    .select()
    .from(notifications)
    .where(unreadOnly ? and(eq(notifications.userId, sql.placeholder("userId")), isNull(notifications.readAt)) : eq(notifications.userId, sql.placeholder("userId")))
    .orderBy(desc(notifications.updatedAt), desc(notifications.id))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .prepare();
const allNotificationsPage = notificationPage(false);
const unreadNotificationsPage = notificationPage(true);

/** A page of the member's notifications; `knownUnread` when the caller has counted them already (a page view reads it with the session). */
export async function listNotifications(userId: number, { unreadOnly = false, page = 1, knownUnread }: { unreadOnly?: boolean; page?: number; knownUnread?: number } = {}) {
  const rows = await (unreadOnly ? unreadNotificationsPage : allNotificationsPage).all({ userId, limit: PAGE_SIZE + 1, offset: (page - 1) * PAGE_SIZE });
  const items: NotificationView[] = rows.slice(0, PAGE_SIZE).map((row) => ({
    id: row.id,
    type: row.type,
    title: row.title,
    body: row.body,
    url: row.url,
    createdAt: row.updatedAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  }));
  return { notifications: items, hasMore: rows.length > PAGE_SIZE, unreadCount: knownUnread ?? (await unreadNotificationCount(userId)) };
}

/** Marks the member's own notifications read (ids of others change nothing); returns the unread count left. */
export async function markNotificationsRead(userId: number, which: { ids: number[] } | { all: true }): Promise<number> {
  const target = "all" in which ? sql`true` : which.ids.length ? inArray(notifications.id, which.ids) : sql`false`;
  await db.update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), target));
  return await unreadNotificationCount(userId);
}

const unreadInGroup = db
  .select({ id: notifications.id })
  .from(notifications)
  .where(and(eq(notifications.userId, sql.placeholder("userId")), eq(notifications.groupKey, sql.placeholder("groupKey")), isNull(notifications.readAt)))
  .limit(1)
  .prepare();

/**
 * Reading the thing itself (a topic) reads its notification. Most visits have
 * none unread: those write nothing (issue 27). Returns how many it marked read.
 */
export async function markGroupRead(userId: number, groupKey: string): Promise<number> {
  if (!await unreadInGroup.get({ userId, groupKey })) return 0;
  return changes(await db.update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), eq(notifications.groupKey, groupKey), isNull(notifications.readAt))));
}

// ---- Preferences and unsubscribe links ----------------------------------

const preferencesOf = db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, sql.placeholder("userId"))).prepare();

/** The member's stored preferences, made (with a new unsubscribe key) on first need. */
async function preferencesRow(userId: number) {
  const found = await preferencesOf.get({ userId });
  if (found) return found;
  await db.insert(notificationPreferences)
    .values({ userId, unsubscribeKey: crypto.randomBytes(16).toString("base64url") })
    .onConflictDoNothing();
  const row = await preferencesOf.get({ userId });
  if (!row) throw new Error("notification preferences vanished");
  return row;
}

/** Reading writes nothing: a member who never chose has the defaults (as notify() reads them). */
export async function getPreferences(userId: number): Promise<NotificationPreferences> {
  const row = await preferencesOf.get({ userId });
  if (!row) return { ...DEFAULT_PREFERENCES };
  return { forumReplies: row.forumReplies, mentions: row.mentions, liveSessions: row.liveSessions, newCourses: row.newCourses, assignments: row.assignments };
}

/** A key left out (a client older than it) keeps the member's choice. */
export async function setPreferences(userId: number, preferences: Partial<NotificationPreferences>): Promise<NotificationPreferences> {
  await preferencesRow(userId);
  await db.update(notificationPreferences).set(preferences).where(eq(notificationPreferences.userId, userId));
  return await getPreferences(userId);
}

/** What a one-click unsubscribe turns off: one category, or every digest. */
export type UnsubscribeScope = EmailPreferenceKey | "digests";
const SCOPES: readonly UnsubscribeScope[] = [...EMAIL_PREFERENCE_KEYS, "digests"];

function signature(userId: number, scope: UnsubscribeScope, key: string): string {
  return crypto.createHmac("sha256", env.SESSION_SECRET).update(`unsubscribe:${userId}:${scope}:${key}`).digest("base64url").slice(0, 32);
}

/** A link that never expires but stops working when the member's key is renewed (revokeUnsubscribeLinks). */
export async function unsubscribeToken(userId: number, scope: UnsubscribeScope): Promise<string> {
  return `${userId}.${scope}.${signature(userId, scope, (await preferencesRow(userId)).unsubscribeKey)}`;
}

export async function revokeUnsubscribeLinks(userId: number) {
  await preferencesRow(userId);
  await db.update(notificationPreferences).set({ unsubscribeKey: crypto.randomBytes(16).toString("base64url") }).where(eq(notificationPreferences.userId, userId));
}

/** The member and scope a token names, when its signature holds. */
export async function readUnsubscribeToken(token: string): Promise<{ userId: number; scope: UnsubscribeScope; username: string } | null> {
  const [idText, scopeText, sig] = token.split(".");
  const userId = Number(idText);
  const scope = SCOPES.find((s) => s === scopeText);
  if (!Number.isSafeInteger(userId) || userId <= 0 || !scope || !sig) return null;
  // A real link was signed with the member's stored key; no stored key, no valid link (reading writes nothing).
  const row = await first(db
    .select({ username: users.username, key: notificationPreferences.unsubscribeKey })
    .from(users)
    .innerJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(eq(users.id, userId)).limit(1));
  if (!row) return null;
  const expected = signature(userId, scope, row.key);
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, Buffer.from(expected))) return null;
  return { userId, scope, username: row.username };
}

/** Turns the token's category off (or every digest: daily and weekly categories become off). */
export async function unsubscribe(userId: number, scope: UnsubscribeScope): Promise<NotificationPreferences> {
  // Read and written in one transaction: a choice saved meanwhile is not overwritten with the old values.
  return await withTransaction(async () => {
    const current = await getPreferences(userId);
    if (scope !== "digests") return await setPreferences(userId, { ...current, [scope]: "off" });
    const next = Object.fromEntries(
      Object.entries(current).map(([key, value]) => [key, value === "daily" || value === "weekly" ? "off" : value]),
    ) as Record<EmailPreferenceKey, EmailFrequency>;
    return await setPreferences(userId, next);
  });
}
