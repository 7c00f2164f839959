import Database from "better-sqlite3";
import pg from "pg";
import { SQLITE_LIKE_ROWS } from "../db/postgres/sqlite-like-rows";

/**
 * Direct access to a test academy's database, on whichever engine it runs
 * (issue 43): the integration suite runs once on SQLite and once on
 * PostgreSQL. SQL is written once, with `?` placeholders, in SQL both engines
 * accept (booleans as true/false, counts cast with `cast(count(*) as int)` or
 * read through Number()). Values and rows look the same on both:
 * - pass times as Dates (stored as Unix ms on SQLite, timestamptz on PostgreSQL);
 * - rows give times as Unix ms numbers, booleans as 1/0, bigints as numbers,
 *   JSON as text — as SQLite's driver gives them.
 */
export interface AcademyDatabase {
  all<T = Record<string, unknown>>(sql: string, ...params: unknown[]): Promise<T[]>;
  get<T = Record<string, unknown>>(sql: string, ...params: unknown[]): Promise<T | undefined>;
  /** Runs a write; returns how many rows it changed. */
  run(sql: string, ...params: unknown[]): Promise<number>;
  close(): Promise<void>;
}

/** Opens the database of an academy started by scripts/academy-process.ts. */
export async function academyDatabase(academy: { databasePath: string; databaseUrl?: string }): Promise<AcademyDatabase> {
  return academy.databaseUrl ? openPostgres(academy.databaseUrl) : openSqlite(academy.databasePath);
}

function openSqlite(file: string): AcademyDatabase {
  const sqlite = new Database(file, { fileMustExist: true, timeout: 5000 });
  const bind = (params: unknown[]) => params.map((value) => (value instanceof Date ? value.getTime() : typeof value === "boolean" ? Number(value) : value));
  return {
    all: async <T>(sql: string, ...params: unknown[]) => sqlite.prepare(sql).all(...bind(params)) as T[],
    get: async <T>(sql: string, ...params: unknown[]) => sqlite.prepare(sql).get(...bind(params)) as T | undefined,
    run: async (sql: string, ...params: unknown[]) => sqlite.prepare(sql).run(...bind(params)).changes,
    close: async () => {
      sqlite.close();
    },
  };
}

/** `?` placeholders as PostgreSQL's `$1, $2…` (outside quoted text). */
function numbered(sql: string): string {
  let index = 0;
  return sql.replace(/'(?:[^']|'')*'|\?/g, (match) => (match === "?" ? `$${++index}` : match));
}

async function openPostgres(url: string): Promise<AcademyDatabase> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const query = (sql: string, params: unknown[]) => client.query({ text: numbered(sql), values: params, types: SQLITE_LIKE_ROWS });
  return {
    all: async <T>(sql: string, ...params: unknown[]) => (await query(sql, params)).rows as T[],
    get: async <T>(sql: string, ...params: unknown[]) => (await query(sql, params)).rows[0] as T | undefined,
    run: async (sql: string, ...params: unknown[]) => (await query(sql, params)).rowCount ?? 0,
    close: () => client.end(),
  };
}
