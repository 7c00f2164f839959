import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAcademy, TEST_ADMIN, type AcademyProcess } from "../../scripts/academy-process";
import { uniqueName, Visitor } from "../integration/helpers";
import { startCluster, until, type Cluster } from "./cluster";

// Issue 44: what the instances share besides the database's rows: the bus
// (LISTEN/NOTIFY), the rule that embedded media keeps an instance alone, and
// /healthz while the database refuses connections.

let cluster: Cluster;

beforeAll(async () => {
  // Each instance keeps its own copy of an answer for 60 s (PAGE_CACHE_SECONDS): only the bus empties it.
  cluster = await startCluster({ env: { PAGE_CACHE_SECONDS: "60" } });
}, 180_000);

afterAll(async () => {
  await cluster?.stop();
});

const [first, second] = [() => cluster.instances[0]!, () => cluster.instances[1]!];

describe("two academy instances on one PostgreSQL database behind nginx", () => {
  it("carry a write's bus message to the other instance: both visitors' page caches empty", async () => {
    const word = `zq${Date.now().toString(36)}`;
    const title = `Seen on both instances ${word}`;
    const search = (instance: AcademyProcess) => fetch(`${instance.baseUrl}/api/knowledge-base?q=${word}`).then((response) => response.text());
    // Each instance keeps its own copy of the answer for 60 s (PAGE_CACHE_SECONDS).
    for (const instance of [first(), second()]) expect(await search(instance)).not.toContain(title);

    const writer = new Visitor(first().baseUrl);
    expect((await writer.login(TEST_ADMIN.username, TEST_ADMIN.password)).status).toBe(200);
    const created = await writer.request("/api/knowledge-base", {
      method: "POST",
      json: { title, content: "Written on the first instance, read on both.", summary: "Bus test", category: "Getting Started", isPublished: true },
    });
    expect(created.status).toBe(201);
    expect(await search(first())).toContain(title);
    // The second instance heard "page-cache-clear" over LISTEN/NOTIFY.
    await until("the second instance's cache to empty", async () => ((await search(second())).includes(title) ? true : undefined), 5000);
  });

  it("refuse a third instance with the embedded SFU, in one sentence", async () => {
    const refused = startAcademy({ ...cluster.s3.env, DATABASE_URL: cluster.databaseUrl, WEB_CONCURRENCY: "1", MEDIA_BACKEND: "embedded" });
    await expect(refused).rejects.toThrow(/Academy exited with 1/);
    await expect(refused).rejects.toThrow(/MEDIA_BACKEND=embedded, or janus without JANUS_URL\), but 2 other academy instance\(s\) already run on this database/);
  });

  it("answer /healthz 503 while the database refuses connections, then recover without a restart, bus included", { timeout: 60_000 }, async () => {
    const name = new URL(cluster.databaseUrl).pathname.slice(1);
    const health = (instance: AcademyProcess) => fetch(`${instance.baseUrl}/healthz`).then((response) => response.status);
    // From the cluster's own database: a database cannot refuse the connection that closes it.
    const superuser = new pg.Client({ connectionString: cluster.postgres.url() });
    await superuser.connect();
    try {
      await superuser.query(`ALTER DATABASE ${pg.escapeIdentifier(name)} ALLOW_CONNECTIONS false`);
      await superuser.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1", [name]);
      for (const instance of [first(), second()]) {
        const started = Date.now();
        expect(await health(instance)).toBe(503);
        // A database that does not answer does not hold the check up (2 s at most, plus the request).
        expect(Date.now() - started).toBeLessThan(5000);
      }
      // nginx has no instance left to move on to: the load balancer in front sees the 503.
      expect((await fetch(`${cluster.url}/healthz`)).status).toBe(503);
    } finally {
      await superuser.query(`ALTER DATABASE ${pg.escapeIdentifier(name)} ALLOW_CONNECTIONS true`);
      await superuser.end();
    }
    for (const instance of [first(), second()]) await until("healthy again", async () => ((await health(instance)) === 200 ? true : undefined), 20_000);

    // The bus reconnected (its connection was cut too): a write on the second instance clears the first's cache.
    const observer = new pg.Client({ connectionString: cluster.databaseUrl });
    await observer.connect();
    await until("both buses listening again", async () => {
      const { rows } = await observer.query("select count(*)::int as listening from pg_stat_activity where application_name = 'academy bus' and datname = current_database()");
      return rows[0]?.listening === 2 ? true : undefined;
    }, 20_000);
    await observer.end();
    const word = `zr${Date.now().toString(36)}`;
    const title = `After the outage ${word}`;
    const search = (instance: AcademyProcess) => fetch(`${instance.baseUrl}/api/knowledge-base?q=${word}`).then((response) => response.text());
    expect(await search(first())).not.toContain(title);
    const writer = new Visitor(second().baseUrl);
    expect((await writer.login(TEST_ADMIN.username, TEST_ADMIN.password)).status).toBe(200);
    const created = await writer.request("/api/knowledge-base", {
      method: "POST",
      json: { title, content: `${uniqueName("outage")} written after PostgreSQL came back.`, summary: "Bus test", category: "Getting Started", isPublished: true },
    });
    expect(created.status).toBe(201);
    await until("the first instance's cache to empty", async () => ((await search(first())).includes(title) ? true : undefined), 5000);
  });
});
