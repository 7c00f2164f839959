import path from "node:path";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type pg from "pg";

export const PG_MIGRATIONS_FOLDER = path.resolve("db/migrations-pg");

/**
 * Any fixed number names the lock; this one is only the academy's migrations'.
 * Advisory locks are per database, so academies sharing a server do not wait on each other.
 */
const MIGRATION_LOCK = 43_000_001;

/** The database was migrated by newer code than this: running would misread its tables. */
export class DatabaseNewerThanCodeError extends Error {
  /** `where`: host:port/database, for the operator to know which database is meant. */
  constructor(databaseMigration: number, codeMigration: number, where?: string) {
    super(
      `The database${where ? ` ${where}` : ""} has a migration made on ${new Date(databaseMigration).toISOString()}, newer than this code's last ` +
        `(${new Date(codeMigration).toISOString()}): run the newer academy, or restore a backup made for this version.`,
    );
    this.name = "DatabaseNewerThanCodeError";
  }
}

/**
 * Applies db/migrations-pg to the pool's database, once however many academy processes
 * start together: each takes a session advisory lock on one connection and migrates on
 * that same connection (drizzle's migrator, all pending migrations in one transaction);
 * the others wait for the lock, then find nothing left to do. Returns how many it applied.
 */
export async function migratePostgres(pool: pg.Pool, migrationsFolder = PG_MIGRATIONS_FOLDER): Promise<number> {
  const migrations = readMigrationFiles({ migrationsFolder });
  const client = await pool.connect();
  let failure: Error | undefined;
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    const before = await lastAppliedMigration(client);
    const newestInCode = Math.max(0, ...migrations.map((migration) => migration.folderMillis));
    if (before !== null && before > newestInCode) {
      throw new DatabaseNewerThanCodeError(before, newestInCode, `${client.host}:${client.port}/${client.database ?? ""}`);
    }
    const pending = migrations.filter((migration) => before === null || migration.folderMillis > before).length;
    await migrate(drizzle(client), { migrationsFolder });
    await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    return pending;
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    // After a failure the connection is closed rather than reused: that ends its session
    // and so frees the lock, whatever state the failure left it in.
    client.release(failure);
  }
}

/** The `when` of the last migration applied (drizzle's own table), or null on a new database. */
async function lastAppliedMigration(client: pg.PoolClient): Promise<number | null> {
  const table = await client.query<{ exists: boolean }>(
    "SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS exists",
  );
  if (!table.rows[0]?.exists) return null;
  const last = await client.query<{ created_at: string | null }>(
    "SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1",
  );
  const createdAt = last.rows[0]?.created_at;
  return createdAt == null ? null : Number(createdAt);
}
