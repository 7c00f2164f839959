import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import { EventEmitter } from "node:events";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

// The Janus WebRTC Server (Debian package `janus`, 1.1.x) as the academy runs
// it for MEDIA_BACKEND=janus without JANUS_URL (issue 28): a configuration
// written to a temporary folder (only the VideoRoom plugin and the HTTP API,
// on loopback, behind a random API secret; the RTP port range and public IP
// the embedded SFU uses), the process started and watched, and started again
// when it dies. Rooms and members are then joined again by their owner
// ("restarted" event).

export const JANUS_BINARY = "/usr/bin/janus";
const LIB = "/usr/lib/x86_64-linux-gnu/janus";
const RESTART_DELAYS_MS = [250, 1000, 3000, 10_000];
const READY_TIMEOUT_MS = 15_000;

export interface JanusOptions {
  portRange: [number, number];
  /** Announced in place of the private address (ICE_PUBLIC_IP), as for the embedded SFU. */
  publicIp?: string;
  /** The folder the configuration is written to; a new temporary one when absent. */
  configDir?: string;
  binary?: string;
}

export interface JanusConfig {
  url: string;
  apiSecret: string;
  configDir: string;
}

/** True when Debian's janus is installed here. */
export function janusInstalled(binary = JANUS_BINARY): boolean {
  return fs.existsSync(binary) && fs.existsSync(path.join(LIB, "plugins", "libjanus_videoroom.so"));
}

async function freeLoopbackPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (typeof address !== "object" || !address) throw new Error("no free port for Janus");
  return address.port;
}

/** Writes janus.jcfg and its HTTP transport and VideoRoom files; returns where the API listens. */
export async function writeJanusConfig(options: JanusOptions): Promise<JanusConfig> {
  const configDir = options.configDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "academy-janus-"));
  fs.mkdirSync(configDir, { recursive: true, mode: 0o700 });
  const port = await freeLoopbackPort();
  const apiSecret = crypto.randomBytes(24).toString("base64url");
  const [min, max] = options.portRange;
  const files: Record<string, string> = {
    "janus.jcfg": `general: {
  configs_folder = "${configDir}"
  plugins_folder = "${LIB}/plugins"
  transports_folder = "${LIB}/transports"
  events_folder = "${LIB}/events"
  loggers_folder = "${LIB}/loggers"
  debug_level = 3
  # One shared event loop instead of a thread per connection (Janus's default):
  # a hundred viewers are a hundred connections (bench:live, 100 viewers: 65% of
  # a core with a thread each, 34% with two loops, 20-22% with one).
  event_loops = 1
  api_secret = "${apiSecret}"
  hide_dependencies = true
}
media: {
  rtp_port_range = "${min}-${max}"
}
nat: {
  ${options.publicIp ? `nat_1_1_mapping = "${options.publicIp}"\n  keep_private_host = true` : ""}
  ice_ignore_list = "vmnet"
}
plugins: {
  disable = "libjanus_audiobridge.so,libjanus_duktape.so,libjanus_echotest.so,libjanus_lua.so,libjanus_nosip.so,libjanus_recordplay.so,libjanus_sip.so,libjanus_streaming.so,libjanus_textroom.so,libjanus_videocall.so,libjanus_voicemail.so"
}
transports: {
  disable = "libjanus_mqtt.so,libjanus_nanomsg.so,libjanus_pfunix.so,libjanus_rabbitmq.so,libjanus_websockets.so"
}
events: {
  broadcast = false
}
`,
    "janus.transport.http.jcfg": `general: {
  json = "compact"
  base_path = "/janus"
  http = true
  port = ${port}
  ip = "127.0.0.1"
  https = false
}
admin: {
  admin_http = false
}
`,
    // No rooms from the file: the academy creates one per live session.
    "janus.plugin.videoroom.jcfg": `general: {
  string_ids = false
}
`,
  };
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(configDir, name), text, { mode: 0o600 });
  return { url: `http://127.0.0.1:${port}/janus`, apiSecret, configDir };
}

/** Answers once Janus's HTTP API does (`GET /info`), or fails after the time limit. */
export async function waitForJanus(url: string, timeoutMs = READY_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(`${url}/info`, { signal: AbortSignal.timeout(1000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`Janus did not answer at ${url} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface SupervisedJanus extends EventEmitter<{ restarted: []; exited: [code: number | null] }> {
  readonly config: JanusConfig;
  /** The running process's id (changes after a restart). */
  pid(): number | undefined;
  stop(): Promise<void>;
}

/**
 * Starts Janus with a fresh configuration and keeps it running: when it exits
 * unasked, it is started again (after 0.25, 1, 3, then 10 s between tries) and
 * "restarted" is emitted once it answers again.
 */
export async function startJanus(options: JanusOptions, log: (message: string) => void = () => undefined): Promise<SupervisedJanus> {
  const config = await writeJanusConfig(options);
  const binary = options.binary ?? JANUS_BINARY;
  const events = new EventEmitter<{ restarted: []; exited: [code: number | null] }>();
  let child: ChildProcess | undefined;
  let stopping = false;
  let failures = 0;

  const launch = () => {
    const started = spawn(binary, ["--configs-folder", config.configDir, "--config", path.join(config.configDir, "janus.jcfg"), "--disable-colors"], {
      stdio: ["ignore", "ignore", "pipe"],
    });
    started.stderr?.on("data", (chunk: Buffer) => log(chunk.toString().trim()));
    started.once("exit", (code) => {
      events.emit("exited", code);
      if (stopping) return;
      const delay = RESTART_DELAYS_MS[Math.min(failures, RESTART_DELAYS_MS.length - 1)] ?? 10_000;
      failures += 1;
      log(`Janus exited (${code ?? "signal"}); starting it again in ${delay} ms`);
      setTimeout(() => {
        if (stopping) return;
        child = launch();
        waitForJanus(config.url)
          .then(() => {
            failures = 0;
            events.emit("restarted");
          })
          .catch((error: unknown) => log(String(error)));
      }, delay).unref();
    });
    return started;
  };

  child = launch();
  await waitForJanus(config.url);
  return Object.assign(events, {
    config,
    pid: () => child?.pid,
    stop: async () => {
      stopping = true;
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      await new Promise<void>((resolve) => {
        running.once("exit", () => resolve());
        running.kill("SIGTERM");
        setTimeout(() => running.kill("SIGKILL"), 5000).unref();
      });
    },
  });
}
