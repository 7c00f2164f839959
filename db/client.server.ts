import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { env } from "~/utils/env.server";
import * as schema from "./schema";
import { reuseStatements } from "./reuse-statements";

export type AppDatabase = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/**
 * A migration that changes a table's CHECK rebuilds it (new table, copy, drop,
 * rename). With foreign keys on, dropping `users` would cascade-delete every
 * member's rows elsewhere, and PRAGMA foreign_keys cannot change inside the
 * migrator's transaction; so migrations run with them off, as SQLite's own
 * ALTER TABLE procedure says, and the result is checked before they go back on.
 */
function migrateWithoutCascades(sqlite: Database.Database, db: AppDatabase): void {
  sqlite.pragma("foreign_keys = OFF");
  migrate(db, { migrationsFolder: path.resolve("db/migrations") });
  const broken = sqlite.pragma("foreign_key_check") as unknown[];
  if (broken.length > 0) throw new Error(`migrations left ${broken.length} rows pointing at missing parents: ${JSON.stringify(broken.slice(0, 5))}`);
}

/**
 * Transactions begin IMMEDIATE: several academy processes write to one file
 * (issue 41), and a DEFERRED transaction that reads first and writes later
 * fails at once with SQLITE_BUSY when another process wrote in between
 * (busy_timeout cannot wait for it); taking the write lock at BEGIN makes it
 * wait its turn instead.
 */
function beginImmediately(db: AppDatabase): void {
  const begin = db.transaction.bind(db);
  db.transaction = (work, config) => begin(work, { behavior: "immediate", ...config });
}

function openDatabase(): AppDatabase {
  const file = path.resolve(env.DATABASE_PATH);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("busy_timeout = 5000");
  // NORMAL is durable against application crashes in WAL mode; only a power cut
  // can lose the last few commits, which is the usual trade for a single server
  // and spares an fsync on every write.
  sqlite.pragma("synchronous = NORMAL");
  reuseStatements(sqlite);
  const db = drizzle(sqlite, { schema });
  migrateWithoutCascades(sqlite, db);
  sqlite.pragma("foreign_keys = ON");
  beginImmediately(db);
  return db;
}

// One connection per process: the HTTP server reaches the app only through the
// Remix build, so this module is evaluated once (docs/decisions/019).
export const db: AppDatabase = openDatabase();
