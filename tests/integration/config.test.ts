import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { startAcademy } from "../../scripts/academy-process";

describe("start-up configuration", () => {
  it("stops with a one-line message naming a bad variable", () => {
    const result = spawnSync(process.execPath, ["build/server.mjs"], {
      env: { ...process.env, NODE_ENV: "production", PORT: "not-a-port" },
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split("\n").at(-1)).toMatch(/^Invalid configuration: PORT /);
  });

  it("creates an admin with a printed random password when none is configured, and can skip the demo", async () => {
    const academy = await startAcademy({ ADMIN_USERNAME: "", ADMIN_PASSWORD: "", SEED_DEMO_DATA: "false" });
    try {
      const password = academy.logs().match(/Created admin \\?"admin\\?" with password: ([^\s"\\]+)/)?.[1];
      expect(password).toBeTruthy();
      const courses = (await (await fetch(`${academy.baseUrl}/api/courses`)).json()) as unknown[];
      expect(courses).toEqual([]);
    } finally {
      await academy.stop();
    }
  });
});
