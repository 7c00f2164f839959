import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { z } from "zod";
import { startAcademy, TEST_ADMIN, type AcademyProcess } from "../../scripts/academy-process";
import { startFakeSmtp, type FakeSmtp } from "../fakes/fake-smtp";
import { answer, ConferenceJsonSchema, endAnyLive, postForm, schedule } from "./conference-api";
import { freshConnectionFetch } from "./fresh-connection";
import { uniqueName, Visitor } from "./helpers";

// Issue 41: the academy as two worker processes on one SQLite file. Every
// request below opens a new connection (freshConnectionFetch), so the
// cluster's primary hands consecutive requests to alternate workers.

const LEASE_SECONDS = 3;
let smtp: FakeSmtp;
let academy: AcademyProcess;
let admin: Visitor;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  academy = await startAcademy({
    WEB_CONCURRENCY: "2",
    SMTP_URL: smtp.url,
    MAIL_FROM: "Mystic Academy <academy@example.test>",
    NOTIFICATION_SCHEDULE: "* * * * * *",
    EMAIL_RETRY_SECONDS: "1",
    EMAIL_LEASE_SECONDS: String(LEASE_SECONDS),
    LOGIN_MAX_FAILURES: "10",
    SIGNUPS_PER_HOUR: "1000",
  });
  admin = await signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
});
afterAll(async () => {
  await academy?.stop();
  await smtp?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const HealthSchema = z.object({ status: z.literal("ok"), workers: z.number().int(), worker: z.number().int() });
const health = async () => HealthSchema.parse(await (await freshConnectionFetch(`${academy.baseUrl}/healthz`)).json());

/** The process ids of the primary's workers. */
function workerPids(): number[] {
  const out = execFileSync("ps", ["-o", "pid=", "--ppid", String(academy.pid)], { encoding: "utf8" });
  return out.split("\n").map((line) => Number(line.trim())).filter((pid) => pid > 0);
}

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 15_000): Promise<T> {
  const giveUp = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > giveUp) throw new Error(`Timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** Both workers serve again (after one was killed): two in a row answer from different workers. */
async function bothWorkersServe(): Promise<void> {
  await until("both workers", async () => {
    const seen = new Set<number>();
    for (let i = 0; i < 4; i += 1) {
      try {
        seen.add((await health()).worker);
      } catch {
        // a connection handed to the dying worker
      }
    }
    return seen.size === 2 && workerPids().length === 2 ? true : undefined;
  }, 30_000);
}

async function signedIn(username: string, password: string): Promise<Visitor> {
  const visitor = new Visitor(academy.baseUrl, freshConnectionFetch);
  expect((await visitor.login(username, password)).status).toBe(200);
  return visitor;
}

async function newMember(): Promise<{ visitor: Visitor; username: string; email: string }> {
  const visitor = new Visitor(academy.baseUrl, freshConnectionFetch);
  const username = uniqueName("worker");
  expect((await visitor.register(username)).status).toBe(201);
  const email = `${username}@example.test`;
  expect((await visitor.request("/api/user/profile", { method: "PUT", json: { email } })).status).toBe(200);
  return { visitor, username, email };
}

describe("two academy processes", () => {
  it("serve alternately and say so on /healthz", async () => {
    const answers = [await health(), await health(), await health(), await health()];
    expect(answers.every((answer) => answer.workers === 2)).toBe(true);
    expect(new Set(answers.map((answer) => answer.worker))).toEqual(new Set([0, 1]));
    expect(workerPids()).toHaveLength(2);
    expect(academy.logs()).toMatch(/listening on http:\/\/localhost:\d+ \(production, 2 workers/);
  });

  it("send an email that is due once exactly once, while both workers claim from the outbox", async () => {
    const batch = uniqueName("outbox");
    const addresses = Array.from({ length: 20 }, (_, i) => `${batch}-${i}@example.test`);
    // Twenty emails queued through both workers at once; each worker sends at once and on every tick.
    const queued = await Promise.all(addresses.map((to) => postForm(admin, "/admin/notifications", { intent: "test", to })));
    expect(queued.every((response) => response.status < 400)).toBe(true);
    const sentTo = (to: string) => smtp.received.filter((email) => email.to.includes(to)).length;
    await until("twenty emails", () => (addresses.every((to) => sentTo(to) >= 1) ? true : undefined));
    // Two more ticks of each worker: nothing is sent again.
    await sleep(2500);
    expect(addresses.map(sentTo)).toEqual(Array(20).fill(1));
  });

  it("send an email once more, and only once, after the worker sending it was killed between claim and send", { timeout: 60_000 }, async () => {
    const to = `${uniqueName("killed")}@example.test`;
    const release = smtp.holdDeliveries();
    const arrived = () => smtp.received.filter((email) => email.to.includes(to)).length;
    let delivered = 0;
    try {
      expect((await postForm(admin, "/admin/notifications", { intent: "test", to })).status).toBeLessThan(400);
      // Claimed and handed to SMTP, not yet acknowledged: the sender is stuck mid-send. Kill both workers (one holds the claim).
      await until("the claimed email to reach the SMTP server", async () => {
        const rows = await (await admin.request("/admin/notifications")).text();
        return rows.includes(to) && rows.includes("sending") ? true : undefined;
      });
      for (const pid of workerPids()) process.kill(pid, "SIGKILL");
      // Let the SMTP server see the killed sender's connection close before it may acknowledge anything.
      await until("the killed sender's connection to close", () => (smtp.heldWithSender() === 0 ? true : undefined));
    } finally {
      release();
    }
    // The dead worker's message is never acknowledged, so it does not count as received.
    delivered = arrived();
    expect(delivered).toBe(0);
    await bothWorkersServe();
    // Within the lease nobody takes the claim over; after it, exactly one worker sends it.
    await until("the email sent again after the lease", () => (arrived() >= 1 ? true : undefined), (LEASE_SECONDS + 10) * 1000);
    await sleep(2500);
    expect(arrived()).toBe(1);
  });

  it("remind members of a session once, though both workers look every second", async () => {
    const { visitor, email } = await newMember();
    const title = `Reminded once ${uniqueName("r")}`;
    await schedule(admin, { title, scheduledAt: new Date(Date.now() + 10 * 60_000).toISOString(), maxParticipants: 50 });
    const NotificationsSchema = z.object({ notifications: z.array(z.object({ title: z.string() })) });
    const reminders = async () =>
      NotificationsSchema.parse(await (await visitor.request("/api/notifications")).json()).notifications.filter((n) => n.title.startsWith("Starting in") && n.title.includes(title));
    await until("the reminder", async () => ((await reminders()).length > 0 ? true : undefined));
    await sleep(3000);
    expect(await reminders()).toHaveLength(1);
    expect(smtp.received.filter((mail) => mail.to.includes(email) && (mail.header("subject") ?? "").startsWith("Starting in") && (mail.header("subject") ?? "").includes(title)).length).toBeLessThanOrEqual(1);
  });

  it("show a forum reply written through one worker in pages served by both, and clear both workers' visitor caches", async () => {
    const { visitor } = await newMember();
    const created = await visitor.request("/api/forum/topics", { method: "POST", json: { categoryId: 1, title: `Both workers ${uniqueName("t")}`, content: "Does everyone see this?" } });
    expect(created.status).toBe(201);
    const { id } = z.object({ id: z.number() }).parse(await created.json());
    const text = `A reply seen everywhere ${uniqueName("reply")}`;
    expect((await visitor.request("/api/forum/replies", { method: "POST", json: { topicId: id, content: text } })).status).toBe(201);
    for (let i = 0; i < 4; i += 1) expect(await (await visitor.request(`/community/topic/${id}`)).text()).toContain(text);

    // Visitors' copies of a public page, kept by each worker, go when an admin changes it through either.
    const word = `zq${Date.now().toString(36)}`;
    const articleTitle = `Cache cleared everywhere ${word}`;
    const anonymous = () => freshConnectionFetch(`${academy.baseUrl}/api/knowledge-base?q=${word}`).then((r) => r.text());
    const before = [await anonymous(), await anonymous()];
    expect(before.some((body) => body.includes(articleTitle))).toBe(false);
    const article = await admin.request("/api/knowledge-base", {
      method: "POST",
      json: { title: articleTitle, content: "Written through one worker, read through both.", summary: "Cache test", category: "Getting Started", isPublished: true },
    });
    expect(article.status).toBe(201);
    expect([await anonymous(), await anonymous()].every((body) => body.includes(articleTitle))).toBe(true);
  });

  it("let two members whose sockets reached different workers chat and see each other in one room", async () => {
    await endAnyLive(admin);
    const conference = await answer(await admin.request("/api/conferences/go-live", { method: "POST" }), 201, ConferenceJsonSchema);
    const first = await newMember();
    const second = await newMember();
    const join = (visitor: Visitor) =>
      new Promise<{ socket: WebSocket; messages: Array<{ type: string } & Record<string, unknown>> }>((resolve, reject) => {
        const socket = new WebSocket(`${academy.baseUrl.replace(/^http/, "ws")}/ws/conferences/${conference.id}`, {
          headers: { Cookie: visitor.cookieHeader },
          origin: academy.baseUrl,
        });
        const messages: Array<{ type: string } & Record<string, unknown>> = [];
        socket.on("message", (data) => messages.push(JSON.parse(String(data))));
        socket.on("open", () => resolve({ socket, messages }));
        socket.on("error", reject);
      });
    // Two new connections in a row: the primary gives them to different workers; the room is in one of them.
    const [a, b] = [await join(first.visitor), await join(second.visitor)];
    try {
      const participantNames = (messages: Array<Record<string, unknown>>) => {
        const lists = messages.filter((m) => m.type === "participants");
        const latest = lists.at(-1)?.participants;
        return z.array(z.object({ name: z.string() })).parse(latest ?? []).map((p) => p.name);
      };
      await until("both in the first member's list", () => (participantNames(a.messages).length === 2 ? true : undefined));
      expect(participantNames(b.messages)).toHaveLength(2);
      const words = `Hello from another worker ${uniqueName("chat")}`;
      for (const member of [first, second]) {
        expect((await member.visitor.request(`/api/conferences/${conference.id}/messages`, { method: "POST", json: { message: `${words} ${member.username}` } })).status).toBe(201);
      }
      const chatTexts = (messages: Array<Record<string, unknown>>) =>
        messages.filter((m) => m.type === "chat").map((m) => z.object({ message: z.string() }).parse(m.message).message);
      for (const socket of [a, b]) {
        await until("both chat messages", () => (chatTexts(socket.messages).filter((text) => text.startsWith(words)).length === 2 ? true : undefined));
      }
    } finally {
      a.socket.terminate();
      b.socket.terminate();
      await endAnyLive(admin);
    }
  });

  it("replace a worker killed under load and lose no write it acknowledged", { timeout: 90_000 }, async () => {
    const { visitor } = await newMember();
    const created = await visitor.request("/api/forum/topics", { method: "POST", json: { categoryId: 1, title: `Under load ${uniqueName("t")}`, content: "Replies while a worker dies." } });
    const { id } = z.object({ id: z.number() }).parse(await created.json());
    const writers = await Promise.all(Array.from({ length: 4 }, async () => (await newMember()).visitor));
    const acknowledged: string[] = [];
    let failed = 0;
    const [victim] = workerPids();
    const load = writers.map(async (writer, w) => {
      for (let i = 0; i < 8; i += 1) {
        const content = `Reply ${w}-${i} ${uniqueName("load")}`;
        try {
          const response = await writer.request("/api/forum/replies", { method: "POST", json: { topicId: id, content } });
          if (response.status === 201) acknowledged.push(content);
          else failed += 1;
        } catch {
          failed += 1; // the killed worker's own request in flight
        }
        if (w === 0 && i === 2 && victim) process.kill(victim, "SIGKILL");
      }
    });
    await Promise.all(load);
    await bothWorkersServe();
    expect(workerPids()).not.toContain(victim);
    expect(acknowledged.length).toBeGreaterThanOrEqual(32 - failed);
    expect(failed).toBeLessThanOrEqual(4);
    // Every acknowledged reply is there, read page by page through the API.
    const TopicPageSchema = z.object({ replies: z.array(z.object({ content: z.string() })), pagination: z.object({ pageCount: z.number() }) });
    const stored: string[] = [];
    for (let page = 1, pages = 1; page <= pages; page += 1) {
      const answer = TopicPageSchema.parse(await (await visitor.request(`/api/forum/topic/${id}?page=${page}`)).json());
      pages = answer.pagination.pageCount;
      stored.push(...answer.replies.map((reply) => reply.content));
    }
    for (const content of acknowledged) expect(stored.some((text) => text.includes(content))).toBe(true);
  });

  // Last: the guesses spend this network's sign-in allowance too.
  it("refuse the 11th wrong password at the limit of 10, whichever worker counts it", async () => {
    const { username } = await newMember();
    const guesser = new Visitor(academy.baseUrl, freshConnectionFetch);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) statuses.push((await guesser.login(username, "not-the-password-at-all")).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
  });
});
