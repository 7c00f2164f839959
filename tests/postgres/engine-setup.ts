import { inject } from "vitest";

// The integration suite's PostgreSQL run (vitest project "integration-postgres"):
// every academy a test starts (scripts/academy-process.ts) gets its own database
// on the run's cluster, copied from the migrated template.
process.env.ACADEMY_TEST_POSTGRES = inject("postgresAdminUrl");
process.env.ACADEMY_TEST_POSTGRES_TEMPLATE = inject("postgresMigratedTemplate");
