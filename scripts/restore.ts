/**
 * `npm run restore <backup>`: puts a backup made by `npm run backup` back in
 * place. Stop the academy first; this refuses to run while the database is open.
 *
 * <backup> is a backup folder (BACKUP_DIR/academy-<time>), a file inside it, or
 * a .tar / .tar.gz / .tgz of such a folder (unpacked with the `tar` command).
 * The backup's database must pass `PRAGMA integrity_check` and match its
 * manifest before anything is touched. What it replaces is kept beside it:
 * academy.db.before-restore-<time>, uploads.before-restore-<time>,
 * session-secret.before-restore-<time>; delete them once the academy runs well.
 *
 * PostgreSQL (DATABASE_URL): the dump must read back whole and list every table of
 * its manifest; the database must have no other connection; a database that already
 * has tables is first dumped to database.before-restore-<time>.pgdump in the data
 * folder; then pg_restore replaces the dump's objects in one transaction
 * (scripts/backup-postgres.ts). A backup is restored only to the engine it was made
 * on: a SQLite academy moves to PostgreSQL with `npm run db:copy`.
 *
 * Environment: DATABASE_URL or DATABASE_PATH, and UPLOADS_DIR, name where to
 * restore to, as the server reads them; PG_BIN_DIR where pg_restore is.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { DATABASE_FILE, fail, inspectDatabase, locationsFromEnv, MANIFEST_FILE, ManifestSchema, runScript, timestamp, type Locations, type Manifest } from "./backup";
import { assertPostgresNotInUse, connectionOf, DUMP_FILE, dumpPostgres, hasTables, listedTables, pgRestoreFor, restorePostgres, verifyDump } from "./backup-postgres";

const ARCHIVE = /\.(tar|tar\.gz|tgz)$/;

/** The backup folder `given` names; archives are unpacked into `scratch`. */
function findBackupFolder(given: string, scratch: () => string): string {
  const target = path.resolve(given);
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) fail(`No backup at ${target}.`);
  if (stat.isDirectory()) return target;
  if (!ARCHIVE.test(target)) return path.dirname(target);
  const into = scratch();
  try {
    execFileSync("tar", ["-xf", target, "-C", into], { stdio: ["ignore", "ignore", "pipe"] });
  } catch (error) {
    fail(`Could not unpack ${target} with tar: ${error instanceof Error ? error.message.trim() : String(error)}`);
  }
  if (fs.existsSync(path.join(into, MANIFEST_FILE))) return into;
  const folders = fs.readdirSync(into).filter((name) => fs.existsSync(path.join(into, name, MANIFEST_FILE)));
  if (folders.length !== 1 || !folders[0]) fail(`${target} does not hold exactly one backup folder (with a ${MANIFEST_FILE}).`);
  return path.join(into, folders[0]);
}

function readManifest(folder: string): Manifest {
  const file = path.join(folder, MANIFEST_FILE);
  if (!fs.existsSync(file)) fail(`${folder} is not a backup made by \`npm run backup\` (it needs ${MANIFEST_FILE}).`);
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    fail(`${file} is not valid JSON.`);
  }
  const parsed = ManifestSchema.safeParse(json);
  if (!parsed.success) fail(`${file} is not a manifest this version understands.`);
  const database = parsed.data.engine === "postgres" ? DUMP_FILE : DATABASE_FILE;
  if (!fs.existsSync(path.join(folder, database))) fail(`${folder} is not a complete backup: its manifest names ${database}, which is missing.`);
  return parsed.data;
}

/** A backup goes back to the engine it came from: converting is db:copy's work, not restore's. */
function assertSameEngine(manifest: Manifest, where: Locations) {
  if (manifest.engine === "sqlite" && where.databaseUrl) {
    fail(
      "This backup is of a SQLite academy (academy.db), but DATABASE_URL names PostgreSQL; nothing was changed. " +
        "Restore it with DATABASE_URL unset (to DATABASE_PATH), then move it with `npm run db:copy -- <academy.db> <postgres url>`.",
    );
  }
  if (manifest.engine === "postgres" && !where.databaseUrl) {
    fail(
      "This backup is of a PostgreSQL academy (academy.pgdump), but DATABASE_URL is not set; nothing was changed. " +
        "Set DATABASE_URL to the PostgreSQL database to restore it into (an academy does not move back from PostgreSQL to SQLite).",
    );
  }
}

/**
 * Fails when another connection has the database open. In WAL mode every open
 * connection keeps a shared lock on the file, so an exclusive lock is refused
 * while the academy runs, even when it is idle.
 */
function assertNotInUse(databasePath: string) {
  if (!fs.existsSync(databasePath)) return;
  let db: Database.Database | undefined;
  try {
    db = new Database(databasePath, { fileMustExist: true, timeout: 0 });
    db.pragma("locking_mode = EXCLUSIVE");
    db.exec("BEGIN EXCLUSIVE");
    db.exec("COMMIT");
  } catch (error) {
    db?.close();
    if (error instanceof Error && "code" in error && typeof error.code === "string" && error.code.startsWith("SQLITE_BUSY")) {
      fail(`${databasePath} is in use: stop the academy (and anything else using the database) before restoring.`);
    }
    throw error;
  }
  // As the last connection, closing moves the WAL into the database file and
  // deletes it, so the file kept aside below is complete on its own.
  db.close();
}

/** Moves `file` (and its SQLite -wal/-shm companions, for a database) aside as `<file>.before-restore-<stamp>`. */
function keepAside(file: string, stamp: string, companions: string[] = []): string | undefined {
  if (!fs.existsSync(file)) return undefined;
  const kept = `${file}.before-restore-${stamp}`;
  fs.renameSync(file, kept);
  for (const suffix of companions) {
    if (fs.existsSync(file + suffix)) fs.renameSync(file + suffix, kept + suffix);
  }
  return kept;
}

/** SQLite: checks the backup's file, then puts it at DATABASE_PATH, keeping the old file aside. */
function restoreSqlite(folder: string, manifest: Manifest, where: Locations, stamp: string): { database: string; tables: Record<string, number>; kept?: string } {
  const { problems, tables } = inspectDatabase(path.join(folder, DATABASE_FILE));
  if (problems.length > 0) fail(`The backup's database failed its integrity check; nothing was changed:\n  ${problems.slice(0, 10).join("\n  ")}`);
  const mismatched = Object.entries(manifest.tables).filter(([name, count]) => tables[name] !== count);
  if (mismatched.length > 0) {
    fail(`The backup's database does not match its manifest (${mismatched.map(([name]) => name).join(", ")}); nothing was changed.`);
  }
  assertNotInUse(where.databasePath);

  fs.mkdirSync(path.dirname(where.databasePath), { recursive: true });
  const kept = keepAside(where.databasePath, stamp, ["-wal", "-shm"]);
  // Copied under a temporary name and renamed, so DATABASE_PATH never holds half a file.
  const incoming = `${where.databasePath}.restoring`;
  fs.copyFileSync(path.join(folder, DATABASE_FILE), incoming);
  fs.renameSync(incoming, where.databasePath);
  return { database: where.databasePath, tables, kept };
}

/**
 * PostgreSQL: checks the dump (reads back whole, holds every table of the manifest), that
 * nobody uses the database, keeps a dump of what is there, then pg_restore in one transaction.
 */
async function restorePostgresBackup(
  folder: string,
  manifest: Manifest,
  databaseUrl: string,
  where: Locations,
  stamp: string,
): Promise<{ database: string; tables: Record<string, number>; kept?: string }> {
  const dump = path.join(folder, DUMP_FILE);
  const { pgRestore } = await pgRestoreFor(databaseUrl);
  const problems = await verifyDump(dump, pgRestore);
  if (problems.length > 0) fail(`The backup's database failed its integrity check; nothing was changed:\n  ${problems.join("\n  ")}`);
  const listed = await listedTables(dump, pgRestore);
  const missing = Object.keys(manifest.tables).filter((name) => !listed.has(name));
  if (missing.length > 0) fail(`The backup's dump does not match its manifest (no ${missing.join(", ")}); nothing was changed.`);
  await assertPostgresNotInUse(databaseUrl);

  let kept: string | undefined;
  if (await hasTables(databaseUrl)) {
    fs.mkdirSync(where.dataDir, { recursive: true });
    kept = path.join(where.dataDir, `database.before-restore-${stamp}.pgdump`);
    await dumpPostgres(databaseUrl, kept);
  }
  const tables = await restorePostgres(databaseUrl, dump, pgRestore);
  const mismatched = Object.entries(manifest.tables).filter(([name, count]) => tables[name] !== count);
  if (mismatched.length > 0) {
    fail(
      `The restored database does not match the backup's manifest (${mismatched.map(([name]) => name).join(", ")})` +
        (kept ? `; what was there before is in ${kept} (pg_restore --clean --if-exists --no-owner -d <url> ${kept}).` : "."),
    );
  }
  return { database: connectionOf(databaseUrl).url, tables, kept };
}

async function restore(given: string | undefined) {
  if (!given) fail("Usage: npm run restore <backup folder or archive>   (see BACKUP_DIR, default ./backups)");
  const where = locationsFromEnv();
  const scratchDirs: string[] = [];
  try {
    const folder = findBackupFolder(given, () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-restore-"));
      scratchDirs.push(dir);
      return dir;
    });
    const manifest = readManifest(folder);
    assertSameEngine(manifest, where);

    // Each checks the backup completely before touching anything.
    const stamp = timestamp();
    const { database, tables, kept: keptDatabase } = where.databaseUrl
      ? await restorePostgresBackup(folder, manifest, where.databaseUrl, where, stamp)
      : restoreSqlite(folder, manifest, where, stamp);

    const keptUploads = keepAside(where.uploadsDir, stamp);
    const uploadsBackup = path.join(folder, "uploads");
    if (fs.existsSync(uploadsBackup)) fs.cpSync(uploadsBackup, where.uploadsDir, { recursive: true, preserveTimestamps: true });
    else fs.mkdirSync(where.uploadsDir, { recursive: true });

    const secret = path.join(where.dataDir, "session-secret");
    let keptSecret: string | undefined;
    if (fs.existsSync(path.join(folder, "session-secret"))) {
      fs.mkdirSync(where.dataDir, { recursive: true });
      keptSecret = keepAside(secret, stamp);
      fs.copyFileSync(path.join(folder, "session-secret"), secret);
      fs.chmodSync(secret, 0o600);
    }

    const rows = Object.values(tables).reduce((sum, n) => sum + n, 0);
    const kept = [keptDatabase, keptUploads, keptSecret].filter(Boolean);
    console.log(
      [
        `Restored the backup of ${manifest.createdAt} from ${given}:`,
        `  database  ${database} (${Object.keys(tables).length} tables, ${rows} rows, integrity ok)`,
        `  uploads   ${where.uploadsDir} (${manifest.uploads.files} files)`,
        `  secret    ${manifest.sessionSecret ? secret : "not in the backup (SESSION_SECRET was set in the environment)"}`,
        kept.length ? `Kept what was there before: ${kept.join(", ")} (delete them once the academy runs well).` : "There was nothing to keep aside.",
        "Start the academy now; migrations bring an older backup up to date.",
      ].join("\n"),
    );
  } finally {
    for (const dir of scratchDirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}

runScript(() => restore(process.argv[2]));
