import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAcademy, TEST_ADMIN, type AcademyProcess } from "../../scripts/academy-process";
import { academyDatabase } from "../academy-database";
import { startFakeSmtp, type FakeSmtp, type ReceivedEmail } from "../fakes/fake-smtp";
import { uniqueName, Visitor } from "./helpers";

// Issue 25: notifications in the app and by email, against a real SMTP server
// (smtp-server) started here and the real academy on its own database.
let smtp: FakeSmtp;
let academy: AcademyProcess;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-notifications-"));
const env = () => ({
  SMTP_URL: smtp.url,
  MAIL_FROM: "Mystic Academy <academy@example.test>",
  NOTIFICATION_SCHEDULE: "* * * * * *",
  EMAIL_RETRY_SECONDS: "1",
  SIGNUPS_PER_HOUR: "500",
});

beforeAll(async () => {
  smtp = await startFakeSmtp();
  academy = await startAcademy(env(), { dataDir });
});
afterAll(async () => {
  await academy?.stop();
  await smtp?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function member(withEmail = true) {
  const visitor = new Visitor(academy.baseUrl);
  const username = uniqueName("member");
  expect((await visitor.register(username)).status).toBe(201);
  const email = `${username}@example.test`;
  if (withEmail) expect((await visitor.request("/api/user/profile", { method: "PUT", json: { email } })).status).toBe(200);
  return { visitor, username, email };
}

async function admin() {
  const visitor = new Visitor(academy.baseUrl);
  expect((await visitor.login(TEST_ADMIN.username, TEST_ADMIN.password)).status).toBe(200);
  return visitor;
}

async function topic(author: Visitor, title = `Question ${uniqueName("t")}`) {
  const response = await author.request("/api/forum/topics", { method: "POST", json: { categoryId: 1, title, content: "What do you all think about this one?" } });
  expect(response.status).toBe(201);
  return { id: ((await response.json()) as { id: number }).id, title };
}

const reply = (who: Visitor, topicId: number, content = "Here is my answer.") =>
  who.request("/api/forum/replies", { method: "POST", json: { topicId, content } }).then((r) => expect(r.status).toBe(201));

interface NotificationsJson {
  notifications: Array<{ id: number; type: string; title: string; body: string | null; url: string; readAt: string | null }>;
  unreadCount: number;
}
const notificationsOf = async (who: Visitor, query = "") => (await (await who.request(`/api/notifications${query}`)).json()) as NotificationsJson;

// Tests that start the academy a second time: on a busy machine (both engines' suites at once) a start alone can take 20 s.
const RESTART_TIMEOUT_MS = 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const emailsTo = (address: string) => smtp.received.filter((email) => email.to.includes(address));
const unsubscribeUrlOf = (email: ReceivedEmail) => /<([^>]+)>/.exec(email.header("list-unsubscribe") ?? "")?.[1] ?? "";

describe("a reply in your topic", () => {
  it("is one unread notification per topic with a count, and one instant email with unsubscribe headers", async () => {
    const asker = await member();
    const helper = await member();
    const { id, title } = await topic(asker.visitor);
    await reply(helper.visitor, id);
    const mail = await smtp.emailTo(asker.email);
    expect(mail.header("subject")).toBe(`New replies in “${title}”`);
    expect(mail.header("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(unsubscribeUrlOf(mail)).toMatch(new RegExp(`^${academy.baseUrl}/unsubscribe/\\d+\\.forumReplies\\.`));
    expect(mail.source).toMatch(/multipart\/alternative/);
    expect(mail.source).toContain("Content-Type: text/plain");
    expect(mail.source).toContain("Content-Type: text/html");
    expect(mail.source).toContain(`${academy.baseUrl}/community/topic/${id}`);
    expect(mail.source).toContain(`${academy.baseUrl}/notifications#preferences`);

    // A second reply updates the unread row: no second email, a count of 2.
    await reply(helper.visitor, id, "And one more thing.");
    await sleep(2500);
    expect(emailsTo(asker.email)).toHaveLength(1);
    const mine = await notificationsOf(asker.visitor);
    expect(mine.unreadCount).toBe(1);
    expect(mine.notifications[0]).toMatchObject({ type: "forum_reply", url: `/community/topic/${id}`, readAt: null });
    expect(mine.notifications[0]?.body).toMatch(/^2 new replies/);
    // Never to the member who caused it.
    expect((await notificationsOf(helper.visitor)).notifications.filter((n) => n.url === `/community/topic/${id}`)).toHaveLength(0);

    // Reading the topic reads its notification, and the page's own bell says so at once.
    const page = await (await asker.visitor.request(`/community/topic/${id}`)).text();
    expect(page).not.toContain('data-testid="notification-count"');
    expect((await notificationsOf(asker.visitor)).unreadCount).toBe(0);
  });

  it("mentions reach the member named, and only where they may read", async () => {
    const author = await member();
    const named = await member();
    const { id } = await topic(author.visitor);
    await reply(author.visitor, id, `Thanks! @${named.username} what do you think?`);
    const mail = await smtp.emailTo(named.email);
    expect(mail.header("subject")).toMatch(new RegExp(`${author.username} mentioned you`));
  });
});

describe("account and academy events", () => {
  it("Premium granted, a moderator's removal and a new course reach the member; the admin who acted is not told of their own removal", async () => {
    const learner = await member();
    const boss = await admin();
    const me = (await (await learner.visitor.request("/api/auth-status")).json()) as { user: { id: number } };
    expect((await boss.request(`/api/admin/members/${me.user.id}/subscription`, { method: "PUT", json: { plan: "premium", status: "active" } })).status).toBe(200);
    expect((await smtp.emailTo(learner.email)).header("subject")).toBe("Premium is yours");

    const asker = await member(false);
    const { id } = await topic(asker.visitor);
    await reply(learner.visitor, id, "A reply that breaks the rules.");
    const replies = (await (await learner.visitor.request(`/api/forum/topic/${id}`)).json()) as { replies?: Array<{ id: number }> };
    const replyId = replies.replies?.at(-1)?.id;
    expect(replyId).toBeDefined();
    expect((await boss.request(`/api/admin/forum/replies/${replyId}`, { method: "DELETE", json: { reason: "x".repeat(501) } })).status).toBe(400);
    expect((await boss.request(`/api/admin/forum/replies/${replyId}`, { method: "DELETE", json: { reason: "Please keep replies kind." } })).status).toBe(200);
    const moderation = (await notificationsOf(learner.visitor)).notifications.find((n) => n.type === "moderation");
    expect(moderation?.title).toMatch(/^A moderator removed your post in/);
    expect(moderation?.body).toBe("Reason: Please keep replies kind.");

    const course = await boss.request("/api/courses", {
      method: "POST",
      json: { title: `Fresh course ${uniqueName("c")}`, description: "Brand new.", level: "Beginner", rating: "4.0", lessons: 1, duration: "1 week", isActive: true },
    });
    expect(course.status).toBe(201);
    // Published but empty: nobody is told yet (issue 47). Its first active lesson announces it.
    expect((await notificationsOf(asker.visitor)).notifications.find((n) => n.type === "course_new")).toBeUndefined();
    const { id: courseId } = (await course.json()) as { id: number };
    expect((await boss.request(`/api/courses/${courseId}/lessons`, { method: "POST", json: { title: "The first lesson" } })).status).toBe(201);
    const news = (await notificationsOf(asker.visitor)).notifications.find((n) => n.type === "course_new");
    expect(news?.title).toMatch(/^New course: Fresh course/);
  });
});

describe("the notifications API", () => {
  it("lists only your own, marks read by id (others' ids change nothing) or all, and refuses visitors", async () => {
    const a = await member(false);
    const b = await member(false);
    const { id: topicA } = await topic(a.visitor);
    const { id: topicB } = await topic(b.visitor);
    await reply(b.visitor, topicA);
    await reply(a.visitor, topicB);
    const mineA = await notificationsOf(a.visitor, "?unread=1");
    const mineB = await notificationsOf(b.visitor, "?unread=1");
    expect(mineA.unreadCount).toBe(1);
    const read = await a.visitor.request("/api/notifications/read", { method: "POST", json: { ids: [mineB.notifications[0]!.id] } });
    expect(await read.json()).toEqual({ unreadCount: 1 });
    expect((await notificationsOf(b.visitor)).unreadCount).toBe(1);
    expect(await (await a.visitor.request("/api/notifications/read", { method: "POST", json: { all: true } })).json()).toEqual({ unreadCount: 0 });
    expect((await a.visitor.request("/api/notifications/read", { method: "POST", json: { ids: "all" } })).status).toBe(400);
    expect((await new Visitor(academy.baseUrl).request("/api/notifications")).status).toBe(401);
    expect((await a.visitor.request("/api/notifications?page=0")).status).toBe(400);
  });

  it("preferences: defaults, 400 for anything else, and account emails cannot be turned off", async () => {
    const { visitor } = await member(false);
    expect(await (await visitor.request("/api/user/notification-preferences")).json()).toEqual({
      forumReplies: "instant",
      mentions: "instant",
      liveSessions: "instant",
      newCourses: "weekly",
      assignments: "instant",
      account: "instant",
    });
    const put = (json: object) => visitor.request("/api/user/notification-preferences", { method: "PUT", json });
    const valid = { forumReplies: "daily", mentions: "off", liveSessions: "instant", newCourses: "weekly" };
    expect((await put({ ...valid, forumReplies: "hourly" })).status).toBe(400);
    expect((await put({ ...valid, account: "off" })).status).toBe(400);
    expect((await put({ forumReplies: "daily" })).status).toBe(400);
    // `assignments` (issue 45) may be left out: it keeps its value.
    expect(await (await put(valid)).json()).toEqual({ ...valid, assignments: "instant", account: "instant" });
    expect(await (await put({ ...valid, assignments: "daily" })).json()).toEqual({ ...valid, assignments: "daily", account: "instant" });
  });
});

describe("one-click unsubscribe", () => {
  it("turns the category off without signing in (POST), shows a confirm page (GET), and refuses a forged link", async () => {
    const asker = await member();
    const helper = await member();
    const { id } = await topic(asker.visitor);
    await reply(helper.visitor, id);
    const url = unsubscribeUrlOf(await smtp.emailTo(asker.email));
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Stop emails about replies in your forum topics");
    // A GET changes nothing.
    expect(((await (await asker.visitor.request("/api/user/notification-preferences")).json()) as { forumReplies: string }).forumReplies).toBe("instant");
    const oneClick = await fetch(url, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" });
    expect(oneClick.status).toBe(200);
    expect(((await (await asker.visitor.request("/api/user/notification-preferences")).json()) as { forumReplies: string }).forumReplies).toBe("off");
    expect((await fetch(url.replace(/\.[^.]+$/, ".forged"))).status).toBe(404);
    expect((await fetch(`${academy.baseUrl}/unsubscribe/nonsense`)).status).toBe(404);
    // With replies off, the next topic's replies send no email (the bell still counts them).
    const second = await topic(asker.visitor);
    await reply(helper.visitor, second.id);
    await sleep(2500);
    expect(emailsTo(asker.email)).toHaveLength(1);
  });
});

describe("live sessions", () => {
  it("notifies when a session is scheduled and reminds 15 minutes before, once, even across a restart", async () => {
    const attendee = await member();
    const boss = await admin();
    const title = `Moon Q&A ${uniqueName("s")}`;
    const scheduledAt = new Date(Date.now() + 10 * 60_000).toISOString();
    const created = await boss.request("/api/conferences", {
      method: "POST",
      json: { title, description: "Ask anything.", scheduledAt, duration: 60, maxParticipants: 50, isRecorded: false, isPremiumOnly: false },
    });
    expect(created.status).toBe(201);
    const first = await smtp.emailTo(attendee.email);
    const second = await smtp.emailTo(attendee.email);
    const subjects = [first.header("subject"), second.header("subject")].sort();
    expect(subjects).toEqual([`New live session: ${title}`, `Starting in 10 minutes: ${title}`].sort());
    // Restarted on the same database: the reminder is not sent again.
    await academy.stop();
    academy = await startAcademy(env(), { dataDir });
    await sleep(2500);
    expect(emailsTo(attendee.email).filter((email) => email.header("subject")?.startsWith("Starting in"))).toHaveLength(1);
  }, RESTART_TIMEOUT_MS);
});

describe("digests", () => {
  it("sends one email listing what is unread since the last digest, at the digest hour, and not again", async () => {
    const asker = await member();
    const helper = await member();
    await asker.visitor.request("/api/user/notification-preferences", {
      method: "PUT",
      json: { forumReplies: "daily", mentions: "instant", liveSessions: "off", newCourses: "off" },
    });
    const { id, title } = await topic(asker.visitor);
    await reply(helper.visitor, id);
    await sleep(1500);
    expect(emailsTo(asker.email)).toHaveLength(0);
    // The last digest was two days ago (a controllable clock: the stored slot).
    const db = await academyDatabase(academy);
    try {
      await db.run(
        "update notification_preferences set last_daily_digest_at = ? where user_id = (select id from users where username = ?)",
        new Date(Date.now() - 2 * 86_400_000),
        asker.username,
      );
      await db.run("update notifications set updated_at = ? where group_key = ?", new Date(Date.now() - 86_400_000), `topic:${id}`);
    } finally {
      await db.close();
    }
    const digest = await smtp.emailTo(asker.email);
    expect(digest.header("subject")).toMatch(/^Your daily Mystic Academy digest: 1 new item$/);
    expect(digest.source).toContain("New replies in");
    expect(digest.source).toContain(title);
    expect(unsubscribeUrlOf(digest)).toMatch(/\.digests\./);
    await sleep(2500);
    expect(emailsTo(asker.email)).toHaveLength(1);
  });
});

describe("the outbox", () => {
  it("keeps emails while the mail server is down and sends each once when it is back, across a kill -9", async () => {
    const asker = await member();
    const helper = await member();
    const port = Number(new URL(smtp.url).port);
    await smtp.close();
    const { id } = await topic(asker.visitor);
    await reply(helper.visitor, id);
    await sleep(2500);
    const db = await academyDatabase(academy);
    const row = await db.get<{ status: string; attempts: number; lastError: string }>('select status, attempts, last_error as "lastError" from email_outbox where to_address = ?', asker.email).finally(() => db.close());
    expect(row?.status).toBe("queued");
    expect(row?.attempts).toBeGreaterThanOrEqual(1);
    expect(row?.lastError).toBeTruthy();

    // The process dies between queueing and sending; the mail server comes back; the academy restarts.
    process.kill(academy.pid, "SIGKILL");
    await sleep(300);
    smtp = await startFakeSmtp({ port });
    academy = await startAcademy(env(), { dataDir });
    const mail = await smtp.emailTo(asker.email);
    expect(mail.header("subject")).toMatch(/^New replies in/);
    await sleep(2500);
    expect(emailsTo(asker.email)).toHaveLength(1);

    // The admin's outbox page lists it as sent; a test email goes out too.
    const boss = await admin();
    expect(await (await boss.request("/admin/notifications")).text()).toContain("sent");
    const test = await boss.request("/admin/notifications", {
      method: "POST",
      body: new URLSearchParams({ intent: "test", to: "owner@example.test" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(test.status).toBe(302);
    expect((await smtp.emailTo("owner@example.test")).header("subject")).toBe("Mystic Academy: test email");
  }, RESTART_TIMEOUT_MS);
});
