import { defineConfig } from "@playwright/test";
import { academyWebServer, runDataDir } from "./tests/academy-web-server";
import { CHROMIUM_ARGS } from "./tests/chromium-args";

// Visual regression tests (tests/visual): Playwright's toHaveScreenshot against
// baselines committed beside the spec, rendered by Debian's Chromium. The pages
// must look the same on every run, so this suite has a server of its own on a
// fresh database, and that server's clock starts at a fixed moment
// (libfaketime, installed by scripts/ensure-chromium.sh): the seeded dates,
// "3 days ago" and the next session's date are the same whenever it runs. The
// browser's clock is set to the same moment (tests/visual/pages.spec.ts).
export const VISUAL_NOW = "2030-03-04T10:00:00Z";

const PORT = Number(process.env.VISUAL_PORT ?? 4273);
const FAKETIME_LIB = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1";
const dataDir = runDataDir("ACADEMY_VISUAL_DATA_DIR", "academy-visual-");

export default defineConfig({
  testDir: "tests/visual",
  // One baseline per test and name, whatever the platform (CI renders in the same Debian Chromium).
  snapshotPathTemplate: "{testDir}/{testFileName}-snapshots/{arg}{ext}",
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  // One at a time: the theme is saved on the account, so two themes must never be shot at once.
  workers: 1,
  timeout: 60_000,
  reporter: "list",
  globalTeardown: "./tests/e2e/global-teardown.ts",
  expect: {
    timeout: 10_000,
    // Tight on purpose: a single button losing its background changes a few
    // thousand pixels, far more than anti-aliasing between runs ever does.
    toHaveScreenshot: { maxDiffPixels: 150, threshold: 0.2, animations: "disabled", caret: "hide", scale: "css" },
  },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    headless: true,
    locale: "en-US",
    timezoneId: "UTC",
    colorScheme: "dark",
    launchOptions: { executablePath: "/usr/bin/chromium", args: [...CHROMIUM_ARGS, "--font-render-hinting=none", "--disable-lcd-text"] },
  },
  webServer: academyWebServer({
    host: "127.0.0.1",
    port: PORT,
    dataDir,
    sessionSecret: "visual-session-secret-0123456789-abcdefghijklmnop",
    env: {
      PAGE_CACHE_SECONDS: "0",
      // The clock starts at VISUAL_NOW and runs on from there; timers use the real monotonic clock.
      LD_PRELOAD: FAKETIME_LIB,
      FAKETIME: `@${VISUAL_NOW.replace("T", " ").replace("Z", "")}`,
      DONT_FAKE_MONOTONIC: "1",
      TZ: "UTC",
    },
  }),
});
