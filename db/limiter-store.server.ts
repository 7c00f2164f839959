import { sql } from "drizzle-orm";
import { RateLimiterPostgres, RateLimiterRes, RateLimiterSQLite, type RateLimiterAbstract } from "rate-limiter-flexible";
import type pg from "pg";
import { changes, db, withTransaction } from "./client.server";
import { containsText } from "./dialect.server";
import { engine } from "./engine";

// Every limit's counters live in the database (table rate_limits, made by a
// migration), so a limit of ten holds at ten however many academy processes
// share the file (issue 41). rate-limiter-flexible's upsert is one atomic
// statement, so parallel attempts cannot all pass a check made before any of
// them counted.

/** A limiter of `points` per `duration` seconds; `keyPrefix` keeps its keys apart from every other limiter's. */
export function sharedLimiter({ keyPrefix, points, duration }: { keyPrefix: string; points: number; duration: number }): RateLimiterAbstract {
  const store = { tableName: "rate_limits", tableCreated: true, keyPrefix, points, duration };
  if (engine === "postgres") {
    // The library's own PostgreSQL store, on the academy's pool (the same table and columns).
    return new RateLimiterPostgres({ ...store, storeClient: db.$client as unknown as pg.Pool, storeType: "pool", clearExpiredByTimeout: false });
  }
  return new RateLimiterSQLite({ ...store, storeClient: db.$client, storeType: "better-sqlite3" });
}

// One point more on a counter, or a fresh window of one point when the old window ended.
function spendOne(key: string, now: number, expire: number) {
  return db.get<{ points: number; expire: number | null }>(sql`
    INSERT INTO rate_limits (key, points, expire) VALUES (${key}, 1, ${expire})
    ON CONFLICT(key) DO UPDATE SET
      points = CASE WHEN rate_limits.expire IS NULL OR rate_limits.expire > ${now} THEN rate_limits.points + 1 ELSE 1 END,
      expire = CASE WHEN rate_limits.expire IS NULL OR rate_limits.expire > ${now} THEN rate_limits.expire ELSE ${expire} END
    RETURNING points, expire`);
}

/**
 * Spends one point on each limiter's key in one transaction, so an attempt is
 * counted by all of them or none in between: with several processes, separate
 * consume() calls interleave, and a request could pass one counter as the
 * tenth and meet another as the eleventh. Returns the refusal of the first
 * counter past its points (with the longest wait), or null when all allow it.
 */
export async function consumeTogether(entries: Array<[limiter: RateLimiterAbstract, key: string]>): Promise<RateLimiterRes | null> {
  const now = Date.now();
  const results = await withTransaction(async () => {
    const spent = [];
    for (const [limiter, key] of entries) spent.push({ limiter, row: await spendOne(limiter.getKey(key), now, now + limiter.duration * 1000) });
    return spent;
    // Each upsert is atomic and its row stays locked until the commit: no need to serialize more.
  }, { isolation: "read committed" });
  const refused = results.filter(({ limiter, row }) => row && row.points > limiter.points);
  if (refused.length === 0) return null;
  const waitMs = Math.max(...refused.map(({ row }) => Math.max((row?.expire ?? now) - now, 0)));
  return new RateLimiterRes(0, waitMs, refused[0]?.row?.points ?? 0, false);
}

/** Counters whose window ended over an hour ago are removed (run with the hourly pruning). */
export async function pruneExpiredLimits(now = Date.now()): Promise<number> {
  return changes(await db.run(sql`DELETE FROM rate_limits WHERE expire < ${now - 3_600_000}`));
}

/**
 * A deleted member's names leave the counters too (keys such as
 * "attempts-by-account:name" or "…:name@address"); the counts go with them.
 */
export async function forgetLimitsNaming(names: string[]): Promise<number> {
  let removed = 0;
  for (const name of names.map((value) => value.trim().toLowerCase()).filter(Boolean)) {
    const tail = `:${name}`;
    const within = `:${name}@`;
    removed += changes(await db.run(sql`DELETE FROM rate_limits WHERE substr(key, length(key) - length(${tail}) + 1) = ${tail} OR ${containsText(sql`key`, within)}`));
  }
  return removed;
}
