import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

// Files that compare or move between the two engines themselves, or test one engine's own
// machinery: they run in the "integration" project only.
const POSTGRES_RUN_SKIPS = [
  "tests/integration/schema-catalogs.test.ts",
  "tests/integration/schema-row-values.test.ts",
  "tests/integration/db-copy.test.ts",
  "tests/integration/pg-cluster.test.ts",
  "tests/integration/postgres-connect.test.ts",
  "tests/integration/postgres-migrate.test.ts",
  "tests/integration/postgres-start-errors.test.ts",
  "tests/integration/move-to-postgres.test.ts",
  "tests/integration/postgres-bus.test.ts",
  "tests/integration/live-rooms-across-instances.test.ts",
];

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    // Integration files each start their own server and mostly wait on it:
    // three files at a time keep both cores busy (pool options are global).
    maxWorkers: 3,
    minWorkers: 1,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          setupFiles: ["tests/unit/setup.ts"],
          environment: "node",
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file starts its own server on its own database; those on PostgreSQL make
          // their database on the run's one private cluster (issue 43).
          globalSetup: ["tests/postgres/global-setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          // The same integration files again with every academy on PostgreSQL (issue 43);
          // those that set up both engines themselves run once, above.
          name: "integration-postgres",
          include: ["tests/integration/**/*.test.ts"],
          exclude: [...POSTGRES_RUN_SKIPS],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ["tests/postgres/global-setup.ts"],
          setupFiles: ["tests/postgres/engine-setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          // Issue 44: several instances behind nginx on one PostgreSQL, a bucket and an SMTP sink
          // (tests/cluster/cluster.ts); `npm run test:cluster` runs the files one at a time, each bringing up its own.
          name: "cluster",
          include: ["tests/cluster/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          // Media through a real WebRTC server: run in a network namespace by scripts/test-live.sh.
          name: "live",
          include: ["tests/live/**/*.test.ts"],
          // A throwaway database, as for unit tests (the rooms read the stage and the conferences).
          setupFiles: ["tests/unit/setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
