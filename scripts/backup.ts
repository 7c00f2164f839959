/**
 * `npm run backup`: a consistent copy of everything the academy keeps, taken
 * while it runs, into BACKUP_DIR/academy-<UTC time>/:
 *
 *   academy.db       SQLite: a snapshot made with `VACUUM INTO` (one read
 *                    transaction, so it is consistent and, in WAL mode, never
 *                    blocks the server); it must pass `PRAGMA integrity_check`
 *   academy.pgdump   PostgreSQL (DATABASE_URL): `pg_dump -Fc` of one snapshot
 *                    (scripts/backup-postgres.ts); it must read back whole
 *   uploads/         images, videos and templates; a file unchanged since the
 *                    previous backup is hard-linked to it instead of copied
 *   session-secret   when the academy generated one (SESSION_SECRET unset)
 *   manifest.json    when, from where, which engine, and the row count of every table
 *
 * The folder gets its final name only once the database copy has passed its
 * check; then all but the newest BACKUP_KEEP backups are removed.
 * Restore with `npm run restore <folder>` (scripts/restore.ts).
 *
 * Environment: DATABASE_URL or DATABASE_PATH, UPLOADS_DIR (as the server reads
 * them), BACKUP_DIR (default ./backups), BACKUP_KEEP (default 14), PG_BIN_DIR.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { z } from "zod";
import { POSTGRES_URL } from "../db/engine";
import { connectionOf, DUMP_FILE, dumpPostgres, pgRestoreFor, verifyDump } from "./backup-postgres";
import { BackupError, fail } from "./backup-error";

export const DATABASE_FILE = "academy.db";
export const MANIFEST_FILE = "manifest.json";
const BACKUP_NAME = /^academy-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z$/;
// Uploads in progress (app/utils/uploads.server.ts) are renamed when complete.
const INCOMING_UPLOAD = /^\.incoming-/;
const DAY_MS = 24 * 60 * 60 * 1000;

export const ManifestSchema = z.object({
  format: z.literal(1),
  // Backups made before PostgreSQL existed have no engine: they are SQLite's.
  engine: z.enum(["sqlite", "postgres"]).default("sqlite"),
  createdAt: z.string(),
  // databaseUrl: the PostgreSQL URL without its password.
  source: z.object({ databasePath: z.string().optional(), databaseUrl: z.string().optional(), uploadsDir: z.string() }),
  tables: z.record(z.number().int().nonnegative()),
  uploads: z.object({ files: z.number().int().nonnegative(), bytes: z.number().nonnegative() }),
  sessionSecret: z.boolean(),
});
export type Manifest = z.infer<typeof ManifestSchema>;

export interface Locations {
  databasePath: string;
  /** DATABASE_URL when it names PostgreSQL: then the database is there, not at databasePath. */
  databaseUrl?: string;
  uploadsDir: string;
  /** The database's folder, where the server keeps `session-secret`. */
  dataDir: string;
  backupDir: string;
}

/**
 * The same defaults as app/utils/env.server.ts. That module is not imported:
 * loading it validates the whole server configuration and may write a
 * session-secret, neither of which a backup should do.
 */
export function locationsFromEnv(env: NodeJS.ProcessEnv = process.env): Locations {
  const databasePath = path.resolve(env.DATABASE_PATH || "./data/academy.db");
  return {
    databasePath,
    ...(env.DATABASE_URL && POSTGRES_URL.test(env.DATABASE_URL) ? { databaseUrl: env.DATABASE_URL } : {}),
    uploadsDir: path.resolve(env.UPLOADS_DIR || "./data/uploads"),
    dataDir: path.dirname(databasePath),
    backupDir: path.resolve(env.BACKUP_DIR || "./backups"),
  };
}

export { BackupError, fail };

/** Runs `main`, printing a BackupError as one line and exiting non-zero on any failure. */
export function runScript(main: () => void | Promise<void>) {
  Promise.resolve()
    .then(main)
    .catch((error: unknown) => {
      console.error(error instanceof BackupError ? `Error: ${error.message}` : error);
      process.exitCode = 1;
    });
}

/** `PRAGMA integrity_check` and the row count of every ordinary table, read from a database file without writing to it. */
export function inspectDatabase(file: string): { problems: string[]; tables: Record<string, number> } {
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    const problems = db
      .prepare("PRAGMA integrity_check")
      .pluck()
      .all()
      .map(String)
      .filter((line) => line !== "ok");
    const names = db
      .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE 'CREATE VIRTUAL TABLE%' ORDER BY name")
      .pluck()
      .all()
      .map(String);
    const tables: Record<string, number> = {};
    for (const name of names) {
      tables[name] = Number(db.prepare(`SELECT count(*) FROM "${name.replaceAll('"', '""')}"`).pluck().get());
    }
    return { problems, tables };
  } catch (error) {
    // A damaged file can fail before integrity_check has a chance to report it.
    if (error instanceof Error && "code" in error && typeof error.code === "string" && /^SQLITE_(CORRUPT|NOTADB)/.test(error.code)) {
      return { problems: [error.message], tables: {} };
    }
    throw error;
  } finally {
    db?.close();
  }
}

export function listBackups(backupDir: string): string[] {
  if (!fs.existsSync(backupDir)) return [];
  return fs
    .readdirSync(backupDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && BACKUP_NAME.test(entry.name) && fs.existsSync(path.join(backupDir, entry.name, MANIFEST_FILE)))
    .map((entry) => entry.name)
    .sort();
}

/** A file-name-safe UTC time that sorts as it reads: 2025-01-31T23-59-59-123Z. */
export function timestamp(date = new Date()): string {
  return date.toISOString().replaceAll(":", "-").replace(".", "-");
}

export function isInside(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}

/**
 * Copies the uploads tree, skipping unfinished uploads. Uploads are never
 * changed in place (each has a random name), so a file with the same size and
 * time as in the previous backup is hard-linked, and daily backups of a large
 * video library cost little more than one copy.
 */
function copyUploads(from: string, to: string, previous: string | undefined): { files: number; bytes: number; linked: number } {
  const totals = { files: 0, bytes: 0, linked: 0 };
  fs.mkdirSync(to, { recursive: true });
  if (!fs.existsSync(from)) return totals;
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      const sub = copyUploads(source, target, previous && path.join(previous, entry.name));
      totals.files += sub.files;
      totals.bytes += sub.bytes;
      totals.linked += sub.linked;
      continue;
    }
    if (!entry.isFile() || INCOMING_UPLOAD.test(entry.name)) continue;
    let stat: fs.Stats;
    try {
      stat = fs.statSync(source);
    } catch {
      continue; // deleted by the server while we were copying
    }
    const earlier = previous ? fs.statSync(path.join(previous, entry.name), { throwIfNoEntry: false }) : undefined;
    let linked = false;
    if (previous && earlier?.isFile() && earlier.size === stat.size && Math.abs(earlier.mtimeMs - stat.mtimeMs) < 1) {
      try {
        fs.linkSync(path.join(previous, entry.name), target);
        linked = true;
      } catch {
        // Another file system or no hard links: copy instead.
      }
    }
    if (!linked) {
      try {
        fs.copyFileSync(source, target);
      } catch (error) {
        if (error instanceof Error && "code" in error && error.code === "ENOENT") continue;
        throw error;
      }
      // Keep the time (to the millisecond, what utimes keeps) so the next
      // backup can recognise the file as unchanged.
      fs.utimesSync(target, stat.atime, stat.mtime);
    }
    totals.files += 1;
    totals.bytes += stat.size;
    if (linked) totals.linked += 1;
  }
  return totals;
}

/** Removes all but the newest `keep` backups, and unfinished ones older than a day; returns the names removed. */
export function rotateBackups(backupDir: string, keep: number): string[] {
  const removed = listBackups(backupDir).slice(0, -keep);
  for (const name of removed) fs.rmSync(path.join(backupDir, name), { recursive: true, force: true });
  for (const entry of fs.readdirSync(backupDir)) {
    if (!/^\.academy-.*\.partial$/.test(entry)) continue;
    const stat = fs.statSync(path.join(backupDir, entry), { throwIfNoEntry: false });
    if (stat && Date.now() - stat.mtimeMs > DAY_MS) fs.rmSync(path.join(backupDir, entry), { recursive: true, force: true });
  }
  return removed;
}

function parseKeep(value: string | undefined): number {
  if (value === undefined || value === "") return 14;
  const keep = Number(value);
  if (!Number.isInteger(keep) || keep < 1) fail(`BACKUP_KEEP must be a whole number of backups to keep, at least 1 (got "${value}").`);
  return keep;
}

function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The SQLite snapshot: `VACUUM INTO` the backup folder, then the integrity check and the counts. */
function snapshotSqlite(databasePath: string, into: string): { file: string; tables: Record<string, number> } {
  const snapshot = path.join(into, DATABASE_FILE);
  // Read-write only so that, when the academy is stopped, closing removes the
  // -wal/-shm files opening created (a read-only connection leaves them behind,
  // owned by whoever ran the backup).
  const source = new Database(databasePath, { fileMustExist: true });
  try {
    // Waits out a checkpoint or WAL recovery by the server instead of failing.
    source.pragma("busy_timeout = 15000");
    source.prepare("VACUUM INTO ?").run(snapshot);
  } finally {
    source.close();
  }
  const { problems, tables } = inspectDatabase(snapshot);
  if (problems.length > 0) fail(`The snapshot of ${databasePath} failed its integrity check:\n  ${problems.slice(0, 10).join("\n  ")}`);
  return { file: snapshot, tables };
}

/** The PostgreSQL dump, read back whole by the server's own pg_restore before it counts as a backup. */
async function snapshotPostgres(databaseUrl: string, into: string): Promise<{ file: string; tables: Record<string, number> }> {
  const file = path.join(into, DUMP_FILE);
  const { tables } = await dumpPostgres(databaseUrl, file);
  const { pgRestore } = await pgRestoreFor(databaseUrl);
  const problems = await verifyDump(file, pgRestore);
  if (problems.length > 0) fail(`The dump of ${connectionOf(databaseUrl).url} could not be read back:\n  ${problems.join("\n  ")}`);
  return { file, tables };
}

export async function backup(env: NodeJS.ProcessEnv = process.env): Promise<{ folder: string; manifest: Manifest; removed: string[] }> {
  const started = Date.now();
  const where = locationsFromEnv(env);
  const keep = parseKeep(env.BACKUP_KEEP);
  if (!where.databaseUrl && !fs.existsSync(where.databasePath)) {
    fail(`No database at ${where.databasePath}. Set DATABASE_PATH to the academy's database file (or DATABASE_URL to its PostgreSQL database).`);
  }
  if (isInside(where.backupDir, where.uploadsDir)) fail(`BACKUP_DIR (${where.backupDir}) must not be inside UPLOADS_DIR (${where.uploadsDir}).`);

  fs.mkdirSync(where.backupDir, { recursive: true });
  const name = `academy-${timestamp()}`;
  const folder = path.join(where.backupDir, name);
  // Written under a hidden name and renamed when complete, so a backup that
  // failed half-way is never listed, restored or counted by the rotation.
  const partial = path.join(where.backupDir, `.${name}.partial`);
  fs.mkdirSync(partial);
  try {
    const { file, tables } = where.databaseUrl ? await snapshotPostgres(where.databaseUrl, partial) : snapshotSqlite(where.databasePath, partial);

    // After the database, so every file the snapshot refers to already exists.
    const previous = listBackups(where.backupDir).at(-1);
    const uploads = copyUploads(where.uploadsDir, path.join(partial, "uploads"), previous && path.join(where.backupDir, previous, "uploads"));

    const secretFile = path.join(where.dataDir, "session-secret");
    const sessionSecret = fs.existsSync(secretFile);
    if (sessionSecret) {
      fs.copyFileSync(secretFile, path.join(partial, "session-secret"));
      fs.chmodSync(path.join(partial, "session-secret"), 0o600);
    }

    const manifest: Manifest = {
      format: 1,
      engine: where.databaseUrl ? "postgres" : "sqlite",
      createdAt: new Date(started).toISOString(),
      source: where.databaseUrl
        ? { databaseUrl: connectionOf(where.databaseUrl).url, uploadsDir: where.uploadsDir }
        : { databasePath: where.databasePath, uploadsDir: where.uploadsDir },
      tables,
      uploads: { files: uploads.files, bytes: uploads.bytes },
      sessionSecret,
    };
    fs.writeFileSync(path.join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    fs.renameSync(partial, folder);

    const removed = rotateBackups(where.backupDir, keep);
    const rows = Object.values(tables).reduce((sum, n) => sum + n, 0);
    const check = where.databaseUrl ? "one snapshot, read back whole: integrity ok" : "integrity ok";
    console.log(
      [
        `Backup written to ${folder} in ${((Date.now() - started) / 1000).toFixed(1)}s:`,
        `  database  ${path.basename(file)} ${formatBytes(fs.statSync(path.join(folder, path.basename(file))).size)}, ${Object.keys(tables).length} tables, ${rows} rows, ${check}`,
        `  uploads   ${uploads.files} files, ${formatBytes(uploads.bytes)}${uploads.linked ? ` (${uploads.linked} unchanged, hard-linked to the previous backup)` : ""}`,
        `  secret    ${sessionSecret ? "session-secret included" : "none in the data folder (SESSION_SECRET is set in the environment)"}`,
        `  rotation  keeping the newest ${keep}${removed.length ? `, removed ${removed.join(", ")}` : ""}`,
      ].join("\n"),
    );
    return { folder, manifest, removed };
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw error;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runScript(async () => {
    await backup();
  });
}
