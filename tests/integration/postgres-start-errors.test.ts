import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { freePort as closedPort } from "../../scripts/academy-process";
import { freshPostgresDatabase } from "../postgres/database";

// Issue 43: an operator who gets DATABASE_URL wrong reads one sentence saying what is
// wrong and where, and the academy stops (exit code 1) at once — no stack trace, no
// hanging, never the password. Each case starts the real production server
// (build/server.mjs, as `npm start` does; `npm run build` first).

const ROOT = path.resolve(import.meta.dirname, "../..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-start-errors-"));
const databases: { drop(): Promise<void> }[] = [];
afterAll(async () => {
  for (const database of databases) await database.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Starts the academy on `databaseUrl` and waits for it to exit (at most 20 s, then it is killed). */
function startWith(databaseUrl: string): Promise<{ code: number | null; stderr: string; stdout: string; ms: number }> {
  const started = Date.now();
  const child = spawn(process.execPath, ["build/server.mjs"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      PUBLIC_URL: "http://127.0.0.1",
      DATABASE_URL: databaseUrl,
      DATABASE_PATH: path.join(dataDir, "academy.db"),
      UPLOADS_DIR: path.join(dataDir, "uploads"),
      SESSION_SECRET: "start-errors-secret-start-errors-secret-0123",
      LOG_REQUESTS: "false",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
  return new Promise((resolve) => {
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, stdout, ms: Date.now() - started });
    });
  });
}

function withUrl(base: string, change: (url: URL) => void): string {
  const url = new URL(base);
  change(url);
  return url.toString();
}

/** The one-sentence refusal every case must give. */
function expectOneSentence(result: Awaited<ReturnType<typeof startWith>>, sentence: RegExp, secrets: string[]) {
  const output = `${result.stdout}${result.stderr}`;
  expect(result.code, output).toBe(1);
  // Start-up reaches the database first: a bad configuration is known within a few seconds.
  expect(result.ms).toBeLessThan(10_000);
  expect(result.stderr).toMatch(sentence);
  expect(result.stderr.trim().split("\n"), "one line on stderr").toHaveLength(1);
  expect(output).not.toMatch(/^\s+at /m);
  expect(output).not.toMatch(/listening on/);
  for (const secret of secrets) expect(output).not.toContain(secret);
}

describe("a bad DATABASE_URL stops the academy with one sentence", () => {
  const adminUrl = inject("postgresAdminUrl");
  const realPassword = decodeURIComponent(new URL(adminUrl).password);

  it("names the host and port when nothing listens there", async () => {
    const port = await closedPort();
    const result = await startWith(`postgres://academy:closed-port-secret@127.0.0.1:${port}/academy`);
    expectOneSentence(result, new RegExp(`^Cannot reach PostgreSQL at 127\\.0\\.0\\.1:${port}/academy \\(ECONNREFUSED\\): is the server running`), [
      "closed-port-secret",
    ]);
  });

  it("names the user when the password is wrong, and never prints either password", async () => {
    const url = withUrl(adminUrl, (parsed) => (parsed.password = "not-the-right-password"));
    const { host } = new URL(adminUrl);
    const result = await startWith(url);
    expectOneSentence(result, new RegExp(`^PostgreSQL at ${host.replaceAll(".", "\\.")}/postgres refused user "academy": wrong password`), [
      "not-the-right-password",
      realPassword,
    ]);
  });

  it("names the database when it does not exist", async () => {
    const url = withUrl(adminUrl, (parsed) => (parsed.pathname = "/no_such_academy"));
    const result = await startWith(url);
    expectOneSentence(result, /^PostgreSQL at 127\.0\.0\.1:\d+\/no_such_academy has no database "no_such_academy": create it/, [realPassword]);
  });

  it("says what a valid DATABASE_URL looks like when it cannot be read", async () => {
    const notAUrl = await startWith("postgres://academy:malformed-secret@");
    expectOneSentence(notAUrl, /^Invalid configuration: DATABASE_URL must be a PostgreSQL URL: postgres:\/\/user:password@host:port\/database$/m, [
      "malformed-secret",
    ]);
    // Shaped like a URL, but not one: a space in the password and a port past 65535.
    const unparsable = await startWith("postgres://academy:bad secret@127.0.0.1:99999/academy");
    expectOneSentence(unparsable, /^DATABASE_URL is not a valid URL \(postgres:\/\/user:password@host:port\/database\): check the port/, ["bad secret"]);
  });

  it("refuses a database migrated by newer code than this", async () => {
    const database = await freshPostgresDatabase({ migrated: true });
    databases.push(database);
    const future = Date.now() + 365 * 24 * 60 * 60 * 1000;
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query("INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('from-a-newer-academy', $1)", [future]);
    } finally {
      await client.end();
    }
    const name = new URL(database.url).pathname.slice(1);
    const result = await startWith(database.url);
    expectOneSentence(
      result,
      new RegExp(`^The database 127\\.0\\.0\\.1:\\d+/${name} has a migration made on ${new Date(future).toISOString()}, newer than this code's last`),
      [realPassword],
    );
    // Refused before anything was changed: the newer migration is still the last, and nothing new was written.
    const check = new pg.Client({ connectionString: database.url });
    await check.connect();
    try {
      const { rows } = await check.query<{ users: number }>("SELECT count(*)::int AS users FROM users");
      expect(rows[0]?.users).toBe(0);
    } finally {
      await check.end();
    }
  });
});
