import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { db, onSqlite } from "./client.server";
import { engine } from "./engine";
import * as postgres from "./postgres/dialect";
import * as sqlite from "./sqlite/dialect";

/**
 * The engine-specific pieces models share (issues 42 and 43), for the engine
 * the academy runs on: db/sqlite/dialect.ts or db/postgres/dialect.ts.
 */
const chosen = engine === "postgres" ? postgres : sqlite;

export const inIdList = chosen.inIdList;
export const inTextList = chosen.inTextList;
export const isoTime = chosen.isoTime;
export const utcDay = chosen.utcDay;
export const containsText = chosen.containsText;
export const epochMs = chosen.epochMs;

/** A value that changes whenever another connection commits (to drop caches of derived data). */
export async function databaseVersion(): Promise<string> {
  if (engine === "postgres") return (await db.get<{ version: string }>(postgres.DATABASE_VERSION))?.version ?? "";
  return String(await onSqlite(sqlite.databaseVersion));
}

/** At shutdown, synchronously: the database file holds every commit (SQLite's WAL written back; nothing to do on PostgreSQL). */
export function checkpointBeforeExit(): void {
  if (engine === "sqlite") sqlite.checkpoint(db.$client);
}

/** How many rows have `column` true (0 when none): portable, as PostgreSQL cannot sum booleans. */
export function countTrue(column: SQLWrapper): SQL<number> {
  return sql<number>`coalesce(sum(case when ${column} then 1 else 0 end), 0)`.mapWith(Number);
}

/** Whether a failed statement broke a unique index (SQLite's or PostgreSQL's code, however the driver wrapped it). */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY" || code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
