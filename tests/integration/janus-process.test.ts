import fs from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { janusInstalled, startJanus, type SupervisedJanus } from "~/realtime/janus-process.server";

// The academy's own Janus (MEDIA_BACKEND=janus without JANUS_URL, issue 28):
// Debian's janus started from a configuration written for it, its HTTP API on
// loopback behind the API secret, and started again after a crash.
// `npm test` installs janus (scripts/ensure-janus.sh).

let janus: SupervisedJanus | undefined;
afterAll(async () => {
  await janus?.stop();
  if (janus) fs.rmSync(janus.config.configDir, { recursive: true, force: true });
});

async function call(url: string, body: Record<string, unknown>): Promise<{ janus: string; error?: { code: number } }> {
  const response = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ transaction: "t1", ...body }) });
  return (await response.json()) as { janus: string; error?: { code: number } };
}

describe("the academy's own Janus", () => {
  it("answers on loopback only with its API secret, offers VideoRoom alone, and comes back after a crash", async () => {
    expect(janusInstalled()).toBe(true);
    janus = await startJanus({ portRange: [41000, 41099] });
    const { url, apiSecret, configDir } = janus.config;
    expect(new URL(url).hostname).toBe("127.0.0.1");
    expect(fs.statSync(`${configDir}/janus.jcfg`).mode & 0o077).toBe(0);

    const info = (await (await fetch(`${url}/info`)).json()) as { plugins: Record<string, unknown>; transports: Record<string, unknown>; "api_secret": boolean };
    expect(Object.keys(info.plugins)).toEqual(["janus.plugin.videoroom"]);
    expect(Object.keys(info.transports)).toEqual(["janus.transport.http"]);
    expect(info.api_secret).toBe(true);

    // 403 (Janus's "unauthorized") without the secret; a session with it.
    expect(await call(url, { janus: "create" })).toMatchObject({ janus: "error", error: { code: 403 } });
    expect(await call(url, { janus: "create", apisecret: apiSecret })).toMatchObject({ janus: "success" });

    // A crash: the process is started again and answers.
    const before = janus.pid();
    const restarted = new Promise<void>((resolve) => janus?.once("restarted", () => resolve()));
    if (before) process.kill(before, "SIGKILL");
    await restarted;
    expect(janus.pid()).not.toBe(before);
    expect(await call(url, { janus: "create", apisecret: apiSecret })).toMatchObject({ janus: "success" });
  });
});
