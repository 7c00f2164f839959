import { getTableColumns, getTableName, is, type Table } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, test } from "vitest";
import * as pgSchema from "#db/schema.pg";
import * as sqliteSchema from "#db/schema";

/*
 * The two engines' drizzle schemas (db/schema.ts on SQLite, its generated copy
 * db/schema.pg.ts on PostgreSQL) must give models the same rows. The check is in
 * the types: `tsc --noEmit` (npm test's first step) fails on this file when a
 * table's select or insert row differs between the engines, or when a table
 * exists on one side only. The runtime test below covers the same tables by name.
 */

// True only when A and B are mutually assignable in every position (the usual strict test).
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;

type TableKeys<S> = { [K in keyof S]: S[K] extends Table ? K : never }[keyof S];
type SqliteTables = TableKeys<typeof sqliteSchema>;
type PgTables = TableKeys<typeof pgSchema>;

type SelectRowsDiffer = {
  [K in SqliteTables & PgTables]: Equal<
    (typeof sqliteSchema)[K] extends Table ? (typeof sqliteSchema)[K]["$inferSelect"] : never,
    (typeof pgSchema)[K] extends Table ? (typeof pgSchema)[K]["$inferSelect"] : never
  > extends true
    ? never
    : K;
}[SqliteTables & PgTables];

/*
 * SQLite treats a lone INTEGER PRIMARY KEY as the rowid, which it fills in when
 * omitted, so sqlite-core makes such a key optional on insert; PostgreSQL has no
 * such column and requires it. These tables' keys are always given (the member's
 * id): their insert rows are compared with every key required.
 */
type RowidKeyTables = "learningHeartbeats" | "calculatorRecords" | "calendarFeeds" | "notificationPreferences" | "catalogueVersion";

type InsertRowsDiffer = {
  [K in SqliteTables & PgTables]: Equal<
    (typeof sqliteSchema)[K] extends Table ? InsertRow<(typeof sqliteSchema)[K]["$inferInsert"], K> : never,
    (typeof pgSchema)[K] extends Table ? InsertRow<(typeof pgSchema)[K]["$inferInsert"], K> : never
  > extends true
    ? never
    : K;
}[SqliteTables & PgTables];
type InsertRow<Row, K> = K extends RowidKeyTables ? Required<Row> : Row;

// A failure names the tables: "Type 'false' does not satisfy the constraint 'true'" on the
// line whose never became a union of table names.
export type Checks = [
  Expect<Equal<SelectRowsDiffer, never>>,
  Expect<Equal<InsertRowsDiffer, never>>,
  Expect<Equal<SqliteTables, PgTables>>,
  // The helper itself tells types apart (else the checks above could never fail).
  Expect<Equal<Equal<{ at: Date }, { at: number }>, false>>,
  Expect<Equal<Equal<{ on: boolean }, { on: boolean | null }>, false>>,
];

describe("one schema source, two engines", () => {
  test("both schemas export the same tables, with the same SQL names and column names", () => {
    const shape = (schema: Record<string, unknown>, kind: typeof SQLiteTable | typeof PgTable) =>
      Object.fromEntries(
        Object.entries(schema)
          .filter((entry): entry is [string, Table] => is(entry[1], kind))
          .map(([key, table]) => [key, [getTableName(table), ...columnNames(table)]]),
      );
    const sqlite = shape(sqliteSchema, SQLiteTable);
    const pg = shape(pgSchema, PgTable);
    expect(Object.keys(sqlite).length).toBeGreaterThan(40);
    expect(pg).toEqual(sqlite);
  });
});

function columnNames(table: Table): string[] {
  return Object.values(getTableColumns(table))
    .map((column) => column.name)
    .sort();
}
