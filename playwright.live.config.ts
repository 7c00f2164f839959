import { defineConfig, devices } from "@playwright/test";
import { academyWebServer, runDataDir } from "./tests/academy-web-server";
import { CHROMIUM_ARGS } from "./tests/chromium-args";

// Live-room media tests. Chromium gathers no ICE candidates on loopback, so
// these run inside a private network namespace (scripts/netns-run.sh,
// scripts/test-live.sh) where the academy listens on the veth address
// 10.99.0.1. Fake camera and microphone; the plain-http origin is treated as
// secure so getUserMedia works, as HTTPS would in production.

const HOST = process.env.LIVE_HOST ?? "10.99.0.1";
const PORT = Number(process.env.LIVE_PORT ?? 4180);
const BASE_URL = `http://${HOST}:${PORT}`;
// The same suite again with Janus carrying the media (MEDIA_BACKEND=janus, the academy's own Janus).
const JANUS_URL = `http://${HOST}:${PORT + 1}`;
const dataDir = runDataDir("ACADEMY_LIVE_DATA_DIR", "academy-live-");
const janusDataDir = runDataDir("ACADEMY_LIVE_JANUS_DATA_DIR", "academy-live-janus-");

export default defineConfig({
  testDir: "tests/live",
  // The *.test.ts files there are vitest's (the "live" project).
  testMatch: "**/*.spec.ts",
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  workers: 1,
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: "list",
  use: {
    baseURL: BASE_URL,
    headless: true,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        ...CHROMIUM_ARGS,
        "--auto-accept-this-tab-capture",
        "--auto-select-desktop-capture-source=Entire screen",
        `--unsafely-treat-insecure-origin-as-secure=${BASE_URL},${JANUS_URL}`,
      ],
    },
  },
  projects: [
    { name: "embedded", grepInvert: /Janus crashes/, use: { ...devices["Desktop Chrome"], baseURL: BASE_URL } },
    { name: "janus", use: { ...devices["Desktop Chrome"], baseURL: JANUS_URL } },
  ],
  webServer: [
    academyWebServer({ host: HOST, port: PORT, dataDir, sessionSecret: "live-session-secret-0123456789-abcdefghijklmnop" }),
    academyWebServer({
      host: HOST,
      port: PORT + 1,
      dataDir: janusDataDir,
      sessionSecret: "live-janus-secret-0123456789-abcdefghijklmnopq",
      // Its own UDP ports: both servers run at once.
      env: { MEDIA_BACKEND: "janus", RTC_MIN_PORT: "40300", RTC_MAX_PORT: "40499" },
    }),
  ],
});
