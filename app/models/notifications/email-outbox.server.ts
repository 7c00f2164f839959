import { and, asc, desc, eq, inArray, lte, sql } from "drizzle-orm";
import { db, changes, first } from "#db/client.server";
import { emailOutbox, notifications, users } from "#db/schema";
import { EMAIL_CATEGORY, unsubscribeToken, type UnsubscribeScope } from "~/models/notifications/notifications.server";
import { env } from "~/utils/env.server";
import { escapeHtml } from "~/utils/escape-html";
import { logger } from "~/utils/logger.server";
import { isEmailConfigured, sendEmail } from "~/utils/mailer.server";

// The durable outbox (issue 25). Every email is a row before it is sent. The
// worker claims due rows (status "sending" with a lease), sends them, and marks
// them sent; a failure puts the row back with a growing delay until
// EMAIL_MAX_ATTEMPTS, then marks it failed for the admins to see and retry. A
// row marked sent is never sent again; a process killed mid-send leaves the
// row "sending", and it is tried again when its lease runs out (at-least-once
// for that one instant, never a lost email). Every academy process runs this
// worker; a process that starts never takes over another's claim before its
// lease runs out (it may still be sending).

export const ACADEMY_NAME = "Mystic Academy";
const BATCH = 20;

export function publicBaseUrl(): string {
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
}


export interface EmailContent {
  subject: string;
  text: string;
  html: string;
  unsubscribeUrl?: string;
}

/** An email in the academy's form: the items with their links, where to change preferences, and how to unsubscribe. */
export async function composeEmail(input: {
  subject: string;
  intro: string;
  items: { title: string; body?: string | null; url: string }[];
  unsubscribe?: { userId: number; scope: UnsubscribeScope; what: string };
}): Promise<EmailContent> {
  const base = publicBaseUrl();
  const preferences = `${base}/notifications#preferences`;
  const unsubscribeUrl = input.unsubscribe ? `${base}/unsubscribe/${await unsubscribeToken(input.unsubscribe.userId, input.unsubscribe.scope)}` : undefined;
  const link = (url: string) => (url.startsWith("http") ? url : `${base}${url}`);
  const text = [
    `${ACADEMY_NAME}`,
    "",
    input.intro,
    "",
    ...input.items.flatMap((item) => [`* ${item.title}`, ...(item.body ? [`  ${item.body}`] : []), `  ${link(item.url)}`, ""]),
    `Choose which emails you get: ${preferences}`,
    ...(unsubscribeUrl && input.unsubscribe ? [`Stop emails about ${input.unsubscribe.what}: ${unsubscribeUrl}`] : []),
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:sans-serif;color:#1f1630;max-width:560px">
<h1 style="font-size:20px">${escapeHtml(ACADEMY_NAME)}</h1>
<p>${escapeHtml(input.intro)}</p>
<ul>${input.items
    .map((item) => `<li><a href="${escapeHtml(link(item.url))}">${escapeHtml(item.title)}</a>${item.body ? `<br>${escapeHtml(item.body)}` : ""}</li>`)
    .join("")}</ul>
<p style="font-size:12px;color:#555"><a href="${escapeHtml(preferences)}">Choose which emails you get</a>${
    unsubscribeUrl && input.unsubscribe ? ` · <a href="${escapeHtml(unsubscribeUrl)}">Stop emails about ${escapeHtml(input.unsubscribe.what)}</a>` : ""
  }</p>
</body></html>`;
  return { subject: input.subject, text, html, unsubscribeUrl };
}

const UNSUBSCRIBE_WHAT: Record<UnsubscribeScope, string> = {
  forumReplies: "forum replies",
  mentions: "mentions",
  liveSessions: "live sessions",
  newCourses: "new courses",
  assignments: "assignments",
  digests: "digests",
};

/** A notification's own email, written when it is sent (so a fan-out only queues rows). */
async function notificationEmail(notificationId: number | null): Promise<EmailContent | null> {
  if (notificationId === null) return null;
  const row = await first(db.select().from(notifications).where(eq(notifications.id, notificationId)).limit(1));
  if (!row) return null;
  const category = EMAIL_CATEGORY[row.type];
  return await composeEmail({
    subject: row.title,
    intro: row.title,
    items: [{ title: row.title, body: row.body, url: row.url }],
    unsubscribe: category === "account" ? undefined : { userId: row.userId, scope: category, what: UNSUBSCRIBE_WHAT[category] },
  });
}

/** Queues an email already written (digests, test emails); nothing happens for a key queued before. */
export async function queueEmail(input: { kind: "digest" | "test"; userId: number | null; dedupeKey: string; to: string; content: EmailContent }, now = new Date()): Promise<boolean> {
  return (
    changes(await db
      .insert(emailOutbox)
      .values({
        kind: input.kind,
        userId: input.userId,
        dedupeKey: input.dedupeKey,
        to: input.to,
        subject: input.content.subject,
        text: input.content.text,
        html: input.content.html,
        unsubscribeUrl: input.content.unsubscribeUrl ?? null,
        nextAttemptAt: now,
      })
      .onConflictDoNothing()) === 1
  );
}

/**
 * Due rows (queued, or sending with a lapsed lease) claimed for this run:
 * status sending, one more attempt, a new lease. One UPDATE that checks the
 * rows are still due, so when several academy processes claim at once (issue
 * 41) each row goes to exactly one of them.
 */
async function claimDue(now: Date) {
  const isDue = and(inArray(emailOutbox.status, ["queued", "sending"]), lte(emailOutbox.nextAttemptAt, now));
  const due = db.select({ id: emailOutbox.id }).from(emailOutbox).where(isDue).orderBy(asc(emailOutbox.nextAttemptAt), asc(emailOutbox.id)).limit(BATCH);
  return await db
    .update(emailOutbox)
    .set({ status: "sending", attempts: sql`${emailOutbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + env.EMAIL_LEASE_SECONDS * 1000) })
    .where(and(inArray(emailOutbox.id, due), isDue))
    .returning();
}

/** The wait before the next try: EMAIL_RETRY_SECONDS, then twice as long each time, at most an hour. */
export function retryDelayMs(attempts: number, baseSeconds = env.EMAIL_RETRY_SECONDS): number {
  return Math.min(baseSeconds * 2 ** Math.max(attempts - 1, 0), 3600) * 1000;
}

let running: Promise<number> | null = null;

/** Sends what is due; one run at a time. Returns how many were sent. */
export async function processOutbox(now = new Date()): Promise<number> {
  if (!isEmailConfigured()) return Promise.resolve(0);
  running ??= sendDue(now).finally(() => {
    running = null;
  });
  return running;
}

async function sendDue(now: Date): Promise<number> {
  let sent = 0;
  for (const row of await claimDue(now)) {
    let content: EmailContent | null;
    if (row.kind === "notification") {
      content = await notificationEmail(row.notificationId);
      if (!content) {
        // Its notification is gone (the member deleted their account): nothing to send.
        await db.update(emailOutbox).set({ status: "failed", lastError: "The notification no longer exists" }).where(eq(emailOutbox.id, row.id));
        continue;
      }
      await db.update(emailOutbox)
        .set({ subject: content.subject, text: content.text, html: content.html, unsubscribeUrl: content.unsubscribeUrl ?? null })
        .where(eq(emailOutbox.id, row.id));
    } else {
      content = { subject: row.subject ?? ACADEMY_NAME, text: row.text ?? "", html: row.html ?? "", unsubscribeUrl: row.unsubscribeUrl ?? undefined };
    }
    try {
      await sendEmail({ to: row.to, ...content, messageKey: `outbox-${row.id}` });
      await db.update(emailOutbox).set({ status: "sent", sentAt: new Date(), lastError: null }).where(eq(emailOutbox.id, row.id));
      sent += 1;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const failed = row.attempts >= env.EMAIL_MAX_ATTEMPTS;
      await db.update(emailOutbox)
        .set({ status: failed ? "failed" : "queued", lastError: message.slice(0, 500), nextAttemptAt: new Date(Date.now() + retryDelayMs(row.attempts)) })
        .where(eq(emailOutbox.id, row.id));
      logger.warn({ outboxId: row.id, attempts: row.attempts, failed }, `Email not sent: ${message}`);
    }
  }
  return sent;
}

/** The admin's view of the outbox: newest first. */
export async function listOutbox(limit = 100) {
  return await db
    .select({
      id: emailOutbox.id,
      kind: emailOutbox.kind,
      to: emailOutbox.to,
      // A notification's email is written when sent; until then its subject is the notification's title (notificationEmail).
      subject: sql<string | null>`coalesce(${emailOutbox.subject}, ${notifications.title})`,
      status: emailOutbox.status,
      attempts: emailOutbox.attempts,
      lastError: emailOutbox.lastError,
      createdAt: emailOutbox.createdAt,
      sentAt: emailOutbox.sentAt,
      nextAttemptAt: emailOutbox.nextAttemptAt,
      username: users.username,
    })
    .from(emailOutbox)
    .leftJoin(users, eq(users.id, emailOutbox.userId))
    .leftJoin(notifications, eq(notifications.id, emailOutbox.notificationId))
    .orderBy(desc(emailOutbox.id))
    .limit(limit);
}

export async function outboxCounts() {
  const rows = await db.select({ status: emailOutbox.status, n: sql<number>`count(*)`.mapWith(Number) }).from(emailOutbox).groupBy(emailOutbox.status);
  return Object.fromEntries(rows.map((row) => [row.status, row.n])) as Partial<Record<(typeof rows)[number]["status"], number>>;
}

/** "Retry": a failed email goes back in the queue with fresh attempts. */
export async function retryEmail(id: number): Promise<boolean> {
  return (
    changes(await db
      .update(emailOutbox)
      .set({ status: "queued", attempts: 0, nextAttemptAt: new Date(), lastError: null })
      .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, "failed")))) === 1
  );
}

/** "Send a test email" from the admin's page. */
export async function queueTestEmail(to: string, now = new Date()) {
  return await queueEmail({
    kind: "test",
    userId: null,
    dedupeKey: `test:${now.getTime()}:${to}`,
    to,
    content: await composeEmail({
      subject: `${ACADEMY_NAME}: test email`,
      intro: "This is a test email from the academy's notifications page. If you can read it, email delivery works.",
      items: [{ title: "Open the academy", url: "/" }],
    }),
  });
}
