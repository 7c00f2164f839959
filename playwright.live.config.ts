import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS } from "./tests/chromium-args";

// Live-room media tests. Chromium gathers no ICE candidates on loopback, so
// these run inside a private network namespace (scripts/netns-run.sh,
// scripts/test-live.sh) where the academy listens on the veth address
// 10.99.0.1. Fake camera and microphone; the plain-http origin is treated as
// secure so getUserMedia works, as HTTPS would in production.

const HOST = process.env.LIVE_HOST ?? "10.99.0.1";
const PORT = Number(process.env.LIVE_PORT ?? 4180);
const BASE_URL = `http://${HOST}:${PORT}`;
const dataDir = (process.env.ACADEMY_LIVE_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "academy-live-")));

export default defineConfig({
  testDir: "tests/live",
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
        `--unsafely-treat-insecure-origin-as-secure=${BASE_URL}`,
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    command: "node build/server.mjs",
    url: `${BASE_URL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST,
      PUBLIC_URL: BASE_URL,
      DATABASE_PATH: path.join(dataDir, "academy.db"),
      UPLOADS_DIR: path.join(dataDir, "uploads"),
      SESSION_SECRET: "live-session-secret-0123456789-abcdefghijklmnop",
      ADMIN_USERNAME: "headmaster",
      ADMIN_PASSWORD: "correct-horse-battery-staple",
      LOG_REQUESTS: "false",
      SIGNUPS_PER_HOUR: "1000",
      LOGIN_MAX_FAILURES: "1000",
    },
  },
});
