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
 * Environment: DATABASE_PATH and UPLOADS_DIR name where to restore to, as the
 * server reads them.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { DATABASE_FILE, fail, inspectDatabase, locationsFromEnv, MANIFEST_FILE, ManifestSchema, runScript, timestamp, type Manifest } from "./backup";

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
  if (!fs.existsSync(file) || !fs.existsSync(path.join(folder, DATABASE_FILE))) {
    fail(`${folder} is not a backup made by \`npm run backup\` (it needs ${MANIFEST_FILE} and ${DATABASE_FILE}).`);
  }
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    fail(`${file} is not valid JSON.`);
  }
  const parsed = ManifestSchema.safeParse(json);
  if (!parsed.success) fail(`${file} is not a manifest this version understands.`);
  return parsed.data;
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

function restore(given: string | undefined) {
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

    // Check the backup completely before touching anything.
    const { problems, tables } = inspectDatabase(path.join(folder, DATABASE_FILE));
    if (problems.length > 0) fail(`The backup's database failed its integrity check; nothing was changed:\n  ${problems.slice(0, 10).join("\n  ")}`);
    const mismatched = Object.entries(manifest.tables).filter(([name, count]) => tables[name] !== count);
    if (mismatched.length > 0) {
      fail(`The backup's database does not match its manifest (${mismatched.map(([name]) => name).join(", ")}); nothing was changed.`);
    }
    assertNotInUse(where.databasePath);

    const stamp = timestamp();
    fs.mkdirSync(path.dirname(where.databasePath), { recursive: true });
    const keptDatabase = keepAside(where.databasePath, stamp, ["-wal", "-shm"]);
    // Copied under a temporary name and renamed, so DATABASE_PATH never holds half a file.
    const incoming = `${where.databasePath}.restoring`;
    fs.copyFileSync(path.join(folder, DATABASE_FILE), incoming);
    fs.renameSync(incoming, where.databasePath);

    const keptUploads = keepAside(where.uploadsDir, stamp);
    const uploadsBackup = path.join(folder, "uploads");
    if (fs.existsSync(uploadsBackup)) fs.cpSync(uploadsBackup, where.uploadsDir, { recursive: true, preserveTimestamps: true });
    else fs.mkdirSync(where.uploadsDir, { recursive: true });

    const secret = path.join(where.dataDir, "session-secret");
    let keptSecret: string | undefined;
    if (fs.existsSync(path.join(folder, "session-secret"))) {
      keptSecret = keepAside(secret, stamp);
      fs.copyFileSync(path.join(folder, "session-secret"), secret);
      fs.chmodSync(secret, 0o600);
    }

    const rows = Object.values(tables).reduce((sum, n) => sum + n, 0);
    const kept = [keptDatabase, keptUploads, keptSecret].filter(Boolean);
    console.log(
      [
        `Restored the backup of ${manifest.createdAt} from ${given}:`,
        `  database  ${where.databasePath} (${Object.keys(tables).length} tables, ${rows} rows, integrity ok)`,
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
