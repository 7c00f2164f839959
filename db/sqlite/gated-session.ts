import type Database from "better-sqlite3";
import { BetterSQLiteSession, PreparedQuery } from "drizzle-orm/better-sqlite3";
import { transactionScope } from "~/utils/transaction-scope.server";

/**
 * The one better-sqlite3 connection, used asynchronously (issue 42). Every
 * query returns a promise, as it will on PostgreSQL; while a transaction is
 * open on the connection, statements from any other async context wait for it
 * to end, so they neither join it nor see its uncommitted rows. Outside a
 * transaction a statement runs at once, as before (no extra round trip).
 */
let holder: symbol | undefined;
const waiting: Array<() => void> = [];

export function mustWait(): boolean {
  return holder !== undefined && transactionScope()?.token !== holder;
}

function nextTurn(): Promise<void> {
  return new Promise((resolve) => waiting.push(resolve));
}

export async function passGate(): Promise<void> {
  while (mustWait()) await nextTurn();
}

/** Takes the connection for one transaction (waits for the one that holds it). */
export async function takeConnection(token: symbol): Promise<void> {
  while (holder !== undefined) await nextTurn();
  holder = token;
}

export function releaseConnection(): void {
  holder = undefined;
  for (const wake of waiting.splice(0)) wake();
}

export function isHolder(token: symbol | undefined): boolean {
  return token !== undefined && token === holder;
}

/** Runs synchronous better-sqlite3 work when the gate lets this context through, as a promise. */
export function gated<T>(work: () => T): Promise<T> {
  if (mustWait()) return passGate().then(work);
  try {
    return Promise.resolve(work());
  } catch (error) {
    return Promise.reject(error);
  }
}

type Placeholders = Record<string, unknown> | undefined;

/**
 * Times given to raw SQL and placeholders are Dates on both engines (issue 43):
 * PostgreSQL's timestamptz takes them as they are; SQLite's columns hold Unix
 * milliseconds, and better-sqlite3 cannot bind a Date.
 */
function bindable(value: unknown): unknown {
  return value instanceof Date ? value.getTime() : value;
}

function bindablePlaceholders(placeholders: Placeholders): Placeholders {
  if (!placeholders) return placeholders;
  let converted: Record<string, unknown> | undefined;
  for (const [name, value] of Object.entries(placeholders)) {
    if (value instanceof Date) (converted ??= { ...placeholders })[name] = value.getTime();
  }
  return converted ?? placeholders;
}

/** The part of drizzle's synchronous better-sqlite3 query this module wraps. */
interface SyncQuery {
  mode: string;
  run(placeholders?: Placeholders): unknown;
  all(placeholders?: Placeholders): unknown;
  get(placeholders?: Placeholders): unknown;
  values(placeholders?: Placeholders): unknown;
}
// drizzle's own classes, typed loosely: their declarations promise synchronous results.
const SyncPreparedQuery = PreparedQuery as unknown as new (...args: unknown[]) => SyncQuery;
const SyncSession = BetterSQLiteSession as unknown as new (...args: unknown[]) => object;

class GatedPreparedQuery extends SyncPreparedQuery {
  /** Set while drizzle's own synchronous method runs: its `all` and `get` read rows through `values`. */
  private direct = false;

  constructor(...args: unknown[]) {
    super(...args);
    // drizzle decides from `mode` whether `execute()` returns a promise.
    this.mode = "async";
  }

  private sync<T>(work: () => T): T {
    this.direct = true;
    try {
      return work();
    } finally {
      this.direct = false;
    }
  }

  override run(placeholders?: Placeholders) {
    return gated(() => this.sync(() => super.run(bindablePlaceholders(placeholders))));
  }
  override all(placeholders?: Placeholders) {
    return gated(() => this.sync(() => super.all(bindablePlaceholders(placeholders))));
  }
  override get(placeholders?: Placeholders) {
    return gated(() => this.sync(() => super.get(bindablePlaceholders(placeholders))));
  }
  override values(placeholders?: Placeholders) {
    if (this.direct) return super.values(placeholders);
    return gated(() => this.sync(() => super.values(bindablePlaceholders(placeholders))));
  }
}

/** drizzle's better-sqlite3 session whose queries are gated promises. */
export class GatedSession extends SyncSession {
  prepareQuery(query: { sql: string; params: unknown[] }, ...rest: unknown[]) {
    const self = this as unknown as { client: Database.Database; logger: unknown; cache: unknown };
    const [fields, executeMethod, isResponseInArrayMode, customResultMapper, queryMetadata, cacheConfig] = rest;
    return new GatedPreparedQuery(
      self.client.prepare(query.sql), { ...query, params: query.params.map(bindable) }, self.logger, self.cache, queryMetadata, cacheConfig,
      fields, executeMethod, isResponseInArrayMode, customResultMapper,
    );
  }
}
