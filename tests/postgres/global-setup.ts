import type { TestProject } from "vitest/node";
import { startPgCluster } from "../../scripts/pg-cluster";

declare module "vitest" {
  export interface ProvidedContext {
    /** A superuser URL of the run's one PostgreSQL cluster (tests/postgres/database.ts). */
    postgresAdminUrl: string;
  }
}

/**
 * One private PostgreSQL cluster per integration run (started in about half a
 * second); each test file makes its own database on it (freshPostgresDatabase).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cluster = await startPgCluster();
  project.provide("postgresAdminUrl", cluster.url());
  return () => cluster.stop();
}
