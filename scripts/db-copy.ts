/**
 * `npm run db:copy -- <sqlite file> <postgres url>`: moves an academy from SQLite to an
 * empty PostgreSQL database (issue 43). Stop the academy first (the copy reads one
 * consistent snapshot, but writes made meanwhile would stay behind).
 *
 * The target is migrated (db/migrations-pg), must hold no rows, and receives every table
 * of db/schema.ts in one transaction: ids kept and identity sequences moved past them,
 * Unix milliseconds become timestamptz, 0/1 become booleans, JSON text becomes jsonb.
 * Each table's row count is compared before the commit; any difference rolls all back.
 * The counts kept by triggers (decision 029) are copied as they are, with those triggers
 * off for the copy, so they are not counted twice.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { is } from "drizzle-orm";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import pg from "pg";
import { connectPostgres, PostgresStartError } from "../db/postgres/connect";
import { DatabaseNewerThanCodeError, migratePostgres } from "../db/postgres/migrate";
import * as schema from "../db/schema";

export class CopyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CopyError";
  }
}

/** The triggers that keep counts (db/migrations-pg/0001): off while their tables are copied. */
const COUNT_TRIGGERS: Array<[table: string, trigger: string]> = [
  ...["kb_article_counts_after_insert", "kb_article_counts_after_delete", "kb_article_counts_after_update"].map((t): [string, string] => ["knowledge_base_articles", t]),
  ...["forum_topic_counts_after_insert", "forum_topic_counts_after_delete", "forum_topic_counts_after_move"].map((t): [string, string] => ["forum_topics", t]),
];

/**
 * Those, and every trigger that raises the catalogue's version (pg 0010 and
 * later; the version is a row the copy brings too), found by their names so a
 * table that joins the catalogue later is paused without a change here.
 */
async function triggersToPause(client: pg.PoolClient): Promise<Array<[table: string, trigger: string]>> {
  const { rows } = await client.query<{ table: string; trigger: string }>(
    `SELECT c.relname AS table, t.tgname AS trigger FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
     WHERE NOT t.tgisinternal AND c.relnamespace = current_schema()::regnamespace AND t.tgname LIKE '%\\_catalogue\\_after\\_%'
     ORDER BY 1, 2`,
  );
  return [...COUNT_TRIGGERS, ...rows.map((row): [string, string] => [row.table, row.trigger])];
}

type Convert = (value: unknown) => unknown;
const CONVERSIONS: Record<string, Convert> = {
  SQLiteTimestamp: (value) => (value === null ? null : new Date(Number(value))),
  SQLiteBoolean: (value) => (value === null ? null : value === 1 || value === true),
  // jsonb parses the text itself; sending it as text keeps numbers exactly as written.
  SQLiteTextJson: (value) => value,
};

export interface CopyReport {
  tables: Record<string, number>;
  rows: number;
}

export async function copySqliteToPostgres(sqliteFile: string, postgresUrl: string): Promise<CopyReport> {
  let sqlite: Database.Database;
  try {
    sqlite = new Database(sqliteFile, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new CopyError(`Cannot open the SQLite database ${sqliteFile}: ${error instanceof Error ? error.message : String(error)}`);
  }
  let pool: pg.Pool | undefined;
  try {
    requireCurrentSqlite(sqlite);
    pool = await connectPostgres(postgresUrl, { poolSize: 2 });
    await migratePostgres(pool);
    const tables = inInsertOrder(schemaTables());
    await requireEmpty(pool, tables.map((table) => table.name));

    // One snapshot of the source for every table (a read transaction).
    sqlite.exec("BEGIN");
    const client = await pool.connect();
    let failed: Error | undefined;
    try {
      await client.query("BEGIN");
      const paused = await triggersToPause(client);
      for (const [table, trigger] of paused) await client.query(`ALTER TABLE ${q(table)} DISABLE TRIGGER ${q(trigger)}`);
      const report: CopyReport = { tables: {}, rows: 0 };
      for (const table of tables) {
        const copied = await copyTable(sqlite, client, table);
        const source = (sqlite.prepare(`SELECT count(*) AS n FROM ${q(table.name)}`).get() as { n: number }).n;
        const target = (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${q(table.name)}`)).rows[0]!.n;
        if (copied !== source || target !== source) {
          throw new CopyError(`${table.name}: ${source} rows in SQLite, ${target} in PostgreSQL after the copy; nothing was kept.`);
        }
        if (table.columns.some((column) => column.name === "id" && column.primary && column.columnType === "SQLiteInteger")) {
          // The next id after the highest copied one, as SQLite's AUTOINCREMENT would give.
          await client.query(
            `SELECT setval(pg_get_serial_sequence($1, 'id'), coalesce((SELECT max(id) FROM ${q(table.name)}), 0) + 1, false)`,
            [table.name],
          );
        }
        report.tables[table.name] = copied;
        report.rows += copied;
      }
      for (const [table, trigger] of paused) await client.query(`ALTER TABLE ${q(table)} ENABLE TRIGGER ${q(trigger)}`);
      await client.query("COMMIT");
      return report;
    } catch (error) {
      failed = error instanceof Error ? error : new Error(String(error));
      await client.query("ROLLBACK").catch(() => {});
      throw error;
    } finally {
      client.release(failed);
      sqlite.exec("COMMIT");
    }
  } catch (error) {
    if (error instanceof PostgresStartError || error instanceof DatabaseNewerThanCodeError) throw new CopyError(error.message);
    throw error;
  } finally {
    sqlite.close();
    await pool?.end();
  }
}

type TableConfig = ReturnType<typeof getTableConfig<SQLiteTable>>;

/** Every table db/schema.ts declares (FTS5 tables are not in it: PostgreSQL indexes for itself). */
function schemaTables(): TableConfig[] {
  const exported: unknown[] = Object.values(schema);
  return exported.filter((value): value is SQLiteTable => is(value, SQLiteTable)).map((table) => getTableConfig(table));
}

async function copyTable(sqlite: Database.Database, client: pg.PoolClient, table: TableConfig): Promise<number> {
  const columns = table.columns.map((column) => ({ name: column.name, convert: CONVERSIONS[column.columnType] }));
  // PostgreSQL takes at most 65,535 parameters a statement.
  const batchSize = Math.max(1, Math.min(1000, Math.floor(60_000 / columns.length)));
  const select = sqlite.prepare(`SELECT ${columns.map((column) => q(column.name)).join(", ")} FROM ${q(table.name)}`).raw();
  let batch: unknown[][] = [];
  let copied = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const values: unknown[] = [];
    const tuples = batch.map((row) => {
      const placeholders = row.map((value, index) => {
        const convert = columns[index]!.convert;
        values.push(convert ? convert(value) : value);
        return `$${values.length}`;
      });
      return `(${placeholders.join(", ")})`;
    });
    await client.query(`INSERT INTO ${q(table.name)} (${columns.map((column) => q(column.name)).join(", ")}) VALUES ${tuples.join(", ")}`, values);
    copied += batch.length;
    batch = [];
  };
  for (const row of select.iterate() as Iterable<unknown[]>) {
    batch.push(row);
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  return copied;
}

/** Parents before children, so every foreign key finds its row as it is inserted. */
export function inInsertOrder(tables: TableConfig[]): TableConfig[] {
  const byName = new Map(tables.map((table) => [table.name, table]));
  const ordered: TableConfig[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (table: TableConfig) => {
    if (state.get(table.name) === "done") return;
    if (state.get(table.name) === "visiting") throw new CopyError(`Foreign keys form a cycle through ${table.name}.`);
    state.set(table.name, "visiting");
    for (const key of table.foreignKeys) {
      const parent = getTableConfig(key.reference().foreignTable).name;
      if (parent !== table.name) visit(byName.get(parent)!);
    }
    state.set(table.name, "done");
    ordered.push(table);
  };
  for (const table of tables) visit(table);
  return ordered;
}

function requireCurrentSqlite(sqlite: Database.Database): void {
  const expected = readMigrationFiles({ migrationsFolder: path.resolve("db/migrations") }).length;
  let applied = 0;
  try {
    applied = (sqlite.prepare("SELECT count(*) AS n FROM __drizzle_migrations").get() as { n: number }).n;
  } catch {
    throw new CopyError("The SQLite file is not an academy database (it has no migrations table).");
  }
  if (applied > expected) {
    throw new CopyError(`The SQLite database has ${applied} migrations, more than this code's ${expected}: copy it with the academy version that last ran on it.`);
  }
  if (applied < expected) {
    throw new CopyError(
      `The SQLite database has ${applied} of this code's ${expected} migrations: start this version of the academy on it once (it migrates at start), stop it, then copy.`,
    );
  }
}

async function requireEmpty(pool: pg.Pool, tables: string[]): Promise<void> {
  const filled: string[] = [];
  for (const table of tables) {
    const result = await pool.query<{ any: boolean }>(`SELECT EXISTS (SELECT 1 FROM ${q(table)}) AS any`);
    if (result.rows[0]!.any) filled.push(table);
  }
  if (filled.length > 0) {
    throw new CopyError(
      `The PostgreSQL database is not empty (${filled.slice(0, 5).join(", ")}${filled.length > 5 ? ", …" : ""}): copy into a new database ` +
        "(an academy started on it seeds the demo unless SEED_DEMO_DATA=false).",
    );
  }
}

const q = (identifier: string) => pg.escapeIdentifier(identifier);

async function main(args: string[]): Promise<void> {
  const [sqliteFile, postgresUrl] = args;
  if (!sqliteFile || !postgresUrl || !/^postgres(ql)?:\/\//.test(postgresUrl)) {
    console.error("usage: npm run db:copy -- <sqlite file> <postgres://user:password@host:port/database>");
    process.exitCode = 2;
    return;
  }
  try {
    const report = await copySqliteToPostgres(path.resolve(sqliteFile), postgresUrl);
    console.log(`Copied ${report.rows} rows in ${Object.keys(report.tables).length} tables; every table's count matches.`);
  } catch (error) {
    console.error(error instanceof CopyError ? `Error: ${error.message}` : error);
    process.exitCode = 1;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main(process.argv.slice(2));
}
