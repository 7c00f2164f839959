import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import pg from "pg";

// Starts the real production server (build/server.mjs: `npm run build`) on a free port with a
// fresh temporary data folder. Used by the integration tests and the benchmark.

export interface AcademyProcess {
  baseUrl: string;
  /** The server's process id. */
  pid: number;
  dataDir: string;
  databasePath: string;
  /** Set when the academy runs on PostgreSQL (the integration suite's second run): its database. */
  databaseUrl?: string;
  logs: () => string;
  stop: () => Promise<void>;
}

export const TEST_ADMIN = { username: "headmaster", password: "correct-horse-battery-staple" };

/** A loopback port that was free a moment ago (nothing listens on it): the server needs to know its own address (PUBLIC_URL) before it starts. */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (typeof address !== "object" || !address) throw new Error("no free port");
  return address.port;
}

/**
 * `dataDir` reuses a data folder (a restart on the same database and
 * uploads); it is then left in place on stop. Without it a fresh one is made
 * and removed on stop. `root` runs another checkout's build (npm run bench:compare).
 */
export async function startAcademy(
  extraEnv: Record<string, string> = {},
  { dataDir: reused, root = path.resolve(import.meta.dirname, "..") }: { dataDir?: string; root?: string } = {},
): Promise<AcademyProcess> {
  const dataDir = reused ?? fs.mkdtempSync(path.join(os.tmpdir(), "academy-"));
  const port = await freePort();
  const databasePath = path.join(dataDir, "academy.db");
  const databaseUrl = extraEnv.DATABASE_URL ?? (await testPostgresDatabase(dataDir));
  let output = "";
  // ACADEMY_NODE_ARGS: extra flags for the server's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile a benchmark.
  const nodeArgs = (process.env.ACADEMY_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, "build/server.mjs"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      HOST: "127.0.0.1",
      DATABASE_PATH: databasePath,
      UPLOADS_DIR: path.join(dataDir, "uploads"),
      SESSION_SECRET: "integration-secret-integration-secret-0123456789",
      ADMIN_USERNAME: TEST_ADMIN.username,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      LOG_REQUESTS: "false",
      // Never the caller's own DATABASE_URL: without a test database this academy runs on SQLite ("" is unset).
      DATABASE_URL: databaseUrl ?? "",
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      // Not left running behind the caller's back (it would hold its port and database).
      child.kill("SIGKILL");
      reject(new Error(`Academy did not start:\n${output}`));
    }, 50_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/listening on http:\/\/localhost:(\d+)/);
      if (match) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${match[1]}`);
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`Academy exited with ${code}:\n${output}`));
    });
  });
  if (child.pid === undefined) throw new Error("the academy's process has no id");
  return {
    baseUrl,
    pid: child.pid,
    dataDir,
    databasePath,
    databaseUrl,
    logs: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        const cleanUp = () => {
          // ACADEMY_LOG_DIR: keep each academy's output there (to read a server error behind a failed test).
          if (process.env.ACADEMY_LOG_DIR) fs.writeFileSync(path.join(process.env.ACADEMY_LOG_DIR, `academy-${port}.log`), output);
          if (reused) return resolve();
          fs.rmSync(dataDir, { recursive: true, force: true });
          if (databaseUrl && !extraEnv.DATABASE_URL) void dropTestPostgresDatabase(databaseUrl).finally(resolve);
          else resolve();
        };
        // Already gone (it exited, or a test killed it with a signal): only the clean-up is left.
        if (child.exitCode !== null || child.signalCode !== null) return cleanUp();
        child.once("exit", cleanUp);
        child.kill("SIGTERM");
      }),
  };
}

/**
 * ACADEMY_TEST_POSTGRES (a superuser URL, set by the integration suite's PostgreSQL run,
 * tests/postgres/engine-setup.ts): each academy gets a database of its own on that
 * server, copied from ACADEMY_TEST_POSTGRES_TEMPLATE (already migrated). A restart on
 * the same data folder finds its database's URL there and uses it again.
 */
async function testPostgresDatabase(dataDir: string): Promise<string | undefined> {
  const adminUrl = process.env.ACADEMY_TEST_POSTGRES;
  if (!adminUrl) return undefined;
  const remembered = path.join(dataDir, "database-url");
  if (fs.existsSync(remembered)) return fs.readFileSync(remembered, "utf8").trim();
  const name = `academy_${crypto.randomBytes(6).toString("hex")}`;
  const template = process.env.ACADEMY_TEST_POSTGRES_TEMPLATE;
  await asAdmin(adminUrl, `CREATE DATABASE ${pg.escapeIdentifier(name)}${template ? ` TEMPLATE ${pg.escapeIdentifier(template)}` : ""}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  fs.writeFileSync(remembered, url.toString());
  return url.toString();
}

async function dropTestPostgresDatabase(databaseUrl: string): Promise<void> {
  const adminUrl = process.env.ACADEMY_TEST_POSTGRES;
  if (!adminUrl) return;
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  await asAdmin(adminUrl, `DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`).catch(() => {});
}

async function asAdmin(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    // Databases copied from one template at once: PostgreSQL refuses a second copy while one runs, so retry briefly.
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(statement);
        return;
      } catch (error) {
        const busy = error instanceof Error && /being accessed by other users/.test(error.message);
        if (!busy || attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  } finally {
    await client.end();
  }
}

/** Signs a user in through the JSON API and returns the session cookie. */
export async function signIn(baseUrl: string, username: string, password: string): Promise<string> {
  const captcha = (await (await fetch(`${baseUrl}/api/captcha`)).json()) as { token: string; question: string };
  const [, a = "0", b = "0"] = captcha.question.match(/(\d+) \+ (\d+)/) ?? [];
  const response = await fetch(`${baseUrl}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username, password, captchaToken: captcha.token, captchaAnswer: Number(a) + Number(b) }),
  });
  if (!response.ok) throw new Error(`Sign-in of ${username} failed with ${response.status}`);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("academy_session="));
  if (!cookie) throw new Error(`Sign-in of ${username} returned no session cookie`);
  return cookie.split(";")[0] ?? "";
}
