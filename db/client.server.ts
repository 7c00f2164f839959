import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { createTableRelationsHelpers, extractTablesRelationalConfig } from "drizzle-orm";
import { drizzle as drizzleSync } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { BaseSQLiteDatabase, SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import { env } from "~/utils/env.server";
import { noTransactionOpen, openScopes, runInScope, transactionScope, type TransactionScope } from "~/utils/transaction-scope.server";
import * as schema from "./schema";
import { reuseStatements } from "./reuse-statements";
import { GatedSession, gated, isHolder, releaseConnection, takeConnection } from "./sqlite/gated-session";

/** The academy's database: every query is awaited (issue 42; decision in docs/decisions/028). */
export type AppDatabase = BaseSQLiteDatabase<"async", Database.RunResult, typeof schema> & { $client: Database.Database };
/** What a transaction's work receives. On SQLite it is the same connection as `db`. */
export type Tx = AppDatabase;
/** A write's outcome; read the number of rows it changed with `changes()`. */
export type WriteResult = Database.RunResult;

/**
 * A migration that changes a table's CHECK rebuilds it (new table, copy, drop,
 * rename). With foreign keys on, dropping `users` would cascade-delete every
 * member's rows elsewhere, and PRAGMA foreign_keys cannot change inside the
 * migrator's transaction; so migrations run with them off, as SQLite's own
 * ALTER TABLE procedure says, and the result is checked before they go back on.
 */
function migrateWithoutCascades(sqlite: Database.Database): void {
  sqlite.pragma("foreign_keys = OFF");
  migrate(drizzleSync(sqlite), { migrationsFolder: path.resolve("db/migrations") });
  const broken = sqlite.pragma("foreign_key_check") as unknown[];
  if (broken.length > 0) throw new Error(`migrations left ${broken.length} rows pointing at missing parents: ${JSON.stringify(broken.slice(0, 5))}`);
}

function openSqlite(): Database.Database {
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
  migrateWithoutCascades(sqlite);
  sqlite.pragma("foreign_keys = ON");
  return sqlite;
}

function asyncDrizzle(sqlite: Database.Database): AppDatabase {
  const dialect = new SQLiteSyncDialect();
  const tables = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
  const relational = { fullSchema: schema, schema: tables.tables, tableNamesMap: tables.tableNamesMap };
  const session = new GatedSession(sqlite, dialect, relational, {});
  const database = new BaseSQLiteDatabase("async", dialect as never, session as never, relational as never) as AppDatabase;
  database.$client = sqlite;
  database.transaction = () => {
    throw new Error("Use withTransaction() from #db/client.server");
  };
  return database;
}

// One connection per process: the HTTP server reaches the app only through the
// Remix build, so this module is evaluated once (docs/decisions/019).
export const db: AppDatabase = asyncDrizzle(openSqlite());

let savepoints = 0;

/**
 * The one way to run a transaction: `await withTransaction(async (tx) => …)`.
 * Everything the work awaits on `tx` (or `db`) commits together or not at all.
 * On SQLite the connection is held for the whole transaction and other
 * requests' statements wait (db/sqlite/gated-session.ts); it begins IMMEDIATE
 * because several academy processes write to one file (issue 41) and a
 * deferred read-then-write transaction would fail with SQLITE_BUSY instead of
 * waiting its turn. Called inside a transaction it nests as a savepoint.
 */
export async function withTransaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
  const sqlite = db.$client;
  const outer = transactionScope();
  if (outer && isHolder(outer.token)) {
    const name = `nested_${++savepoints}`;
    sqlite.prepare(`SAVEPOINT ${name}`).run();
    try {
      const result = await work(db);
      sqlite.prepare(`RELEASE ${name}`).run();
      return result;
    } catch (error) {
      sqlite.prepare(`ROLLBACK TO ${name}`).run();
      sqlite.prepare(`RELEASE ${name}`).run();
      throw error;
    }
  }
  const scope: TransactionScope = { token: Symbol("transaction"), onCommit: [] };
  await takeConnection(scope.token);
  openScopes.add(scope.token);
  let committed = false;
  try {
    const result = await runInScope(scope, async () => {
      sqlite.prepare("BEGIN IMMEDIATE").run();
      try {
        const value = await work(db);
        sqlite.prepare("COMMIT").run();
        return value;
      } catch (error) {
        if (sqlite.inTransaction) sqlite.prepare("ROLLBACK").run();
        throw error;
      }
    });
    committed = true;
    return result;
  } finally {
    openScopes.delete(scope.token);
    noTransactionOpen();
    releaseConnection();
    if (committed) for (const then of scope.onCommit) then();
  }
}

/** The first row of a query (or undefined): `await first(db.select()…limit(1))`. */
export async function first<T>(rows: PromiseLike<T[]>): Promise<T | undefined> {
  return (await rows)[0];
}

/** How many rows a write changed (`await db.update(…)` answers differently per engine). */
export function changes(result: WriteResult): number {
  return result.changes;
}

/**
 * Synchronous work on the raw SQLite connection, for dialect modules only
 * (`*.sqlite.server.ts`): it waits at the same gate as every drizzle query.
 */
export function onSqlite<T>(work: (sqlite: Database.Database) => T): Promise<T> {
  return gated(() => work(db.$client));
}

/** The one row a write with `returning()` gives back: `await single(db.insert(…).values(…).returning())`. */
export async function single<T>(rows: PromiseLike<T[]>): Promise<T> {
  const [row] = await rows;
  if (row === undefined) throw new Error("expected the write to return a row");
  return row;
}
