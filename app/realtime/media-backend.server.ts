import type { MediaBackend } from "~/schemas/live-room";
import { env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { JanusClient } from "./janus-client.server";
import { janusInstalled, startJanus, type SupervisedJanus } from "./janus-process.server";

// Which server carries the live rooms' media in this run (issue 28).
// MEDIA_BACKEND=janus connects to JANUS_URL, or starts the academy's own Janus;
// on a machine without the janus package it keeps the embedded SFU and says
// so once. The pages ask mediaBackend(), not the setting.

let effective: MediaBackend = env.MEDIA_BACKEND;
let janus: { client: JanusClient; process: SupervisedJanus | null } | null = null;
const lostListeners = new Set<() => void>();

export function mediaBackend(): MediaBackend {
  return effective;
}

/** The Janus connection (MEDIA_BACKEND=janus), or null. */
export function janusClient(): JanusClient | null {
  return janus?.client ?? null;
}

/** Called when Janus went away (its rooms must close so members join again); returns the unsubscribe. */
export function onJanusLost(listener: () => void): () => void {
  lostListeners.add(listener);
  return () => lostListeners.delete(listener);
}

async function reconnect(client: JanusClient): Promise<void> {
  for (let attempt = 0; attempt < 30 && !client.connected; attempt += 1) {
    try {
      await client.connect();
      logger.info("Connected to Janus again");
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

/** At start-up: reaches (or starts) Janus when MEDIA_BACKEND=janus. */
export async function startMediaBackend(): Promise<void> {
  if (env.MEDIA_BACKEND !== "janus") return;
  let own: SupervisedJanus | null = null;
  let url = env.JANUS_URL;
  let secret = env.JANUS_API_SECRET;
  if (!url) {
    if (!janusInstalled()) {
      effective = "embedded";
      logger.warn("MEDIA_BACKEND=janus, but Janus is not installed (apt-get install janus) and JANUS_URL is not set: live sessions use the embedded SFU.");
      return;
    }
    own = await startJanus({ portRange: [env.RTC_MIN_PORT, env.RTC_MAX_PORT], publicIp: env.ICE_PUBLIC_IP }, (line) => logger.debug({ janus: line }, "janus"));
    ({ url, apiSecret: secret } = own.config);
    logger.info(`Started Janus (${url}) for the live rooms`);
  }
  const client = new JanusClient(url, secret);
  await client.connect();
  client.onLost = () => {
    logger.warn("Lost the connection to Janus: live rooms close and members join again");
    for (const listener of lostListeners) listener();
    // An external Janus is tried again here; our own one reconnects once it answers again.
    if (!own) void reconnect(client);
  };
  own?.on("restarted", () => void reconnect(client));
  janus = { client, process: own };
}

/**
 * Several academy processes (issue 41) share one Janus: the primary starts the
 * academy's own (MEDIA_BACKEND=janus without JANUS_URL) before the workers,
 * which reach it as an external one. Returns its address, or null when none was started.
 */
export async function startSharedJanus(): Promise<{ url: string; apiSecret: string } | null> {
  if (env.MEDIA_BACKEND !== "janus" || env.JANUS_URL || !janusInstalled()) return null;
  const own = await startJanus({ portRange: [env.RTC_MIN_PORT, env.RTC_MAX_PORT], publicIp: env.ICE_PUBLIC_IP }, (line) => logger.debug({ janus: line }, "janus"));
  sharedJanus = own;
  logger.info(`Started Janus (${own.config.url}) for the live rooms of every academy process`);
  return { url: own.config.url, apiSecret: own.config.apiSecret };
}
let sharedJanus: SupervisedJanus | null = null;

export async function stopSharedJanus(): Promise<void> {
  await sharedJanus?.stop();
  sharedJanus = null;
}

export async function stopMediaBackend(): Promise<void> {
  const running = janus;
  janus = null;
  if (!running) return;
  await running.client.close();
  await running.process?.stop();
}
