import { Cron } from "croner";
import { and, eq, gt, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { db, changes, withTransaction } from "#db/client.server";
import { conferences, notificationPreferences, notifications, users } from "#db/schema";
import { ACADEMY_NAME, composeEmail, processOutbox, queueEmail } from "~/models/notifications/email-outbox.server";
import { sendDueLessonReleases } from "~/models/learning/lesson-release.server";
import { EMAIL_CATEGORY, notify, onEmailsQueued, Recipients, type NotificationType } from "~/models/notifications/notifications.server";
import type { EmailPreferenceKey } from "~/schemas/notifications";
import { env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";

// The notifications' scheduled work (issue 25), driven by croner over rows in
// SQLite, so a restart neither skips nor repeats anything: reminders 15
// minutes before a session (a conference row is marked reminded in the same
// transaction that notifies), digests at DIGEST_HOUR in ACADEMY_TIMEZONE (each
// member's last covered slot is stored with the digest it queued), and the
// outbox worker. Each tick looks at what is due *now*, whenever it last ran.

export const REMINDER_MINUTES = 15;

/** Reminds the members who may attend each session starting within REMINDER_MINUTES; returns how many sessions. */
export async function sendDueReminders(now = new Date()): Promise<number> {
  const soon = new Date(now.getTime() + REMINDER_MINUTES * 60_000);
  const due = await db
    .select()
    .from(conferences)
    .where(and(isNull(conferences.remindedAt), isNull(conferences.endedAt), eq(conferences.isLive, false), gt(conferences.scheduledAt, now), lte(conferences.scheduledAt, soon)));
  let reminded = 0;
  for (const conference of due) {
    await withTransaction(async () => {
      // Claimed first: two processes (or a retried tick) cannot both remind.
      const claimed = changes(await db.update(conferences).set({ remindedAt: now }).where(and(eq(conferences.id, conference.id), isNull(conferences.remindedAt))));
      if (claimed !== 1) return;
      const minutes = Math.max(1, Math.round((conference.scheduledAt.getTime() - now.getTime()) / 60_000));
      await notify(
        {
          type: "live_session",
          title: `Starting in ${minutes} minutes: ${conference.title}`,
          body: conference.description.slice(0, 200),
          url: `/join-conference/${conference.id}`,
          groupKey: `reminder:${conference.id}`,
          recipients: conference.isPremiumOnly ? Recipients.premium() : Recipients.everyone(),
        },
        now,
      );
      reminded += 1;
    });
  }
  return reminded;
}

type Period = "daily" | "weekly";
const PERIOD_PATTERN: Record<Period, () => string> = {
  daily: () => `0 0 ${env.DIGEST_HOUR} * * *`,
  weekly: () => `0 0 ${env.DIGEST_HOUR} * * 1`,
};
const LAST_COLUMN = { daily: notificationPreferences.lastDailyDigestAt, weekly: notificationPreferences.lastWeeklyDigestAt } as const;
const PREFERENCE_COLUMNS = {
  forumReplies: notificationPreferences.forumReplies,
  mentions: notificationPreferences.mentions,
  liveSessions: notificationPreferences.liveSessions,
  newCourses: notificationPreferences.newCourses,
  assignments: notificationPreferences.assignments,
} satisfies Record<EmailPreferenceKey, unknown>;

/** The latest digest slot at or before `now`, after `since` (undefined when none has passed). */
export function latestSlot(period: Period, since: Date, now: Date): Date | undefined {
  const cron = new Cron(PERIOD_PATTERN[period](), { timezone: env.ACADEMY_TIMEZONE, paused: true });
  let slot: Date | undefined;
  let next = cron.nextRun(since);
  while (next && next <= now) {
    slot = next;
    next = cron.nextRun(next);
  }
  return slot;
}

/** Queues each due digest: one email listing the member's unread items of that period's categories since their last digest. */
export async function queueDueDigests(now = new Date()): Promise<number> {
  let queued = 0;
  for (const period of ["daily", "weekly"] as const) {
    const keys = Object.keys(PREFERENCE_COLUMNS) as EmailPreferenceKey[];
    const members = await db
      .select({ userId: notificationPreferences.userId, last: LAST_COLUMN[period], email: users.email, prefs: notificationPreferences })
      .from(notificationPreferences)
      .innerJoin(users, eq(users.id, notificationPreferences.userId))
      .where(or(...keys.map((key) => sql`${PREFERENCE_COLUMNS[key]} = ${period}`)));
    for (const member of members) {
      if (!member.last) {
        // The first time: start counting from now (nothing before the choice is sent).
        await db.update(notificationPreferences).set({ [period === "daily" ? "lastDailyDigestAt" : "lastWeeklyDigestAt"]: now }).where(eq(notificationPreferences.userId, member.userId));
        continue;
      }
      const slot = latestSlot(period, member.last, now);
      if (!slot) continue;
      const types = (Object.entries(EMAIL_CATEGORY) as [NotificationType, EmailPreferenceKey | "account"][])
        .filter(([, category]) => category !== "account" && member.prefs[category] === period)
        .map(([type]) => type);
      const items = await db
        .select({ title: notifications.title, body: notifications.body, url: notifications.url })
        .from(notifications)
        .where(and(eq(notifications.userId, member.userId), isNull(notifications.readAt), inArray(notifications.type, types), gt(notifications.updatedAt, member.last)))
        .orderBy(notifications.updatedAt)
        .limit(50);
      await withTransaction(async () => {
        if (items.length > 0 && member.email && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(member.email)) {
          const queuedNow = await queueEmail(
            {
              kind: "digest",
              userId: member.userId,
              dedupeKey: `digest:${period}:${member.userId}:${slot.toISOString()}`,
              to: member.email,
              content: await composeEmail({
                subject: `Your ${period} ${ACADEMY_NAME} digest: ${items.length} new ${items.length === 1 ? "item" : "items"}`,
                intro: `What happened since your last ${period} digest:`,
                items,
                unsubscribe: { userId: member.userId, scope: "digests", what: "digests" },
              }),
            },
            now,
          );
          if (queuedNow) queued += 1;
        }
        await db.update(notificationPreferences)
          .set({ [period === "daily" ? "lastDailyDigestAt" : "lastWeeklyDigestAt"]: slot })
          .where(eq(notificationPreferences.userId, member.userId));
      });
    }
  }
  return queued;
}

/** One tick: reminders, scheduled lessons that opened (issue 29), digests, then the outbox. */
export async function runNotificationTick(now = new Date()) {
  const reminded = await sendDueReminders(now);
  const released = await sendDueLessonReleases(now);
  const digests = await queueDueDigests(now);
  const sent = await processOutbox(now);
  if (reminded || released || digests || sent) logger.info({ reminded, released, digests, sent }, "Notifications: reminders, lessons opened, digests and emails");
}

let schedule: Cron | null = null;

/** Starts the scheduler (once per process); instant emails are sent as soon as they are queued, not at the next tick. */
export async function startNotificationSchedule() {
  onEmailsQueued(() =>
    setImmediate(() => {
      processOutbox().catch((error: unknown) => logger.error({ err: error }, "Sending emails failed"));
    }),
  );
  schedule ??= new Cron(env.NOTIFICATION_SCHEDULE, { protect: true, unref: true, catch: (error) => logger.error({ err: error }, "Notification tick failed") }, async () =>
    await runNotificationTick(),
  );
  void runNotificationTick().catch((error: unknown) => logger.error({ err: error }, "Notification tick failed"));
  return schedule;
}
