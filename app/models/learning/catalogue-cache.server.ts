import { transactionScope } from "~/utils/transaction-scope.server";
import { requestMemo } from "~/utils/request-scope.server";

/**
 * The catalogue kept in memory (issue 43). Courses, their outlines and
 * instructors, lessons and their sections, quizzes, assignments and the lessons'
 * discussion counts are the same for every member and change rarely, yet each
 * member's page view read them again: on PostgreSQL every read is a round
 * trip. Triggers raise the catalogue's version on every write to those tables
 * (db/migrations 0033, db/migrations-pg 0010), whoever writes; a page view reads
 * that number with its session (app/models/accounts/session.server.ts). A value
 * kept here serves a request only while its version is the one that request
 * read, so no member sees the catalogue older than it was when their request
 * began, whichever process or server changed it. Requests without the number
 * (actions, visitors without a session, work outside a request) and
 * transactions read the database.
 *
 * Values are frozen: every request of the process shares them.
 */
const MAX_ENTRIES = 5_000;
const entries = new Map<string, { version: number; value: Promise<unknown> }>();

export function fromCatalogue<T>(key: string, read: () => Promise<T>): Promise<T> {
  const version = requestMemo()?.catalogueVersion;
  if (version === undefined || transactionScope()) return read();
  const kept = entries.get(key);
  if (kept?.version === version) return kept.value as Promise<T>;
  if (entries.size >= MAX_ENTRIES) entries.clear();
  const value = read().then(deepFreeze);
  entries.set(key, { version, value });
  value.catch(() => {
    if (entries.get(key)?.value === value) entries.delete(key);
  });
  return value;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
