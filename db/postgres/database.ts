import { setTimeout as sleep } from "node:timers/promises";
import { createTableRelationsHelpers, extractTablesRelationalConfig, type SQLWrapper } from "drizzle-orm";
import { NodePgDatabase, NodePgPreparedQuery, NodePgSession } from "drizzle-orm/node-postgres";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import { SQLITE_LIKE_ROWS } from "./sqlite-like-rows";
import { noTransactionOpen, openScopes, runInScope, transactionScope, type TransactionScope } from "~/utils/transaction-scope.server";
import * as schema from "../schema";

/**
 * The academy's database on PostgreSQL (issue 43, decision 030): drizzle's
 * node-postgres database on a `pg` pool, shaped like the SQLite one models
 * were written for (decision 028):
 * - `db.all/get/run(sql…)` for raw SQL, whose rows read as they do on SQLite:
 *   times as Unix milliseconds, booleans as 1/0, bigint counts as numbers,
 *   JSON as text;
 * - prepared statements answer `.all()`, `.get()` and `.run()`;
 * - inside `withTransaction` every statement of the transaction's async
 *   context goes to its pooled connection, everything else to the pool.
 */

type Queryable = Pick<pg.Pool, "query">;

/** The pooled connection of the transaction the caller runs in, or the pool. */
function connectionFor(pool: pg.Pool): Queryable {
  const scope = transactionScope();
  if (scope?.connection && openScopes.has(scope.token)) return scope.connection as pg.PoolClient;
  return pool;
}

/** What drizzle's session queries: the pool, or the caller's transaction's connection. */
class RoutedClient {
  constructor(readonly pool: pg.Pool) {}
  query(config: pg.QueryConfig, values?: unknown[]) {
    return connectionFor(this.pool).query(config, values);
  }
}

type Placeholders = Record<string, unknown> | undefined;
interface PreparedQueryShape {
  execute(placeholders?: Placeholders): Promise<unknown>;
}
// drizzle's own classes, typed loosely: the methods added below are SQLite's names.
const BasePreparedQuery = NodePgPreparedQuery as unknown as new (...args: unknown[]) => PreparedQueryShape;
const BaseSession = NodePgSession as unknown as new (...args: unknown[]) => { client: unknown; logger: unknown; cache: unknown };

/** A prepared statement that answers the SQLite session's `all`, `get` and `run` (with drizzle's mapped rows). */
class PreparedQuery extends BasePreparedQuery {
  all(placeholders?: Placeholders) {
    return this.execute(placeholders);
  }
  async get(placeholders?: Placeholders) {
    const rows = await this.execute(placeholders);
    return Array.isArray(rows) ? rows[0] : rows;
  }
  run(placeholders?: Placeholders) {
    return this.execute(placeholders);
  }
}

/**
 * Every statement is a named prepared statement, so the server parses and plans
 * it once per connection rather than per call: a member's page runs ten or so
 * queries, some with joins and subqueries whose planning cost more than their
 * run (measured on /students: 240 → 420 req/s). The academy's SQL texts are
 * few and fixed; a cap keeps texts built at runtime (lists of varying length)
 * from filling each connection's memory with statements: past it, a text is
 * sent unnamed, as before. Names are per process; each connection prepares a
 * name the first time it meets it (node-postgres keeps track).
 */
const statementNames = new Map<string, string>();
const MAX_NAMED_STATEMENTS = 300;

function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_NAMED_STATEMENTS) {
    name = `academy_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name;
}

class Session extends BaseSession {
  prepareQuery(query: { sql: string; params: unknown[] }, ...rest: unknown[]) {
    const [fields, name, isResponseInArrayMode, customResultMapper, queryMetadata, cacheConfig] = rest;
    return new PreparedQuery(
      this.client, query.sql, query.params, this.logger, this.cache, queryMetadata, cacheConfig,
      fields, name ?? statementName(query.sql), isResponseInArrayMode, customResultMapper,
    );
  }
}

/**
 * "read committed": for work made only of statements that are atomic on their own
 * (upserts of counters), where row locks already make concurrent transactions wait
 * their turn and SERIALIZABLE would only add failures to retry under contention.
 */
export interface TransactionOptions {
  isolation?: "serializable" | "read committed";
}

export interface PostgresDatabase {
  db: NodePgDatabase<typeof schema>;
  pool: pg.Pool;
  withTransaction<T>(work: (tx: unknown) => Promise<T>, options?: TransactionOptions): Promise<T>;
}

/** drizzle on a pool of `poolSize` connections to `url` (nothing connects until the first query). */
export function postgresDatabase(url: string, poolSize: number): PostgresDatabase {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 10_000 });
  // An idle connection the server closed (a restart, a failover) is dropped by the
  // pool and replaced on the next query; without a listener its error would end the process.
  pool.on("error", () => {});
  const dialect = new PgDialect();
  const tables = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
  const relational = { fullSchema: schema, schema: tables.tables, tableNamesMap: tables.tableNamesMap };
  const client = new RoutedClient(pool);
  const session = new Session(client, dialect, relational, {});
  const db = new NodePgDatabase(dialect, session as never, relational as never) as NodePgDatabase<typeof schema> & Record<string, unknown>;
  db.$client = pool;

  const raw = (query: SQLWrapper) => {
    const { sql, params } = dialect.sqlToQuery(query.getSQL());
    return connectionFor(pool).query<Record<string, unknown>>({ name: statementName(sql), text: sql, values: params, types: SQLITE_LIKE_ROWS });
  };
  db.all = async (query: SQLWrapper) => (await raw(query)).rows;
  db.get = async (query: SQLWrapper) => (await raw(query)).rows[0];
  db.run = async (query: SQLWrapper) => ({ changes: (await raw(query)).rowCount ?? 0 });
  db.transaction = () => {
    throw new Error("Use withTransaction() from #db/client.server");
  };
  return { db, pool, withTransaction: postgresTransactions(pool, db) };
}

/** Serialization failures and deadlocks: the transaction did nothing and may simply run again. */
const RETRYABLE = new Set(["40001", "40P01"]);
const ATTEMPTS = 25;

/** drizzle wraps the driver's error (DrizzleQueryError): the server's code is on its cause. */
function isRetryable(error: unknown): boolean {
  for (let at = error, depth = 0; typeof at === "object" && at !== null && depth < 3; at = (at as { cause?: unknown }).cause, depth++) {
    if ("code" in at && RETRYABLE.has(String(at.code))) return true;
  }
  return false;
}

let savepoints = 0;

/**
 * withTransaction on PostgreSQL: a pooled connection for the transaction's
 * whole work, SERIALIZABLE so that every read-then-write the models make inside
 * one (an attempt limit, a toggle, a certificate) is as atomic as it is on
 * SQLite, where writers take turns; a transaction PostgreSQL refuses to
 * serialize is run again from the start, up to 25 times, after a pause that
 * grows with each attempt (its work only reads and writes rows; what must
 * happen after it, `afterCommit`, runs once).
 * Nested, it is a savepoint on the same connection.
 */
function postgresTransactions(pool: pg.Pool, db: unknown) {
  async function once<T>(work: (tx: unknown) => Promise<T>, isolation: string): Promise<T> {
    const connection = await pool.connect();
    const scope: TransactionScope = { token: Symbol("transaction"), onCommit: [], connection };
    openScopes.add(scope.token);
    let committed = false;
    let broken: Error | undefined;
    try {
      const result = await runInScope(scope, async () => {
        await connection.query(`BEGIN ISOLATION LEVEL ${isolation}`);
        try {
          const value = await work(db);
          await connection.query("COMMIT");
          return value;
        } catch (error) {
          await connection.query("ROLLBACK").catch((failure: unknown) => {
            broken = failure instanceof Error ? failure : new Error(String(failure));
          });
          throw error;
        }
      });
      committed = true;
      return result;
    } finally {
      openScopes.delete(scope.token);
      noTransactionOpen();
      // A connection whose rollback failed is closed rather than reused.
      connection.release(broken);
      if (committed) for (const then of scope.onCommit) then();
    }
  }

  return async function withTransaction<T>(work: (tx: unknown) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    const outer = transactionScope();
    if (outer?.connection && openScopes.has(outer.token)) {
      const connection = outer.connection as pg.PoolClient;
      const name = `nested_${++savepoints}`;
      await connection.query(`SAVEPOINT ${name}`);
      try {
        const result = await work(db);
        await connection.query(`RELEASE SAVEPOINT ${name}`);
        return result;
      } catch (error) {
        await connection.query(`ROLLBACK TO SAVEPOINT ${name}`);
        await connection.query(`RELEASE SAVEPOINT ${name}`);
        throw error;
      }
    }
    for (let attempt = 1; ; attempt++) {
      try {
        return await once(work, options.isolation === "read committed" ? "READ COMMITTED" : "SERIALIZABLE");
      } catch (error) {
        if (!isRetryable(error) || attempt >= ATTEMPTS) throw error;
        // Apart, so the transactions that collided do not collide again.
        await sleep(Math.random() * Math.min(2 ** attempt, 100));
      }
    }
  };
}
