import { sql, type SQL } from "drizzle-orm";
import { blob, integer, sqliteTable, text as sqliteText, real as sqliteReal } from "drizzle-orm/sqlite-core";

/**
 * SQLite's column kinds (issue 42, decision 028), chosen by db/columns.ts. The
 * schema names only these and never an engine's own column types, so the same
 * table definitions can be built for PostgreSQL by a sibling of this module
 * (db/columns.pg.ts, issue 43) that gives every helper the same name and the
 * same TypeScript type. Here: SQLite, through drizzle's sqlite-core.
 */
export { check, index, primaryKey, uniqueIndex } from "drizzle-orm/sqlite-core";

export const table = sqliteTable;
export const int = integer;
export const text = sqliteText;
export const real = sqliteReal;

/**
 * An integer that may pass 2^31 (Unix milliseconds, byte sizes). SQLite's integers are
 * all 64-bit; PostgreSQL needs bigint for these (db/columns.pg.ts).
 */
export const bigInt = (name: string) => integer(name);

/** The table's own id: an integer that counts up and is never reused. */
export const id = () => integer("id").primaryKey({ autoIncrement: true });

/** A moment, stored as Unix milliseconds, read as a Date. */
export const timestamp = (name: string) => integer(name, { mode: "timestamp_ms" });

/** Now, as the database writes it into a timestamp column by default. */
export const NOW: SQL = sql`(unixepoch('subsec') * 1000)`;

export const bool = (name: string) => integer(name, { mode: "boolean" });

/** JSON kept as text; its TypeScript type comes from `.$type<…>()`. */
export const json = (name: string) => sqliteText(name, { mode: "json" });

export const bytes = (name: string) => blob(name, { mode: "buffer" });

/** A partial index's or check's "this boolean column is true", as the engine stores booleans. */
export const isTrue = (column: string): SQL => sql.raw(`${column} = 1`);
export type { AnySQLiteColumn as ColumnRef } from "drizzle-orm/sqlite-core";
