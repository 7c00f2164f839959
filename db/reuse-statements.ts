import type Database from "better-sqlite3";

/**
 * drizzle asks SQLite to compile every query's SQL again on each call; for the
 * small reads a page makes that is a good part of their cost (issue 15). The
 * compiled statements are kept by their SQL text (the values are bound at each
 * call), at most `max` of them, oldest dropped first.
 */
export function reuseStatements(sqlite: Database.Database, max = 500) {
  const compile = sqlite.prepare.bind(sqlite);
  const kept = new Map<string, Database.Statement>();
  sqlite.prepare = ((source: string) => {
    const statement = kept.get(source);
    // A statement still being iterated cannot run a second query meanwhile.
    if (statement && !statement.busy) {
      // drizzle turns some statements to rows as arrays (raw) and sets that before each such read; every
      // other use starts from rows as objects.
      if (statement.reader) statement.raw(false);
      return statement;
    }
    const fresh = compile(source);
    if (!statement) {
      if (kept.size >= max) kept.delete(kept.keys().next().value ?? "");
      kept.set(source, fresh);
    }
    return fresh;
  }) as Database.Database["prepare"];
}
