import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { z } from "zod";
import { startAcademy, TEST_ADMIN, type AcademyProcess } from "../../scripts/academy-process";
import { freshPostgresDatabase } from "../postgres/database";
import { uniqueName, Visitor } from "./helpers";

// Issue 44: two academy instances (separate servers as far as they know: each
// its own data folder and port) on one PostgreSQL database, behind Debian's
// nginx running deploy/nginx/academy.conf as shipped, with only the instances'
// addresses, its port and its cache folder filled in.

const NGINX_PORT = 3601;
const nginxUrl = `http://127.0.0.1:${NGINX_PORT}`;
let database: { url: string; drop(): Promise<void> };
const instances: AcademyProcess[] = [];
let nginx: ChildProcess | undefined;
let nginxDir: string;

// The live rooms' media on a LiveKit server: no media inside the instances, so two may run (the embedded SFU refuses, below).
const sharedEnv = () => ({
  DATABASE_URL: database.url,
  WEB_CONCURRENCY: "1",
  PUBLIC_URL: nginxUrl,
  TRUST_PROXY: "true",
  MEDIA_BACKEND: "livekit",
  LIVEKIT_URL: "ws://127.0.0.1:9",
  LIVEKIT_API_KEY: "test-key",
  LIVEKIT_API_SECRET: "test-secret-test-secret-test-secret",
  PAGE_CACHE_SECONDS: "60",
});

function nginxConfig(ports: number[]): string {
  const site = fs
    .readFileSync(path.resolve(import.meta.dirname, "../../deploy/nginx/academy.conf"), "utf8")
    .replace(/listen 80;/, `listen 127.0.0.1:${NGINX_PORT};`)
    .replace(/listen \[::\]:80;/, "")
    .replace("/var/cache/nginx/academy", path.join(nginxDir, "cache"))
    .replaceAll(/server academy-1:3000/g, `server 127.0.0.1:${ports[0]}`)
    .replaceAll(/server academy-2:3000/g, `server 127.0.0.1:${ports[1]}`);
  fs.writeFileSync(path.join(nginxDir, "academy.conf"), site);
  return `pid ${nginxDir}/nginx.pid;
error_log ${nginxDir}/error.log;
daemon off;
events {}
http {
  access_log off;
  client_body_temp_path ${nginxDir}/body;
  proxy_temp_path ${nginxDir}/proxy;
  include ${nginxDir}/academy.conf;
}
`;
}

async function startNginx(ports: number[]): Promise<void> {
  nginxDir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-nginx-"));
  fs.writeFileSync(path.join(nginxDir, "nginx.conf"), nginxConfig(ports));
  nginx = spawn("/usr/sbin/nginx", ["-p", nginxDir, "-c", path.join(nginxDir, "nginx.conf")], { stdio: ["ignore", "ignore", "pipe"] });
  let errors = "";
  nginx.stderr?.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  await until(`nginx on ${NGINX_PORT} ${errors}`, async () => ((await fetch(`${nginxUrl}/healthz`).catch(() => null))?.ok ? true : undefined));
}

beforeAll(async () => {
  database = await freshPostgresDatabase({ migrated: true });
  // Started one after the other: the first seeds, the second finds it done (both at once is the cluster proof's job).
  instances.push(await startAcademy(sharedEnv()));
  instances.push(await startAcademy(sharedEnv()));
  await startNginx(instances.map((instance) => Number(new URL(instance.baseUrl).port)));
}, 120_000);

afterAll(async () => {
  nginx?.kill("SIGTERM");
  await Promise.all(instances.map((instance) => instance.stop()));
  await database?.drop();
  if (nginxDir) fs.rmSync(nginxDir, { recursive: true, force: true });
});

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const giveUp = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > giveUp) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const [first, second] = [() => instances[0]!, () => instances[1]!];

describe("two academy instances on one PostgreSQL database behind nginx", () => {
  it("keep a member signed in through nginx and on each instance directly", async () => {
    const visitor = new Visitor(nginxUrl);
    expect((await visitor.login(TEST_ADMIN.username, TEST_ADMIN.password)).status).toBe(200);
    // Round-robin: four requests through nginx reach both instances.
    for (let i = 0; i < 4; i += 1) expect((await visitor.request("/api/user")).status).toBe(200);
    for (const instance of [first(), second()]) {
      const direct = await fetch(`${instance.baseUrl}/api/user`, { headers: { Cookie: visitor.cookieHeader } });
      expect(direct.status).toBe(200);
    }
    const stranger = await fetch(`${first().baseUrl}/api/user`);
    expect(stranger.status).toBe(401);
  });

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
    const refused = startAcademy({ ...sharedEnv(), MEDIA_BACKEND: "embedded" });
    await expect(refused).rejects.toThrow(/Academy exited with 1/);
    await expect(refused).rejects.toThrow(/MEDIA_BACKEND=embedded, or janus without JANUS_URL\), but 2 other academy instance\(s\) already run on this database/);
  });

  it("answer /healthz 503 while the database refuses connections, then recover without a restart, bus included", { timeout: 60_000 }, async () => {
    const name = new URL(database.url).pathname.slice(1);
    const health = (instance: AcademyProcess) => fetch(`${instance.baseUrl}/healthz`).then((response) => response.status);
    // From the cluster's own database: a database cannot refuse the connection that closes it.
    const superuser = new pg.Client({ connectionString: inject("postgresAdminUrl") });
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
      expect((await fetch(`${nginxUrl}/healthz`)).status).toBe(503);
    } finally {
      await superuser.query(`ALTER DATABASE ${pg.escapeIdentifier(name)} ALLOW_CONNECTIONS true`);
      await superuser.end();
    }
    for (const instance of [first(), second()]) await until("healthy again", async () => ((await health(instance)) === 200 ? true : undefined), 20_000);

    // The bus reconnected (its connection was cut too): a write on the second instance clears the first's cache.
    const observer = new pg.Client({ connectionString: database.url });
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

describe("two instances started at the same moment on an empty PostgreSQL database", () => {
  it("migrate, create the admin and seed the demo academy once", { timeout: 120_000 }, async () => {
    const empty = await freshPostgresDatabase();
    const started: AcademyProcess[] = [];
    try {
      const env = { ...sharedEnv(), DATABASE_URL: empty.url, SEED_DEMO_DATA: "true" };
      const both = await Promise.allSettled([startAcademy(env), startAcademy(env)]);
      for (const result of both) if (result.status === "fulfilled") started.push(result.value);
      expect(both.map((result) => result.status)).toEqual(["fulfilled", "fulfilled"]);

      const client = new pg.Client({ connectionString: empty.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ admins: number; courses: number; titles: number; migrations: number }>(
          `select (select count(*)::int from users where role = 'admin') as admins,
                  (select count(*)::int from courses) as courses,
                  (select count(distinct title)::int from courses) as titles,
                  (select count(*)::int from drizzle.__drizzle_migrations) as migrations`,
        );
        const counts = rows[0];
        expect(counts?.admins).toBe(1);
        expect(counts?.courses).toBeGreaterThan(0);
        // Seeded twice, every demo course would be there twice.
        expect(counts?.courses).toBe(counts?.titles);
        const journal = z.object({ entries: z.array(z.unknown()) }).parse(JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, "../../db/migrations-pg/meta/_journal.json"), "utf8")));
        expect(counts?.migrations).toBe(journal.entries.length);
      } finally {
        await client.end();
      }
    } finally {
      await Promise.all(started.map((instance) => instance.stop()));
      await empty.drop();
    }
  });
});
