/**
 * The database half of `npm run backup` / `restore` when DATABASE_URL names
 * PostgreSQL (issue 43): `pg_dump` in its custom format (-Fc, compressed, restorable
 * table by table) and `pg_restore`. The uploads and the session secret are handled
 * by scripts/backup.ts as on SQLite.
 *
 * The dump and the row counts in the manifest come from one snapshot: this script
 * opens a REPEATABLE READ transaction, exports its snapshot, counts every table in it
 * and runs `pg_dump --snapshot` on it, so the manifest describes exactly the dump.
 *
 * pg_dump and pg_restore must be the server's major version (a newer server's dump
 * is refused by an older pg_dump, and an older pg_dump cannot be relied on for a
 * newer server): PG_BIN_DIR, else Debian's /usr/lib/postgresql/<major>/bin, else PATH.
 * The password travels in PGPASSWORD, never on the command line (`ps` shows that).
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { connectPostgres, PostgresStartError } from "../db/postgres/connect";
import { fail } from "./backup-error";

const run = promisify(execFile);

export const DUMP_FILE = "academy.pgdump";

/** How pg_dump/pg_restore reach the database: the URL without its password, and the password on its own. */
export interface Connection {
  /** The URL without the password, safe to print and to pass on a command line. */
  url: string;
  password: string;
}

export function connectionOf(databaseUrl: string): Connection {
  let parsed: URL;
  try {
    parsed = new URL(databaseUrl);
  } catch {
    fail("DATABASE_URL is not a valid URL: postgres://user:password@host:port/database");
  }
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { url: parsed.toString(), password };
}

/** A pool of one on the database, with start-up's sentences for a wrong host, password or database. */
async function open(databaseUrl: string): Promise<pg.Pool> {
  try {
    return await connectPostgres(databaseUrl, { poolSize: 1, connectTimeoutMs: 10_000 });
  } catch (error) {
    if (error instanceof PostgresStartError) fail(error.message);
    throw error;
  }
}

async function serverMajor(client: pg.PoolClient | pg.Pool): Promise<number> {
  const { rows } = await client.query<{ version: number }>("SELECT current_setting('server_version_num')::int AS version");
  return Math.floor(rows[0]!.version / 10_000);
}

/** The `tool` (pg_dump, pg_restore) of PostgreSQL `major`, or a sentence saying what to install. */
export async function toolFor(tool: "pg_dump" | "pg_restore", major: number, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const candidates = [
    env.PG_BIN_DIR ? path.join(env.PG_BIN_DIR, tool) : undefined,
    `/usr/lib/postgresql/${major}/bin/${tool}`,
  ].filter((candidate): candidate is string => candidate !== undefined && fs.existsSync(candidate));
  const chosen = candidates[0] ?? tool;
  let version: string;
  try {
    version = (await run(chosen, ["--version"])).stdout.trim();
  } catch {
    fail(`${tool} was not found: install PostgreSQL ${major}'s client tools (Debian: apt install postgresql-client-${major}) or set PG_BIN_DIR to their folder.`);
  }
  const found = Number(/\)\s*(\d+)/.exec(version)?.[1]);
  if (found !== major) {
    fail(
      `${chosen} is PostgreSQL ${Number.isNaN(found) ? "?" : found}'s ("${version}"), but the server runs PostgreSQL ${major}: ` +
        `install PostgreSQL ${major}'s client tools (Debian: apt install postgresql-client-${major}) or set PG_BIN_DIR to their folder.`,
    );
  }
  return chosen;
}

/** Runs a PostgreSQL tool with the password in its environment; a failure becomes a sentence with the tool's own words. */
async function runTool(binary: string, args: string[], connection: Connection | undefined, what: string): Promise<void> {
  try {
    await run(binary, args, {
      env: { ...process.env, ...(connection ? { PGPASSWORD: connection.password } : {}), PGCONNECT_TIMEOUT: "10" },
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    const stderr = typeof error === "object" && error !== null && "stderr" in error ? String(error.stderr).trim() : "";
    fail(`${what} failed: ${stderr || (error instanceof Error ? error.message : String(error))}`);
  }
}

/**
 * Row counts of every ordinary table outside PostgreSQL's own schemas, as the
 * manifest records them: `name` for the academy's tables (schema public), `schema.name`
 * for the others (drizzle.__drizzle_migrations).
 */
export async function countTables(client: pg.PoolClient | pg.Client): Promise<Record<string, number>> {
  const { rows } = await client.query<{ schema: string; name: string }>(
    `SELECT n.nspname AS schema, c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'
     ORDER BY 1, 2`,
  );
  const tables: Record<string, number> = {};
  for (const { schema, name } of rows) {
    const { rows: counted } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${pg.escapeIdentifier(schema)}.${pg.escapeIdentifier(name)}`,
    );
    tables[schema === "public" ? name : `${schema}.${name}`] = counted[0]!.n;
  }
  return tables;
}

/**
 * Dumps the database into `file` (-Fc) and returns every table's row count in the
 * same snapshot. The server keeps serving throughout: the dump reads one MVCC
 * snapshot and takes only the locks that keep tables from being dropped meanwhile.
 */
export async function dumpPostgres(databaseUrl: string, file: string): Promise<{ tables: Record<string, number> }> {
  const connection = connectionOf(databaseUrl);
  const pool = await open(databaseUrl);
  try {
    const client = await pool.connect();
    try {
      const pgDump = await toolFor("pg_dump", await serverMajor(client));
      await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
      const { rows } = await client.query<{ snapshot: string }>("SELECT pg_export_snapshot() AS snapshot");
      const tables = await countTables(client);
      // The snapshot lives as long as this transaction: pg_dump must finish before the COMMIT.
      await runTool(pgDump, ["--format=custom", `--snapshot=${rows[0]!.snapshot}`, `--file=${file}`, `--dbname=${connection.url}`], connection, "pg_dump");
      await client.query("COMMIT");
      return { tables };
    } finally {
      client.release();
    }
  } finally {
    await pool.end();
  }
}

/**
 * Reads the whole archive as a restore would, writing the SQL nowhere: a truncated or
 * damaged dump fails here (every data block is decompressed), before anything is changed.
 */
export async function verifyDump(file: string, pgRestore: string): Promise<string[]> {
  try {
    await run(pgRestore, ["--file=/dev/null", file], { maxBuffer: 16 * 1024 * 1024 });
    return [];
  } catch (error) {
    const stderr = typeof error === "object" && error !== null && "stderr" in error ? String(error.stderr).trim() : "";
    return [stderr || (error instanceof Error ? error.message : String(error))];
  }
}

/** The tables whose rows the archive holds, named as countTables names them. */
export async function listedTables(file: string, pgRestore: string): Promise<Set<string>> {
  const { stdout } = await run(pgRestore, ["--list", file], { maxBuffer: 16 * 1024 * 1024 });
  const tables = new Set<string>();
  // A table's rows are listed as "<id>; <oid> <oid> TABLE DATA <schema> <name> <owner>".
  for (const match of stdout.matchAll(/^\d+; \d+ \d+ TABLE DATA (\S+) (\S+) /gm)) {
    const [, schema, name] = match;
    if (schema && name) tables.add(schema === "public" ? name : `${schema}.${name}`);
  }
  return tables;
}

/** The pg_restore of the server's major version, and that version. */
export async function pgRestoreFor(databaseUrl: string): Promise<{ pgRestore: string; major: number }> {
  const pool = await open(databaseUrl);
  try {
    const major = await serverMajor(pool);
    return { pgRestore: await toolFor("pg_restore", major), major };
  } finally {
    await pool.end();
  }
}

/** Fails when anyone else is connected to the database (the academy, a psql session, a job). */
export async function assertPostgresNotInUse(databaseUrl: string): Promise<void> {
  const pool = await open(databaseUrl);
  try {
    const { rows } = await pool.query<{ others: number; database: string }>(
      "SELECT count(*)::int AS others, current_database() AS database FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
    );
    const { others, database } = rows[0]!;
    if (others > 0) {
      fail(`The PostgreSQL database ${database} is in use: stop the academy (and anything else using the database: ${others} other connection(s)) before restoring.`);
    }
  } finally {
    await pool.end();
  }
}

/** Whether the database holds any table of its own yet (a new, empty one holds none). */
export async function hasTables(databaseUrl: string): Promise<boolean> {
  const pool = await open(databaseUrl);
  try {
    const client = await pool.connect();
    try {
      return Object.keys(await countTables(client)).length > 0;
    } finally {
      client.release();
    }
  } finally {
    await pool.end();
  }
}

/**
 * Restores `file` over the database in one transaction: each object the dump holds is
 * dropped if present and made again (--clean --if-exists), owned by the user of
 * DATABASE_URL (--no-owner) and without the source's grants (--no-privileges), since the
 * roles of the server it came from need not exist here. Any error rolls all of it back.
 * Returns the row counts afterwards.
 */
export async function restorePostgres(databaseUrl: string, file: string, pgRestore: string): Promise<Record<string, number>> {
  const connection = connectionOf(databaseUrl);
  await runTool(
    pgRestore,
    ["--clean", "--if-exists", "--no-owner", "--no-privileges", "--single-transaction", "--exit-on-error", `--dbname=${connection.url}`, file],
    connection,
    "pg_restore",
  );
  const pool = await open(databaseUrl);
  try {
    const client = await pool.connect();
    try {
      return await countTables(client);
    } finally {
      client.release();
    }
  } finally {
    await pool.end();
  }
}
