import { sql, type SQL } from "drizzle-orm";
import { inIdList, inTextList } from "#db/dialect.server";
import { changes, db, type Tx } from "#db/client.server";
import { emailOutbox, forumReplies, forumTopics, notifications, users } from "#db/schema";
import { notify, Recipients } from "~/models/notifications/notifications.server";
import { discussionHref } from "~/schemas/lesson-discussion";

// What happened, as notifications (issue 25): each function names who may
// hear of it (as a condition on `users`, so the fan-out is one statement) and
// how it reads. The member who caused it is never told.

type Actor = { id: number; username: string };

/** Readers of a forum category: every member, or for a Premium ("advanced") category only Premium members and admins. */
const categoryReaders = (permission: "base" | "advanced") => (permission === "advanced" ? Recipients.premium() : Recipients.everyone());

/**
 * A reply: the topic's author and everyone who replied in it, one unread row
 * per topic with a count. Members the reply also mentions (`mentioned`) hear
 * of it once, through the mention: one event, one notification.
 */
export function notifyForumReply(topic: { id: number; title: string; permission: "base" | "advanced" }, actor: Actor, mentioned: number[] = []) {
  const takingPart = sql`(${users.id} in (select ${forumTopics.authorId} from ${forumTopics} where ${forumTopics.id} = ${topic.id})
    or ${users.id} in (select ${forumReplies.authorId} from ${forumReplies} where ${forumReplies.topicId} = ${topic.id}))`;
  return notify({
    type: "forum_reply",
    title: `New replies in “${topic.title}”`,
    body: `1 new reply, from ${actor.username}`,
    updated: { title: `New replies in “${topic.title}”`, body: `{n} new replies, the latest from ${actor.username}` },
    url: `/community/topic/${topic.id}`,
    groupKey: `topic:${topic.id}`,
    recipients: mentioned.length
      ? sql`${takingPart} and ${categoryReaders(topic.permission)} and not ${Recipients.some(mentioned)}`
      : sql`${takingPart} and ${categoryReaders(topic.permission)}`,
    actorId: actor.id,
  });
}

/**
 * A member deleted their account: the notifications that named them as the
 * one who replied or mentioned (and the emails sent from those) now say
 * `replacement` instead. Matched on the exact wording written above, so
 * another member whose name merely contains theirs is left alone.
 */
export async function forgetActorInNotifications(tx: Tx, username: string, replacement: string): Promise<number> {
  const rewrites = [
    { type: "mention", from: `${username} mentioned you in “`, to: `${replacement} mentioned you in “`, column: notifications.title, at: "start" },
    { type: "forum_reply", from: ` from ${username}`, to: ` from ${replacement}`, column: notifications.body, at: "end" },
    { type: "lesson_question", from: ` from ${username}`, to: ` from ${replacement}`, column: notifications.body, at: "end" },
    { type: "lesson_reply", from: ` from ${username}`, to: ` from ${replacement}`, column: notifications.body, at: "end" },
  ] as const;
  let changed = 0;
  for (const { type, from, to, column, at } of rewrites) {
    const matches = at === "start" ? sql`substr(${column}, 1, length(${from})) = ${from}` : sql`substr(${column}, -length(${from})) = ${from}`;
    const ids = (await tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(sql`${notifications.type} = ${type} and ${matches}`))
      .map((row) => row.id);
    if (ids.length === 0) continue;
    const rewritten = at === "start" ? sql`${to} || substr(${column}, length(${from}) + 1)` : sql`substr(${column}, 1, length(${column}) - length(${from})) || ${to}`;
    changed += changes(await tx.run(sql`update ${notifications} set ${sql.identifier(column.name)} = ${rewritten} where ${inIdList(notifications.id, JSON.stringify(ids))}`));
    // The emails already written from them carry the same words.
    await tx.run(sql`update ${emailOutbox} set
        subject = replace(subject, ${from}, ${to}),
        text_body = replace(text_body, ${from}, ${to}),
        html_body = replace(html_body, ${from}, ${to})
      where ${inIdList(emailOutbox.notificationId, JSON.stringify(ids))}`);
  }
  return changed;
}

const MENTION = /(?<![\p{L}\p{N}_.@])@([A-Za-z0-9_.-]{2,40})/gu;

/** The usernames an @mention in `text` names (lower case, at most 20). */
export function mentionedUsernames(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(MENTION)) {
    const name = (match[1] ?? "").replace(/[.-]+$/, "").toLowerCase();
    if (name) names.add(name);
    if (names.size >= 20) break;
  }
  return [...names];
}

/** The members an @mention in `text` names who pass `readers` (never the actor). */
async function mentionedMembers(text: string, readers: SQL, actor: Actor): Promise<number[]> {
  const names = mentionedUsernames(text);
  if (names.length === 0) return [];
  const named = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`${inTextList(sql`lower(${users.username})`, JSON.stringify(names))} and ${readers} and ${users.id} <> ${actor.id}`);
  return named.map((row) => row.id);
}

/** @username in a topic or reply: the members named, if they may read the category. Returns whom it told. */
export async function notifyMentions(text: string, where: { topicId: number; topicTitle: string; permission: "base" | "advanced" }, actor: Actor): Promise<number[]> {
  const ids = await mentionedMembers(text, categoryReaders(where.permission), actor);
  if (ids.length === 0) return [];
  await notify({
    type: "mention",
    title: `${actor.username} mentioned you in “${where.topicTitle}”`,
    body: text.length > 200 ? `${text.slice(0, 197)}…` : text,
    url: `/community/topic/${where.topicId}`,
    recipients: Recipients.some(ids),
    actorId: actor.id,
  });
  return ids;
}

/** A session scheduled, or going live now: everyone who may attend. */
export function notifyLiveSession(conference: { id: number; title: string; scheduledAt: Date; isPremiumOnly: boolean }, kind: "scheduled" | "live", actorId: number | null, timeZone: string) {
  const when = `${new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone }).format(conference.scheduledAt)} (${timeZone})`;
  return notify({
    type: "live_session",
    title: kind === "live" ? `Live now: ${conference.title}` : `New live session: ${conference.title}`,
    body: kind === "live" ? "The session has started. Join from the link." : `Scheduled for ${when}.`,
    url: `/join-conference/${conference.id}`,
    groupKey: `conference:${conference.id}:${kind}`,
    recipients: conference.isPremiumOnly ? Recipients.premium() : Recipients.everyone(),
    actorId,
  });
}

/** A course published: members who may open it (a Premium course: Premium members and admins). */
export function notifyCourseNew(course: { id: number; title: string; description: string; isPremium: boolean }, actorId: number | null) {
  return notify({
    type: "course_new",
    title: `New course: ${course.title}`,
    body: course.description.slice(0, 200),
    url: `/course/${course.id}`,
    groupKey: `course:${course.id}`,
    recipients: course.isPremium ? Recipients.premium() : Recipients.everyone(),
    actorId,
  });
}

export function notifyCertificate(userId: number, certificate: { courseTitle: string; certificateNumber: string }) {
  return notify({
    type: "certificate",
    title: `Your certificate for ${certificate.courseTitle}`,
    body: `Certificate ${certificate.certificateNumber}: anyone can check it at its verification page.`,
    url: `/certificates/${certificate.certificateNumber}`,
    recipients: Recipients.one(userId),
  });
}

export type PremiumEvent = "granted" | "renewed" | "payment_failed" | "ending";
const PREMIUM_TEXT: Record<PremiumEvent, { title: string; body: string }> = {
  granted: { title: "Premium is yours", body: "Premium courses, forum categories, templates and the monthly live Q&A are open to you." },
  renewed: { title: "Premium renewed", body: "Your Premium membership was renewed. Thank you." },
  payment_failed: { title: "Your Premium payment failed", body: "Please update your payment details to keep Premium." },
  ending: { title: "Premium ends at the end of this period", body: "Your membership will not renew. You can resume it from your portal until then." },
};

export function notifyPremium(userId: number, event: PremiumEvent) {
  return notify({ type: "premium", ...PREMIUM_TEXT[event], url: "/students", recipients: Recipients.one(userId) });
}

/** A moderator removed or edited a member's post. */
export function notifyModeration(userId: number | null, action: "removed" | "edited", post: { topicId: number | null; topicTitle: string }, moderatorId: number, reason?: string) {
  if (userId === null || userId === moderatorId) return 0;
  return notify({
    type: "moderation",
    title: `A moderator ${action} your post in “${post.topicTitle}”`,
    body: reason ? `Reason: ${reason}` : null,
    url: post.topicId && action === "edited" ? `/community/topic/${post.topicId}` : "/community",
    recipients: Recipients.one(userId),
  });
}

// ---- Lesson discussions (issue 46) ------------------------------------------------

type DiscussedLesson = { lesson: { id: number; title: string; courseId: number }; course: { id: number; title: string; isPremium: boolean } };

/** Who may read a course's lessons: everyone, or for a Premium course Premium members, admins and its instructors. */
function courseReaders(course: DiscussedLesson["course"]): SQL {
  if (!course.isPremium) return Recipients.everyone();
  return sql`(${Recipients.premium()} or ${users.id} in (select ci.user_id from course_instructors ci where ci.course_id = ${course.id}))`;
}

function discussionUrl(where: DiscussedLesson): string {
  return discussionHref(where.course.id, where.lesson.id);
}

/**
 * @username in a lesson comment: the members named who may read the course.
 * The notification names the lesson only, never the words: a member may not
 * have reached a scheduled lesson yet. Returns whom it told.
 */
export async function notifyLessonMentions(text: string, where: DiscussedLesson, actor: Actor): Promise<number[]> {
  const ids = await mentionedMembers(text, courseReaders(where.course), actor);
  if (ids.length === 0) return [];
  await notify({
    type: "mention",
    title: `${actor.username} mentioned you in “${where.lesson.title}”`,
    body: `In the discussion of a lesson of ${where.course.title}.`,
    url: discussionUrl(where),
    recipients: Recipients.some(ids),
    actorId: actor.id,
  });
  return ids;
}

/** A new question: the course's instructors (the admins when it has none), one unread line per course with a count. */
export function notifyLessonQuestion(where: DiscussedLesson, actor: Actor, alreadyTold: number[]) {
  const teachers = sql`(${users.id} in (select ci.user_id from course_instructors ci where ci.course_id = ${where.course.id})
    or (${users.role} = 'admin' and not exists (select 1 from course_instructors ci where ci.course_id = ${where.course.id})))`;
  return notify({
    type: "lesson_question",
    title: `New question on “${where.lesson.title}”`,
    body: `In ${where.course.title}, from ${actor.username}`,
    updated: { title: `{n} new questions in ${where.course.title}`, body: `The latest on “${where.lesson.title}”, from ${actor.username}` },
    url: discussionUrl(where),
    groupKey: `lesson-questions:${where.course.id}`,
    recipients: alreadyTold.length ? sql`${teachers} and not ${Recipients.some(alreadyTold)}` : teachers,
    actorId: actor.id,
  });
}

/** A reply to a member's question: the asker, one unread line per lesson with a count. */
export function notifyLessonReply(askerId: number, where: DiscussedLesson, actor: Actor) {
  return notify({
    type: "lesson_reply",
    title: `A reply to your question on “${where.lesson.title}”`,
    body: `1 new reply, from ${actor.username}`,
    updated: { title: `Replies to your question on “${where.lesson.title}”`, body: `{n} new replies, the latest from ${actor.username}` },
    url: discussionUrl(where),
    groupKey: `lesson-replies:${where.lesson.id}`,
    recipients: sql`${Recipients.one(askerId)} and ${courseReaders(where.course)}`,
    actorId: actor.id,
  });
}
