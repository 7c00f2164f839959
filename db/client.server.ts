import type Database from "better-sqlite3";
import { env } from "~/utils/env.server";
import { engine } from "./engine";
import { checkPostgres } from "./postgres/connect";
import { postgresDatabase, type TransactionOptions } from "./postgres/database";
import { migratePostgres } from "./postgres/migrate";
import { gated } from "./sqlite/gated-session";
import { asyncDrizzle, openSqlite, sqliteTransactions, type SqliteDatabase } from "./sqlite/database";

/**
 * The academy's database: every query is awaited (issue 42; decision 028), on
 * the engine DATABASE_URL chooses (issue 43; decision 030). Models are typed
 * against drizzle's SQLite database and use only what both engines' drizzle
 * answer alike; db/postgres/database.ts gives PostgreSQL's the few SQLite
 * names models use (`all/get/run` on raw SQL and prepared statements).
 */
export type AppDatabase = SqliteDatabase;
/** What a transaction's work receives: the same `db` (statements find their transaction by their async context). */
export type Tx = AppDatabase;
/** A write's outcome; read the number of rows it changed with `changes()`. */
export type WriteResult = Database.RunResult;

interface Opened {
  db: AppDatabase;
  withTransaction<T>(work: (tx: Tx) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /** Resolves once the database can serve (PostgreSQL: reached and migrated). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

function openSqliteEngine(): Opened {
  // One connection per process: the HTTP server reaches the app only through the
  // Remix build, so this module is evaluated once (docs/decisions/019).
  const db = asyncDrizzle(openSqlite(env.DATABASE_PATH));
  return {
    db,
    withTransaction: sqliteTransactions(db),
    // Opened and migrated synchronously above.
    ready: () => Promise.resolve(),
    close: async () => {
      db.$client.close();
    },
  };
}

function openPostgresEngine(url: string): Opened {
  const opened = postgresDatabase(url, env.DATABASE_POOL_SIZE);
  let readiness: Promise<void> | undefined;
  return {
    db: opened.db as unknown as AppDatabase,
    withTransaction: opened.withTransaction as Opened["withTransaction"],
    ready: () =>
      (readiness ??= (async () => {
        await checkPostgres(opened.pool, url);
        await migratePostgres(opened.pool);
      })()),
    close: () => opened.pool.end(),
  };
}

const opened = engine === "postgres" && env.DATABASE_URL ? openPostgresEngine(env.DATABASE_URL) : openSqliteEngine();

export const db: AppDatabase = opened.db;

/**
 * The one way to run a transaction: `await withTransaction(async (tx) => …)`.
 * Everything the work awaits on `tx` (or `db`) commits together or not at all;
 * called inside a transaction it nests as a savepoint. SQLite holds its one
 * connection and other requests' statements wait; PostgreSQL gives the work a
 * pooled connection of its own, SERIALIZABLE, and runs it again when the
 * server refuses to serialize it (db/sqlite/database.ts, db/postgres/database.ts).
 * `{ isolation: "read committed" }` is for work made only of statements atomic on
 * their own (counter upserts): PostgreSQL then need not retry it under contention.
 */
export const withTransaction: <T>(work: (tx: Tx) => Promise<T>, options?: TransactionOptions) => Promise<T> = opened.withTransaction;

/**
 * Before the first query of a process that starts the academy or runs a script:
 * on PostgreSQL, reaches the server (a PostgresStartError says what is wrong)
 * and applies its migrations under an advisory lock; SQLite is ready on import.
 */
export function openDatabase(): Promise<void> {
  return opened.ready();
}

/** Closes the connections (scripts, at their end). */
export function closeDatabase(): Promise<void> {
  return opened.close();
}

/** The first row of a query (or undefined): `await first(db.select()…limit(1))`. */
export async function first<T>(rows: PromiseLike<T[]>): Promise<T | undefined> {
  return (await rows)[0];
}

/** How many rows a write changed (`await db.update(…)` answers differently per engine). */
export function changes(result: WriteResult): number {
  const answer = result as Partial<WriteResult> & { rowCount?: number | null };
  return answer.changes ?? answer.rowCount ?? 0;
}

/**
 * Synchronous work on the raw SQLite connection, for SQLite's dialect modules
 * only (`*.sqlite.server.ts`): it waits at the same gate as every drizzle query.
 */
export function onSqlite<T>(work: (sqlite: Database.Database) => T): Promise<T> {
  if (engine !== "sqlite") return Promise.reject(new Error("onSqlite() called on PostgreSQL"));
  return gated(() => work(db.$client));
}

/** The one row a write with `returning()` gives back: `await single(db.insert(…).values(…).returning())`. */
export async function single<T>(rows: PromiseLike<T[]>): Promise<T> {
  const [row] = await rows;
  if (row === undefined) throw new Error("expected the write to return a row");
  return row;
}
