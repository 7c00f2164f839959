import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type Database from "better-sqlite3";

/**
 * What SQLite says differently from PostgreSQL, for the few concerns every
 * part of the academy shares (issue 42): models write portable SQL and take
 * the rest from here through db/dialect.server.ts. Search has its own modules
 * beside the models that search.
 */

/**
 * `column in (…ids)` with the ids bound as one JSON array (`JSON.stringify(ids)`,
 * or a placeholder given that): one SQL text for lists of any length, so a
 * prepared statement can take them.
 */
export function inIdList(column: SQLWrapper, ids: SQLWrapper | string): SQL {
  return sql`${column} in (select value from json_each(${ids}))`;
}

/** `expression in (…texts)` with the texts bound as one JSON array, like inIdList. */
export function inTextList(expression: SQLWrapper, texts: SQLWrapper | string): SQL {
  return sql`${expression} in (select value from json_each(${texts}))`;
}

/**
 * SQL for a timestamp column (milliseconds since the epoch, as drizzle's
 * timestamp columns store them) as the ISO text a Date becomes in JSON.
 * Lists that go straight to JSON read their times this way: `Date#toISOString`
 * costs about 1 µs a call in Node 20, SQLite's strftime a fifth of that, and a
 * forum page has dozens (issue 15). NULL stays NULL.
 */
export function isoTime(column: string): string {
  return `strftime('%Y-%m-%dT%H:%M:%fZ', ${column} / 1000.0, 'unixepoch')`;
}

/** SQL for a timestamp column's UTC day as 'YYYY-MM-DD' text (for counts per day). */
export function utcDay(column: string): string {
  return `strftime('%Y-%m-%d', ${column} / 1000, 'unixepoch')`;
}

/** A timestamp column as Unix milliseconds, for arithmetic on times (SQLite stores them so). */
export function epochMs(column: SQLWrapper): SQL {
  return sql`${column}`;
}

/** `text` holds `part` anywhere (plain text, no patterns). */
export function containsText(text: SQLWrapper, part: SQLWrapper | string): SQL {
  return sql`instr(${text}, ${part}) > 0`;
}

/** A number that changes whenever another connection commits (to drop caches of derived data). */
export function databaseVersion(sqlite: Database.Database): number {
  return (sqlite.prepare("PRAGMA data_version").get() as { data_version: number }).data_version;
}

/** Makes the database file complete on its own (before a backup copies it or the process stops). */
export function checkpoint(sqlite: Database.Database): void {
  sqlite.pragma("wal_checkpoint(FULL)");
}
