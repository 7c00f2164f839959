import crypto from "node:crypto";
import pg from "pg";
import { inject } from "vitest";

/**
 * A new database on the run's PostgreSQL cluster (tests/postgres/global-setup.ts), as a
 * STYLE "fresh database per test file": empty, or with `migrated` already carrying
 * db/migrations-pg (copied from the run's template, faster than migrating again).
 * `drop` removes it, connections and all.
 */
export async function freshPostgresDatabase(options: { migrated?: boolean } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = inject("postgresAdminUrl");
  const name = `academy_${crypto.randomBytes(6).toString("hex")}`;
  const template = options.migrated ? ` TEMPLATE ${pg.escapeIdentifier(inject("postgresMigratedTemplate"))}` : "";
  await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}${template}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`)),
  };
}

async function withAdmin(adminUrl: string, run: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}
