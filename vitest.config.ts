import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

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
