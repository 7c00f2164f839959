import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

/**
 * What PostgreSQL says differently from SQLite (issue 43), for the concerns
 * every part of the academy shares: db/sqlite/dialect.ts's twin, chosen by
 * db/dialect.server.ts.
 */

/**
 * The text search configuration of the word indexes (the generated `search`
 * columns, db/migrations-pg 0002 and 0003): Snowball's English stems, every
 * word kept, accents folded. Queries and stems must use the same.
 */
export const TEXT_SEARCH_CONFIG = "academy_english";

/** `column in (…ids)` with the ids bound as one JSON array text, as on SQLite. */
export function inIdList(column: SQLWrapper, ids: SQLWrapper | string): SQL {
  return sql`${column} in (select (jsonb_array_elements_text(${ids}::jsonb))::int)`;
}

/** `expression in (…texts)` with the texts bound as one JSON array text, as on SQLite. */
export function inTextList(expression: SQLWrapper, texts: SQLWrapper | string): SQL {
  return sql`${expression} in (select jsonb_array_elements_text(${texts}::jsonb))`;
}

/** SQL for a timestamptz column as the ISO text a Date becomes in JSON (NULL stays NULL). */
export function isoTime(column: string): string {
  return `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** SQL for a timestamptz column's UTC day as 'YYYY-MM-DD' text (for counts per day). */
export function utcDay(column: string): string {
  return `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;
}

/** A timestamptz column as Unix milliseconds (bigint), for arithmetic on times. */
export function epochMs(column: SQLWrapper): SQL {
  return sql`cast(extract(epoch from ${column}) * 1000 as bigint)`;
}

/** `text` holds `part` anywhere (plain text, no patterns). */
export function containsText(text: SQLWrapper, part: SQLWrapper | string): SQL {
  return sql`strpos(${text}, ${part}) > 0`;
}

/**
 * Changes whenever anything commits a write: the server's WAL insert position.
 * It moves for writes to any database of the server too, which only costs a
 * cache rebuild; what matters is that it never stays put after a write.
 */
export const DATABASE_VERSION = sql`select pg_current_wal_insert_lsn()::text as "version"`;
