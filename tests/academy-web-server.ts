import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { TEST_ADMIN } from "../scripts/academy-process";

// The production server as the Playwright suites start it: a fresh data folder
// (made once per run: the runner and each worker load the config, and the
// workers inherit the runner's environment), the e2e admin, no request log and
// no sign-in limits. Each suite adds what is its own.

/** A temporary data folder kept in `variable` so every process of one run shares it. */
export function runDataDir(variable: string, prefix: string): string {
  return (process.env[variable] ??= fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
}

export function academyWebServer({ host, port, dataDir, sessionSecret, env = {} }: { host: string; port: number; dataDir: string; sessionSecret: string; env?: Record<string, string> }) {
  const baseUrl = `http://${host}:${port}`;
  return {
    command: "node build/server.mjs",
    url: `${baseUrl}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: host,
      PUBLIC_URL: baseUrl,
      DATABASE_PATH: path.join(dataDir, "academy.db"),
      UPLOADS_DIR: path.join(dataDir, "uploads"),
      SESSION_SECRET: sessionSecret,
      ADMIN_USERNAME: TEST_ADMIN.username,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      LOG_REQUESTS: "false",
      SIGNUPS_PER_HOUR: "1000",
      LOGIN_MAX_FAILURES: "1000",
      ...env,
    },
  };
}
