import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { academyDatabase, type AcademyDatabase } from "../academy-database";
import { TEST_ADMIN } from "../../scripts/academy-process";
import { DEMO_STUDENT, Visitor } from "../integration/helpers";
import { startCluster, until, type Cluster } from "./cluster";

// Issue 44: two instances behind nginx, and things going wrong: an instance
// killed outright while it sends email or serves load, the database restarted.

let cluster: Cluster;
let db: AcademyDatabase;

beforeAll(async () => {
  cluster = await startCluster({
    // The scheduler ticks every second, and an email claimed by a killed instance is free again after 3 s.
    env: { NOTIFICATION_SCHEDULE: "* * * * * *", EMAIL_LEASE_SECONDS: "3", EMAIL_RETRY_SECONDS: "1" },
  });
  db = await academyDatabase({ databasePath: "", databaseUrl: cluster.databaseUrl });
}, 180_000);

afterAll(async () => {
  await db?.close();
  await cluster?.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
}

describe("once across instances", () => {
  it("200 members due a reminder in the same minute get one reminder each, though the instance sending is killed midway", { timeout: 120_000 }, async () => {
    const tag = Date.now().toString(36);
    const author = await db.get<{ id: number }>("select id from users where role = 'admin' order by id limit 1");
    await db.run("begin");
    for (let i = 0; i < 200; i += 1) {
      await db.run("insert into users (username, password_hash, role, email) values (?, 'not-a-hash', 'student', ?)", `remind-${tag}-${i}`, `remind-${tag}-${i}@members.test`);
    }
    // Due in ten minutes: within the reminders' fifteen, so the next tick of either instance claims it.
    await db.run(
      "insert into conferences (title, description, scheduled_at, duration, max_participants, is_recorded, is_live, is_premium_only, created_by) values (?, 'Reminders', ?, 60, 300, false, false, false, ?)",
      `Full moon circle ${tag}`,
      new Date(Date.now() + 10 * 60_000),
      author?.id ?? null,
    );
    await db.run("commit");

    const reminders = () => cluster.smtp.received.filter((email) => email.header("subject")?.includes(`Full moon circle ${tag}`));
    // Midway: some sent, most not yet. Both instances tick, so either may be the one sending.
    await until("the first reminders", async () => (reminders().length >= 20 ? true : undefined), 60_000);
    cluster.kill(0);
    const expected = (await db.get<{ n: number }>("select count(*) as n from users where email like '%_@_%._%' and email not like '% %'"))?.n ?? 0;
    await until(
      "every reminder",
      async () => (new Set(reminders().map((email) => email.header("message-id"))).size >= expected ? true : undefined),
      60_000,
    );
    await sleep(4000);

    const ours = reminders().filter((email) => email.to.some((to) => to.startsWith(`remind-${tag}-`)));
    const byMember = new Map<string, Set<string | undefined>>();
    for (const email of ours) for (const to of email.to) byMember.set(to, (byMember.get(to) ?? new Set()).add(email.header("message-id")));
    expect(byMember.size).toBe(200);
    // A resend after the kill (the lease ran out) is the same message: one Message-ID per member.
    expect([...byMember.values()].every((ids) => ids.size === 1)).toBe(true);
    expect(new Set(reminders().map((email) => email.header("message-id"))).size).toBe(expected);
    const outbox = await db.get<{ sent: number; other: number }>(
      "select count(*) filter (where status = 'sent') as sent, count(*) filter (where status <> 'sent') as other from email_outbox where to_address like ?",
      `remind-${tag}-%`,
    );
    expect(outbox).toEqual({ sent: 200, other: 0 });
    await cluster.restart(0);
  });
});

describe("faults under load", () => {
  it("kill -9 of one instance under load: nginx moves on, no acknowledged write is lost, the other keeps p99 under 1 s", { timeout: 120_000 }, async () => {
    // The writes are an admin's draft articles: rows with names to count, and no posting limit in the way.
    const admin = new Visitor(cluster.url);
    expect((await admin.login(TEST_ADMIN.username, TEST_ADMIN.password)).status).toBe(200);
    const tag = `load-${Date.now().toString(36)}`;
    const acknowledged: string[] = [];
    const failed: number[] = [];
    const latencies: number[] = [];
    let killedAt = 0;
    const stopAt = Date.now() + 12_000;
    const worker = async (lane: number) => {
      for (let i = 0; Date.now() < stopAt; i += 1) {
        const title = `${tag} ${lane}-${i}`;
        const started = Date.now();
        const reading = i % 2 === 0;
        const response = await admin
          .request(
            reading ? "/api/user/progress" : "/api/knowledge-base",
            reading ? {} : { method: "POST", json: { title, content: "Written under load.", summary: "Load", category: "Getting Started", isPublished: false } },
          )
          .catch(() => null);
        if (killedAt && started > killedAt + 1000) latencies.push(Date.now() - started);
        if (!response || response.status >= 500) failed.push(response?.status ?? 0);
        else if (!reading && response.status === 201) acknowledged.push(title);
        await response?.arrayBuffer().catch(() => null);
      }
    };
    const load = Promise.all(Array.from({ length: 8 }, (_, lane) => worker(lane)));
    try {
      await sleep(3000);
      cluster.kill(1);
      killedAt = Date.now();
      await load;
    } finally {
      await load;
      await cluster.restart(1);
    }

    const stored = new Set((await db.all<{ title: string }>("select title from knowledge_base_articles where title like ?", `${tag} %`)).map((row) => row.title));
    expect(acknowledged.length).toBeGreaterThan(20);
    expect(acknowledged.filter((title) => !stored.has(title))).toEqual([]);
    latencies.sort((a, b) => a - b);
    expect(latencies.length).toBeGreaterThan(20);
    expect(percentile(latencies, 0.99)).toBeLessThan(1000);
    // Only the requests in flight at the kill may fail (nginx does not resend a POST).
    expect(failed.length).toBeLessThanOrEqual(8);
  });

  it("a database restart: 503 while it is down, then every instance recovers without a restart", { timeout: 120_000 }, async () => {
    // A member's reads: never from a cache, so each one needs the database.
    const reader = new Visitor(cluster.url);
    expect((await reader.login(DEMO_STUDENT.username, DEMO_STUDENT.password)).status).toBe(200);
    const statuses: number[] = [];
    const messages = new Set<string>();
    let polling = true;
    const poll = (async () => {
      while (polling) {
        const response = await reader.request("/api/user/progress").catch(() => null);
        statuses.push(response?.status ?? 0);
        if (response?.status === 503) messages.add(((await response.json()) as { message: string }).message);
        else await response?.arrayBuffer();
        await sleep(50);
      }
    })();
    await sleep(500);
    // The test's own connection would be cut too: closed now, opened again after.
    await db.close();
    const down = cluster.postgres.restart(3000);
    await until("a 503 while PostgreSQL is down", async () => ((await fetch(`${cluster.url}/healthz`)).status === 503 ? true : undefined), 10_000);
    // A page says so in words, with the same status.
    const page = await reader.request("/students");
    expect(page.status).toBe(503);
    const html = await page.text();
    expect(html).toContain("Briefly unavailable");
    expect(html).toContain("The academy cannot reach its database right now.");
    await down;
    db = await academyDatabase({ databasePath: "", databaseUrl: cluster.databaseUrl });
    for (const instance of cluster.instances) {
      await until("healthy again", async () => ((await fetch(`${instance.baseUrl}/healthz`)).status === 200 ? true : undefined), 30_000);
    }
    await sleep(1000);
    polling = false;
    await poll;
    // Never anything but an answer or a clear 503 (no 500, no dropped connection), and answers again at the end.
    expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expect(statuses).toContain(503);
    expect([...messages]).toEqual(["The academy cannot reach its database right now. Please try again in a moment."]);
    expect(statuses.at(-1)).toBe(200);
    const member = new Visitor(cluster.url);
    expect((await member.login(DEMO_STUDENT.username, DEMO_STUDENT.password)).status).toBe(200);
    for (const instance of cluster.instances) {
      const direct = new Visitor(instance.baseUrl);
      direct.setCookieHeader(member.cookieHeader);
      expect((await direct.request("/api/user")).status).toBe(200);
    }
  });
});
