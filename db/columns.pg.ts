import { sql, type SQL } from "drizzle-orm";
import {
  bigint,
  boolean,
  customType,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  text as pgText,
  timestamp as pgTimestamp,
} from "drizzle-orm/pg-core";

/**
 * The column kinds of db/columns.ts built on drizzle's pg-core (issue 43, decision 029):
 * the same names and the same TypeScript row types, so db/schema.pg.ts (generated from
 * db/schema.ts by scripts/generate-pg-schema.ts) yields rows that models cannot tell
 * apart. tests/unit/schema-row-types.test.ts fails to compile when a type differs.
 */
export { check, index, primaryKey, uniqueIndex } from "drizzle-orm/pg-core";

export const table = pgTable;
export const int = (name: string) => integer(name);
export const text = pgText;
/** SQLite's REAL is an 8-byte float: double precision, not PostgreSQL's 4-byte real. */
export const real = (name: string) => doublePrecision(name);

/**
 * An integer that may pass 2^31 (Unix milliseconds, byte sizes): SQLite's integers are
 * 64-bit, PostgreSQL's `integer` is not. Read as a number: exact up to 2^53.
 */
export const bigInt = (name: string) => bigint(name, { mode: "number" });

/**
 * The table's own id. "By default", not "always": db:copy keeps a SQLite academy's ids
 * (and then moves the sequence past them).
 */
export const id = () => integer("id").primaryKey().generatedByDefaultAsIdentity();

/**
 * A moment, as timestamptz read as a Date. Millisecond precision, as a JS Date holds, so a
 * stored Date reads back equal and an equality test on one matches (see decision 029).
 */
export const timestamp = (name: string) => pgTimestamp(name, { withTimezone: true, mode: "date", precision: 3 });

/** Now, as the database writes it into a timestamp column by default. */
export const NOW: SQL = sql`now()`;

export const bool = (name: string) => boolean(name);

/** JSON as jsonb; its TypeScript type comes from `.$type<…>()`, as on SQLite. */
export const json = (name: string) => jsonb(name);

const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => "bytea",
});
export const bytes = (name: string) => bytea(name);

/** A partial index's or check's "this boolean column is true": the column itself. */
export const isTrue = (column: string): SQL => sql.raw(column);
export type { AnyPgColumn as ColumnRef } from "drizzle-orm/pg-core";
