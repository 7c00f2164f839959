import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Which transaction the running code belongs to (issue 42). Model code awaits
 * its queries, so another request's code can run while a transaction is open;
 * on SQLite all of them share one connection, and their statements must wait
 * until that transaction ends instead of slipping into it; on PostgreSQL the
 * transaction's own statements must go to its pooled connection. Work that must see
 * the transaction's result from elsewhere (a bus message another process acts
 * on) waits for the commit with `afterCommit`.
 */
export interface TransactionScope {
  readonly token: symbol;
  readonly onCommit: Array<() => void>;
  /** On PostgreSQL, the pooled connection the transaction runs on (db/postgres/database.ts). */
  readonly connection?: unknown;
}

const current = new AsyncLocalStorage<TransactionScope>();

export function transactionScope(): TransactionScope | undefined {
  return current.getStore();
}

export function runInScope<T>(scope: TransactionScope, work: () => Promise<T>): Promise<T> {
  return current.run(scope, work);
}

/** Runs `work` once the caller's transaction has committed (at once outside one; never if it rolls back). */
export function afterCommit(work: () => void): void {
  const scope = current.getStore();
  if (scope && openScopes.has(scope.token)) scope.onCommit.push(work);
  else work();
}

/** Tokens of transactions still open (a scope outlives its transaction in work it started). */
export const openScopes = new Set<symbol>();

/**
 * Called when the last open transaction ends. While an AsyncLocalStorage is
 * entered, Node 20 tracks every promise of the process, which made pages
 * about 10% costlier (bench:compare, issue 42); turned off between
 * transactions, that cost is paid only while one is open. Work a finished
 * transaction started then simply runs outside any transaction, as it should.
 */
export function noTransactionOpen(): void {
  if (openScopes.size === 0) current.disable();
}
