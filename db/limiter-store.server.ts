import { RateLimiterSQLite } from "rate-limiter-flexible";
import { db } from "./client.server";

// Every limit's counters live in the database (table rate_limits, made by a
// migration), so a limit of ten holds at ten however many academy processes
// share the file (issue 41). rate-limiter-flexible's upsert is one atomic
// statement, so parallel attempts cannot all pass a check made before any of
// them counted.

/** A limiter of `points` per `duration` seconds; `keyPrefix` keeps its keys apart from every other limiter's. */
export function sharedLimiter({ keyPrefix, points, duration }: { keyPrefix: string; points: number; duration: number }): RateLimiterSQLite {
  return new RateLimiterSQLite({ storeClient: db.$client, storeType: "better-sqlite3", tableName: "rate_limits", tableCreated: true, keyPrefix, points, duration });
}

/** Counters whose window ended over an hour ago are removed (run with the hourly pruning). */
export function pruneExpiredLimits(now = Date.now()): number {
  return db.$client.prepare("DELETE FROM rate_limits WHERE expire < ?").run(now - 3_600_000).changes;
}

/**
 * A deleted member's names leave the counters too (keys such as
 * "attempts-by-account:name" or "…:name@address"); the counts go with them.
 */
export function forgetLimitsNaming(names: string[]): number {
  const forget = db.$client.prepare("DELETE FROM rate_limits WHERE substr(key, -length(@tail)) = @tail OR instr(key, @within) > 0");
  let removed = 0;
  for (const name of names.map((value) => value.trim().toLowerCase()).filter(Boolean)) {
    removed += forget.run({ tail: `:${name}`, within: `:${name}@` }).changes;
  }
  return removed;
}
