import * as postgres from "./columns.pg";
import * as sqlite from "./columns.sqlite";
import { engine } from "./engine";

/**
 * The column kinds db/schema.ts is written in (decisions 028 and 029), for the
 * engine this process runs on: db/columns.sqlite.ts or db/columns.pg.ts. Both
 * give every helper the same name and the same row types (checked by
 * tests/unit/schema-row-types.test.ts), so the tables models import from
 * db/schema.ts are typed once, as SQLite's, and built at run time for the
 * engine in use. drizzle-kit reads db/schema.ts (SQLite, DATABASE_URL unset)
 * and the generated db/schema.pg.ts, which imports db/columns.pg.ts directly.
 */
const chosen = (engine === "postgres" ? postgres : sqlite) as unknown as typeof sqlite;

/** What a column that refers to its own table (a reply's parent) is typed as. */
export type { ColumnRef } from "./columns.sqlite";

export const { table, int, text, real, bigInt, id, timestamp, NOW, bool, json, bytes, isTrue, check, index, primaryKey, uniqueIndex } = chosen;
