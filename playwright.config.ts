import { defineConfig, devices } from "@playwright/test";
import { academyWebServer, runDataDir } from "./tests/academy-web-server";
import { CHROMIUM_ARGS } from "./tests/chromium-args";

// Browser tests run against the production build (`npx remix vite:build` first)
// on a fresh, empty database that the server seeds with demo data at boot.

// Overridable so two checkouts on one machine can run their suites side by side.
const PORT = Number(process.env.E2E_PORT ?? 4173);
const BASE_URL = `http://127.0.0.1:${PORT}`;
// A local fake of the Stripe API (tests/fakes/fake-stripe.ts); the browser's
// Stripe.js is replaced per test by tests/e2e/stripe-js.ts.
export const FAKE_STRIPE_PORT = Number(process.env.E2E_STRIPE_PORT ?? PORT + 1);
export const FAKE_STRIPE_URL = `http://127.0.0.1:${FAKE_STRIPE_PORT}`;

const GOES_LIVE = /(admin-conference|live-chat|live-questions|session-recording)\.spec\.ts$/;

// The config is loaded by the runner and again by each worker; the workers
// inherit the runner's environment, so the data folder is created only once.
const dataDir = runDataDir("ACADEMY_E2E_DATA_DIR", "academy-e2e-");

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  workers: 2,
  // Long stories (a whole course, the admin's CRUD walks) need room on a busy two-core machine.
  timeout: 60_000,
  expect: { timeout: 5_000 },
  reporter: "list",
  globalTeardown: "./tests/e2e/global-teardown.ts",
  use: {
    baseURL: BASE_URL,
    headless: true,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    { name: "chromium", testIgnore: GOES_LIVE, use: { ...devices["Desktop Chrome"] } },
    // Only one session can be live at a time, and the portal banner's stories
    // expect none: the stories that go live run afterwards, one at a time.
    { name: "live-sessions", testMatch: GOES_LIVE, dependencies: ["chromium"], workers: 1, use: { ...devices["Desktop Chrome"] } },
  ],
  webServer: [
    {
      command: `node --import tsx tests/fakes/fake-stripe.ts --port ${FAKE_STRIPE_PORT}`,
      url: `${FAKE_STRIPE_URL}/__fake/subscriptions`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    academyWebServer({
      host: "127.0.0.1",
      port: PORT,
      dataDir,
      sessionSecret: "e2e-session-secret-0123456789-abcdefghijklmnopqr",
      env: {
        STRIPE_SECRET_KEY: "sk_test_e2e",
        STRIPE_PUBLISHABLE_KEY: "pk_test_e2e",
        STRIPE_WEBHOOK_SECRET: "whsec_e2e",
        STRIPE_API_URL: FAKE_STRIPE_URL,
      },
    }),
  ],
});
