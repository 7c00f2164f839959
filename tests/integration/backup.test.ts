import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAcademy } from "../../scripts/academy-process";
import { POSTGRES_BIN } from "../../scripts/pg-cluster";
import { freshPostgresDatabase } from "../postgres/database";
import { uniqueName, useAcademy, Visitor } from "./helpers";

const runFile = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../..");
const WRITER_PREFIX = "writer-";

// No SESSION_SECRET: the academy generates data/session-secret, which a backup
// must carry so that cookies issued before it still work after a restore.
const academy = useAcademy({ SESSION_SECRET: "", SIGNUPS_PER_HOUR: "100000" });
const work = fs.mkdtempSync(path.join(os.tmpdir(), "academy-backup-test-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

function runScript(name: "backup" | "restore", env: Record<string, string>, args: string[] = []) {
  return runFile(process.execPath, ["--import", "tsx", `scripts/${name}.ts`, ...args], { cwd: ROOT, env: { ...process.env, ...env } });
}

// In the integration suite's PostgreSQL run the academy has a database of its own
// (academy.process.databaseUrl): backups are then pg_dump archives (academy.pgdump).
const onPostgres = () => academy.process.databaseUrl !== undefined;
const databases: { drop(): Promise<void> }[] = [];
afterAll(async () => {
  for (const database of databases) await database.drop();
});

/** Where a script finds the academy's data: DATABASE_PATH and UPLOADS_DIR under `dataDir`, and DATABASE_URL on PostgreSQL. */
function dataEnv(dataDir: string, databaseUrl?: string) {
  return { DATABASE_PATH: path.join(dataDir, "academy.db"), UPLOADS_DIR: path.join(dataDir, "uploads"), ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
}

/** A database for a restore: on PostgreSQL an empty one of the run's cluster (dropped at the end), on SQLite none. */
async function restoreTarget(): Promise<string | undefined> {
  if (!onPostgres()) return undefined;
  const database = await freshPostgresDatabase();
  databases.push(database);
  return database.url;
}

/** Regular files under `dir`, as paths relative to it, leaving out uploads in progress. */
function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => fs.statSync(path.join(dir, name)).isFile() && !path.basename(name).startsWith(".incoming-"))
    .sort();
}

function backupsIn(dir: string): string[] {
  return fs.readdirSync(dir).filter((name) => name.startsWith("academy-")).sort();
}

interface Inspection {
  integrity: string[];
  counts: Record<string, number>;
  writerUsers: number;
  writerEvents: number;
}

/** Row counts of every ordinary table and the integrity check, read-only. */
function inspect(file: string): Inspection {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const integrity = db.prepare("PRAGMA integrity_check").pluck().all().map(String);
    const names = db
      .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE 'CREATE VIRTUAL TABLE%'")
      .pluck()
      .all()
      .map(String);
    const counts = Object.fromEntries(names.map((name) => [name, Number(db.prepare(`SELECT count(*) FROM "${name}"`).pluck().get())]));
    const writerUsers = Number(db.prepare("SELECT count(*) FROM users WHERE username LIKE 'writer-%'").pluck().get());
    const writerEvents = Number(db.prepare("SELECT count(*) FROM activity_events WHERE summary LIKE 'writer-%'").pluck().get());
    return { integrity, counts, writerUsers, writerEvents };
  } finally {
    db.close();
  }
}

/** The same for a PostgreSQL database: every table outside PostgreSQL's own schemas (drizzle's as drizzle.<name>). */
async function inspectPostgres(url: string): Promise<Inspection> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ schema: string; name: string }>(
      "SELECT table_schema AS schema, table_name AS name FROM information_schema.tables WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')",
    );
    const counts: Record<string, number> = {};
    for (const { schema, name } of rows) {
      const counted = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${schema}"."${name}"`);
      counts[schema === "public" ? name : `${schema}.${name}`] = counted.rows[0]?.n ?? -1;
    }
    const count = async (query: string) => (await client.query<{ n: number }>(query)).rows[0]?.n ?? -1;
    return {
      integrity: ["ok"],
      counts,
      writerUsers: await count("SELECT count(*)::int AS n FROM users WHERE username LIKE 'writer-%'"),
      writerEvents: await count("SELECT count(*)::int AS n FROM activity_events WHERE summary LIKE 'writer-%'"),
    };
  } finally {
    await client.end();
  }
}

/**
 * What a backup folder's database holds. A pg_dump archive is read by loading it, with
 * PostgreSQL's own pg_restore, into a scratch database (the backup script is not used to check itself).
 */
async function inspectBackup(folder: string): Promise<Inspection> {
  if (!onPostgres()) return inspect(path.join(folder, "academy.db"));
  const scratch = await freshPostgresDatabase();
  databases.push(scratch);
  await runFile(path.join(POSTGRES_BIN, "pg_restore"), ["--no-owner", "--exit-on-error", `--dbname=${scratch.url}`, path.join(folder, "academy.pgdump")]);
  return inspectPostgres(scratch.url);
}

/**
 * A second process writing as fast as it can while the server also writes:
 * each transaction adds a user and that user's registration event, so a torn
 * snapshot would hold one without the other.
 */
function startDirectWriter(databasePath: string) {
  const db = new Database(databasePath, { timeout: 5000 });
  const addUser = db.prepare("INSERT INTO users (username, password_hash) VALUES (?, 'not-a-hash')");
  const addEvent = db.prepare("INSERT INTO activity_events (user_id, type, summary) VALUES (?, 'registration', ?)");
  const writePair = db.transaction((name: string) => {
    const { lastInsertRowid } = addUser.run(name);
    addEvent.run(lastInsertRowid, name);
  });
  return writeUntilStopped(
    async (name) => {
      writePair(name);
      // Let the event loop run, so the backup child and the API loop proceed.
      await new Promise((resolve) => setImmediate(resolve));
    },
    async () => {
      db.close();
    },
  );
}

/** The same on PostgreSQL: one connection of its own, one transaction per pair. */
async function startDirectPostgresWriter(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return writeUntilStopped(
    async (name) => {
      await client.query("BEGIN");
      const { rows } = await client.query<{ id: number }>("INSERT INTO users (username, password_hash) VALUES ($1, 'not-a-hash') RETURNING id", [name]);
      await client.query("INSERT INTO activity_events (user_id, type, summary) VALUES ($1, 'registration', $2)", [rows[0]?.id, name]);
      await client.query("COMMIT");
    },
    () => client.end(),
  );
}

function writeUntilStopped(writePair: (name: string) => Promise<void>, close: () => Promise<void>) {
  let running = true;
  let written = 0;
  const done = (async () => {
    while (running) {
      await writePair(`${WRITER_PREFIX}${written}`);
      written += 1;
    }
  })();
  return {
    get written() {
      return written;
    },
    async stop() {
      running = false;
      await done;
      await close();
    },
  };
}

/** Students signing up through the API, one after another, until stopped. */
function startSignups(baseUrl: string) {
  let running = true;
  let signedUp = 0;
  const done = (async () => {
    while (running) {
      const response = await new Visitor(baseUrl).register(uniqueName("during"));
      expect(response.status).toBeLessThan(300);
      signedUp += 1;
    }
  })();
  return {
    get signedUp() {
      return signedUp;
    },
    stop: async () => {
      running = false;
      await done;
    },
  };
}

async function until(condition: () => boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out waiting for a condition");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("npm run backup and npm run restore", () => {
  const earlyStudent = { username: uniqueName("early"), password: "a lantern by the quiet river" };
  const earlyVisitor = { cookie: "" };
  const upload = { folder: "images", name: "0f1e2d3c4b5a.png", bytes: Buffer.from("not really a png, but bytes that must survive") };
  const backupDir = path.join(work, "backups");
  let backupFolder = "";
  let countsAtStart = 0;
  let countsAtEnd = 0;
  let snapshotCounts: Record<string, number> = {};
  /** The academy's own data: its folder, and its database on PostgreSQL. */
  const academyEnv = () => dataEnv(academy.process.dataDir, academy.process.databaseUrl);

  beforeAll(async () => {
    const visitor = new Visitor(academy.baseUrl);
    expect((await visitor.register(earlyStudent.username, earlyStudent.password)).status).toBeLessThan(300);
    expect((await visitor.authStatus()).username).toBe(earlyStudent.username);
    earlyVisitor.cookie = visitor.cookieHeader;

    // An uploaded image as the upload API stores it, and an upload still in progress.
    const uploads = path.join(academy.process.dataDir, "uploads", upload.folder);
    fs.mkdirSync(uploads, { recursive: true });
    fs.writeFileSync(path.join(uploads, upload.name), upload.bytes);
    fs.writeFileSync(path.join(uploads, ".incoming-5a5a5a5a"), "half a video");
  });

  it("takes a consistent backup while the server and another process keep writing", async () => {
    const writer = academy.process.databaseUrl
      ? await startDirectPostgresWriter(academy.process.databaseUrl)
      : startDirectWriter(academy.process.databasePath);
    const signups = startSignups(academy.baseUrl);
    try {
      await until(() => writer.written >= 50 && signups.signedUp >= 2);
      countsAtStart = writer.written;
      const { stdout } = await runScript("backup", { ...academyEnv(), BACKUP_DIR: backupDir });
      countsAtEnd = writer.written;
      expect(stdout).toMatch(/integrity ok/);
    } finally {
      await signups.stop();
      await writer.stop();
    }
    // Writes went on while the backup ran.
    expect(countsAtEnd).toBeGreaterThan(countsAtStart);

    const [name, ...others] = backupsIn(backupDir);
    expect(others).toEqual([]);
    backupFolder = path.join(backupDir, name ?? "missing");
    expect(fs.existsSync(path.join(backupFolder, onPostgres() ? "academy.pgdump" : "academy.db"))).toBe(true);
    const snapshot = await inspectBackup(backupFolder);
    snapshotCounts = snapshot.counts;
    expect(snapshot.integrity).toEqual(["ok"]);
    expect(snapshot.counts.users).toBeGreaterThan(countsAtStart);
    // A point in time between the start and the end of the backup...
    expect(snapshot.writerUsers).toBeGreaterThanOrEqual(countsAtStart);
    expect(snapshot.writerUsers).toBeLessThanOrEqual(countsAtEnd);
    // ...at which every transaction is either wholly there or wholly absent.
    expect(snapshot.writerEvents).toBe(snapshot.writerUsers);

    const manifest: unknown = JSON.parse(fs.readFileSync(path.join(backupFolder, "manifest.json"), "utf8"));
    const uploadedFiles = filesUnder(path.join(academy.process.dataDir, "uploads"));
    expect(uploadedFiles).toContain(path.join(upload.folder, upload.name));
    expect(manifest).toMatchObject({ format: 1, engine: onPostgres() ? "postgres" : "sqlite", tables: snapshot.counts, uploads: { files: uploadedFiles.length }, sessionSecret: true });
    expect(filesUnder(path.join(backupFolder, "uploads"))).toEqual(uploadedFiles);
    expect(fs.readFileSync(path.join(backupFolder, "uploads", upload.folder, upload.name))).toEqual(upload.bytes);
    expect(fs.existsSync(path.join(backupFolder, "uploads", upload.folder, ".incoming-5a5a5a5a"))).toBe(false);
    expect(fs.readFileSync(path.join(backupFolder, "session-secret"), "utf8")).toBe(
      fs.readFileSync(path.join(academy.process.dataDir, "session-secret"), "utf8"),
    );
  }, 60_000);

  it("restores into a new data folder, and an academy started on it has everything", async () => {
    const restoredDir = path.join(work, "restored");
    const restoredEnv = dataEnv(restoredDir, await restoreTarget());
    const { stdout } = await runScript("restore", restoredEnv, [backupFolder]);
    expect(stdout).toMatch(/Restored the backup/);

    const restored = restoredEnv.DATABASE_URL ? await inspectPostgres(restoredEnv.DATABASE_URL) : inspect(restoredEnv.DATABASE_PATH);
    expect(restored.integrity).toEqual(["ok"]);
    expect(restored.counts).toEqual(snapshotCounts);

    const server = await startAcademy({ ...restoredEnv, SESSION_SECRET: "" });
    try {
      // Signed in before the backup, still signed in: sessions and the secret came back.
      const returning = new Visitor(server.baseUrl);
      returning.setCookieHeader(earlyVisitor.cookie);
      expect((await returning.authStatus()).username).toBe(earlyStudent.username);

      const visitor = new Visitor(server.baseUrl);
      expect((await visitor.login(earlyStudent.username, earlyStudent.password)).status).toBe(200);
      expect((await visitor.authStatus()).username).toBe(earlyStudent.username);

      const image = await fetch(`${server.baseUrl}/uploads/${upload.folder}/${upload.name}`);
      expect(image.status).toBe(200);
      expect(Buffer.from(await image.arrayBuffer())).toEqual(upload.bytes);

      // While that academy runs, restoring over it is refused and changes nothing.
      const refused = await runScript("restore", restoredEnv, [backupFolder]).catch((error: unknown) => error);
      expect(refused).toMatchObject({ code: 1, stderr: expect.stringMatching(/in use: stop the academy/) });
      expect(fs.readdirSync(restoredDir).filter((name) => name.includes("before-restore"))).toEqual([]);
    } finally {
      await server.stop();
    }
  }, 60_000);

  it("keeps only the newest BACKUP_KEEP backups and shares unchanged uploads between them", async () => {
    const rotatingDir = path.join(work, "rotating");
    const env = { ...academyEnv(), BACKUP_DIR: rotatingDir, BACKUP_KEEP: "2" };
    const made: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      await runScript("backup", env);
      made.push(...backupsIn(rotatingDir).filter((name) => !made.includes(name)));
    }
    expect(made).toHaveLength(3);
    expect(backupsIn(rotatingDir)).toEqual(made.slice(1));

    const [older, newer] = made.slice(1).map((name) => fs.statSync(path.join(rotatingDir, name, "uploads", upload.folder, upload.name)));
    expect(newer?.ino).toBe(older?.ino);
  }, 60_000);

  it("refuses a damaged backup without touching the data folder", async () => {
    const damaged = path.join(work, "damaged");
    fs.cpSync(backupFolder, damaged, { recursive: true });
    const file = path.join(damaged, onPostgres() ? "academy.pgdump" : "academy.db");
    const bytes = fs.readFileSync(file);
    // Overwrite pages in the middle of the file with garbage.
    bytes.fill(0x5a, 8192, Math.min(bytes.length, 8192 * 4));
    fs.writeFileSync(file, bytes);
    const target = path.join(work, "untouched");
    const targetEnv = dataEnv(target, await restoreTarget());
    const refused = await runScript("restore", targetEnv, [damaged]).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 1, stderr: expect.stringMatching(/failed its integrity check; nothing was changed/) });
    expect(fs.existsSync(target)).toBe(false);
    if (targetEnv.DATABASE_URL) {
      const client = new pg.Client({ connectionString: targetEnv.DATABASE_URL });
      await client.connect();
      try {
        const { rows } = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema')");
        expect(rows[0]?.n).toBe(0);
      } finally {
        await client.end();
      }
    }
  });

  it("restores a backup only to the engine it was made on, and says how to move instead", async () => {
    const target = path.join(work, "other-engine");
    // On SQLite's run: a PostgreSQL URL nothing listens at; the refusal must come before any connection.
    const otherEngine = onPostgres() ? dataEnv(target) : dataEnv(target, "postgres://academy@127.0.0.1:1/nowhere");
    const refused = await runScript("restore", { ...otherEngine, DATABASE_URL: otherEngine.DATABASE_URL ?? "" }, [backupFolder]).catch(
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({
      code: 1,
      stderr: onPostgres()
        ? expect.stringMatching(/backup is of a PostgreSQL academy .* DATABASE_URL is not set; nothing was changed/)
        : expect.stringMatching(/backup is of a SQLite academy .*npm run db:copy/),
    });
    expect(fs.existsSync(target)).toBe(false);
  });
});
