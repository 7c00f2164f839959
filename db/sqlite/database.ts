import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { createTableRelationsHelpers, extractTablesRelationalConfig } from "drizzle-orm";
import { drizzle as drizzleSync } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { BaseSQLiteDatabase, SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import { noTransactionOpen, openScopes, runInScope, transactionScope, type TransactionScope } from "~/utils/transaction-scope.server";
import * as schema from "../schema";
import { reuseStatements } from "../reuse-statements";
import { GatedSession, isHolder, releaseConnection, takeConnection } from "./gated-session";

/** The academy's database as models see it: drizzle's SQLite database, every query awaited (decision 028). */
export type SqliteDatabase = BaseSQLiteDatabase<"async", Database.RunResult, typeof schema> & { $client: Database.Database };

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

/** Opens (and migrates) the SQLite file at `databasePath`. */
export function openSqlite(databasePath: string): Database.Database {
  const file = path.resolve(databasePath);
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

export function asyncDrizzle(sqlite: Database.Database): SqliteDatabase {
  const dialect = new SQLiteSyncDialect();
  const tables = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
  const relational = { fullSchema: schema, schema: tables.tables, tableNamesMap: tables.tableNamesMap };
  const session = new GatedSession(sqlite, dialect, relational, {});
  const database = new BaseSQLiteDatabase("async", dialect as never, session as never, relational as never) as SqliteDatabase;
  database.$client = sqlite;
  database.transaction = () => {
    throw new Error("Use withTransaction() from #db/client.server");
  };
  return database;
}

let savepoints = 0;

/**
 * withTransaction on SQLite: the one connection is held for the whole
 * transaction and other requests' statements wait (db/sqlite/gated-session.ts);
 * it begins IMMEDIATE because several academy processes write to one file
 * (issue 41) and a deferred read-then-write transaction would fail with
 * SQLITE_BUSY instead of waiting its turn. Nested, it is a savepoint.
 */
export function sqliteTransactions(database: SqliteDatabase) {
  const sqlite = database.$client;
  return async function withTransaction<T>(work: (tx: SqliteDatabase) => Promise<T>): Promise<T> {
    const outer = transactionScope();
    if (outer && isHolder(outer.token)) {
      const name = `nested_${++savepoints}`;
      sqlite.prepare(`SAVEPOINT ${name}`).run();
      try {
        const result = await work(database);
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
          const value = await work(database);
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
  };
}
