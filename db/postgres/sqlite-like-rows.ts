import pg from "pg";

const { types } = pg;
const timestampOf = types.getTypeParser(types.builtins.TIMESTAMPTZ) as (text: string) => Date;
const asText = (text: string) => text;

/**
 * Type parsers that make raw PostgreSQL rows read as SQLite's driver gives them
 * (issue 43): times as Unix milliseconds, booleans 1/0, bigint and numeric as
 * numbers, JSON as text. Used by `db.all/get/run` (db/postgres/database.ts) and
 * by the tests' direct access to an academy's database (tests/academy-database.ts).
 */
export const SQLITE_LIKE_ROWS = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    switch (oid) {
      case types.builtins.TIMESTAMPTZ:
      case types.builtins.TIMESTAMP:
        return (text: string) => timestampOf(text).getTime();
      case types.builtins.INT8:
      case types.builtins.NUMERIC:
        return Number;
      case types.builtins.BOOL:
        return (text: string) => (text === "t" ? 1 : 0);
      case types.builtins.JSON:
      case types.builtins.JSONB:
        return asText;
      default:
        return types.getTypeParser(oid, format);
    }
  },
};
