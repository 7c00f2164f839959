import * as sqlite from "./sqlite/dialect";
import { db, onSqlite } from "./client.server";

/**
 * The engine-specific pieces models share (issue 42), for the engine the
 * academy runs on. Only SQLite exists yet; PostgreSQL (issue 43) adds its
 * module beside db/sqlite/dialect.ts and is chosen here.
 */
export const inIdList = sqlite.inIdList;
export const isoTime = sqlite.isoTime;
export const utcDay = sqlite.utcDay;

export function databaseVersion(): Promise<number> {
  return onSqlite(sqlite.databaseVersion);
}

/** At shutdown, synchronously: the database file holds every commit (SQLite's WAL written back). */
export function checkpointBeforeExit(): void {
  sqlite.checkpoint(db.$client);
}
