import fs from "node:fs";
import { afterAll, beforeAll } from "vitest";
import { JanusClient } from "~/realtime/janus-client.server";
import { startJanus, type SupervisedJanus } from "~/realtime/janus-process.server";

/**
 * A Janus of the academy's own (started as MEDIA_BACKEND=janus starts it) and
 * a client connected to it, for one test file; stopped and its configuration
 * removed afterwards. Each file takes its own RTP port range.
 */
export function useJanus(portRange: [number, number]): { readonly janus: SupervisedJanus; readonly client: JanusClient } {
  let janus: SupervisedJanus | undefined;
  let client: JanusClient | undefined;
  beforeAll(async () => {
    janus = await startJanus({ portRange });
    client = new JanusClient(janus.config.url, janus.config.apiSecret);
    await client.connect();
  });
  afterAll(async () => {
    await client?.close();
    await janus?.stop();
    if (janus) fs.rmSync(janus.config.configDir, { recursive: true, force: true });
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("Janus is started in beforeAll");
    return value;
  };
  return {
    get janus() {
      return started(janus);
    },
    get client() {
      return started(client);
    },
  };
}
