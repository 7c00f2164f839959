import pg from "pg";
import type { TestProject } from "vitest/node";
import { migratePostgres } from "../../db/postgres/migrate";
import { startPgCluster } from "../../scripts/pg-cluster";

declare module "vitest" {
  export interface ProvidedContext {
    /** A superuser URL of the run's one PostgreSQL cluster (tests/postgres/database.ts). */
    postgresAdminUrl: string;
    /** A database on it already migrated with db/migrations-pg, to copy (never to connect to). */
    postgresMigratedTemplate: string;
  }
}

export const MIGRATED_TEMPLATE = "academy_migrated_template";

/**
 * One private PostgreSQL cluster per integration run (started in about half a
 * second); each test file makes its own database on it (freshPostgresDatabase),
 * empty or copied from a template migrated once here.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cluster = await startPgCluster();
  try {
    const pool = new pg.Pool({ connectionString: await cluster.createDatabase(MIGRATED_TEMPLATE), max: 1 });
    try {
      await migratePostgres(pool);
    } finally {
      // A template is copied only while nobody is connected to it.
      await pool.end();
    }
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  project.provide("postgresAdminUrl", cluster.url());
  project.provide("postgresMigratedTemplate", MIGRATED_TEMPLATE);
  return () => cluster.stop();
}
