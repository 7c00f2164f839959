import { execSync, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { isMedia, isRtcp, MediaStreamTrack, RTCDtlsTransport, RTCPeerConnection, RtpHeader, RtpPacket } from "werift";
import WebSocket from "ws";
import { startAcademy, TEST_ADMIN, type AcademyProcess } from "./academy-process";
import { cpuSeconds, listeningPid, rssMegabytes } from "./process-stats";

// `npm run bench:live`: how many viewers one academy process can feed. A bot
// host (a werift client) publishes a synthetic stream shaped like a webcam
// (~33 frames/s of 3 video packets, 50 audio packets/s); bot viewers (werift
// clients, all in this process) join one room in steps of LIVE_STEPS and we
// read the server's CPU and memory from /proc while they all receive. The SFU
// forwards packets without decoding them, so synthetic payloads cost it
// exactly what real ones do. Viewers complete ICE and DTLS like a browser
// but count the SRTP bytes that arrive without decrypting them
// (countWithoutDecrypting): decrypting in JavaScript cost each bot about as
// much as the server, and 100 of them filled both cores.

const STEPS = (process.env.LIVE_STEPS ?? "10,50,100,200").split(",").map(Number);
// LIVE_BACKENDS: which media servers to measure, in turn (MEDIA_BACKEND values).
const BACKENDS = (process.env.LIVE_BACKENDS ?? "embedded,janus").split(",") as ("embedded" | "janus")[];
const MEASURE_SECONDS = Number(process.env.LIVE_MEASURE_SECONDS ?? 10);
const JOIN_TIMEOUT_MS = 30_000;

/**
 * Viewers only (this process; the host bot runs in its own): werift's
 * DTLS transport still derives the SRTP keys (the bot's RTCP reports are
 * encrypted with them) but counts arriving RTP packets instead of
 * decrypting and parsing them.
 */
function countWithoutDecrypting(): void {
  type Transport = {
    srtpStarted: boolean;
    bytesReceived: number;
    packetsReceived: number;
    updateSrtpSession(): void;
    iceTransport: { connection: { onData: { subscribe(listener: (data: Buffer) => void): void } } };
  };
  (RTCDtlsTransport.prototype as unknown as { startSrtp(this: Transport): void }).startSrtp = function startSrtp() {
    if (this.srtpStarted) return;
    this.srtpStarted = true;
    this.updateSrtpSession();
    this.iceTransport.connection.onData.subscribe((data) => {
      if (!isMedia(data) || isRtcp(data)) return;
      this.bytesReceived += data.length;
      this.packetsReceived += 1;
    });
  };
}

class Session {
  cookie = "";
  constructor(private readonly baseUrl: string) {}

  async request(path: string, init: { method?: string; json?: unknown } = {}): Promise<Response> {
    const response = await fetch(new URL(path, this.baseUrl), {
      method: init.method ?? "GET",
      headers: { Cookie: this.cookie, ...(init.json === undefined ? {} : { "Content-Type": "application/json" }) },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
    const set = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]).join("; ");
    if (set) this.cookie = set;
    return response;
  }

  private async captcha(): Promise<{ captchaToken: string; captchaAnswer: number }> {
    const { token, question } = (await (await this.request("/api/captcha")).json()) as { token: string; question: string };
    const [, a, b] = /What is (\d+) \+ (\d+)\?/.exec(question) ?? [];
    return { captchaToken: token, captchaAnswer: Number(a) + Number(b) };
  }

  async register(username: string): Promise<void> {
    const response = await this.request("/api/register", {
      method: "POST",
      json: { username, password: "a calm and steady passphrase", ...(await this.captcha()) },
    });
    if (response.status !== 201) throw new Error(`registering ${username}: ${response.status}`);
  }

  async login(credentials: { username: string; password: string }): Promise<void> {
    const response = await this.request("/api/login", { method: "POST", json: { ...credentials, ...(await this.captcha()) } });
    if (response.status !== 200) throw new Error(`signing in ${credentials.username}: ${response.status}`);
  }
}

interface Bot {
  close: () => void;
  receivedBytes: () => number;
}

/** A werift client in the room: answers the server's offer; the host also sends media on its own lines. */
function joinRoom(baseUrl: string, conferenceId: number, cookie: string, publish: boolean, janus = false): Promise<Bot> {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, "ws")}/ws/conferences/${conferenceId}`, { headers: { Cookie: cookie }, origin: baseUrl });
  const pc = new RTCPeerConnection({ iceAdditionalHostAddresses: ["127.0.0.1"] });
  // Encrypted RTP as it arrived (headers and SRTP tag included): see countWithoutDecrypting.
  const received = () => pc.dtlsTransports.reduce((sum, transport) => sum + transport.bytesReceived, 0);
  let timer: NodeJS.Timeout | undefined;
  let publisher: RTCPeerConnection | undefined;
  /** Janus: the host bot offers its own connection (audio on mid 0, video on mid 1) and sends the stream on it. */
  const publishToJanus = async () => {
    publisher = new RTCPeerConnection({ iceAdditionalHostAddresses: ["127.0.0.1"] });
    const audio = new MediaStreamTrack({ kind: "audio" });
    const video = new MediaStreamTrack({ kind: "video" });
    publisher.addTransceiver(audio, { direction: "sendonly" });
    publisher.addTransceiver(video, { direction: "sendonly" });
    await publisher.setLocalDescription(await publisher.createOffer());
    socket.send(JSON.stringify({ type: "publish", sdp: publisher.localDescription }));
    socket.send(JSON.stringify({ type: "media-state", camera: true, microphone: true, screen: false }));
    timer = sendStream(audio, video);
  };
  return new Promise((resolve, reject) => {
    if (janus && publish) socket.on("message", (data) => {
      if ((JSON.parse(String(data)) as { type: string }).type === "publish-answer") {
        resolve({ close: () => (clearInterval(timer), socket.close(), void publisher?.close()), receivedBytes: received });
      }
    });
    socket.on("unexpected-response", (_request, response) => reject(new Error(`room refused: ${response.statusCode}`)));
    socket.on("message", (data) => {
      const message = JSON.parse(String(data)) as { type: string; sdp?: { type: "offer" | "answer"; sdp: string }; target?: string };
      if (message.type === "welcome" && janus && publish) void publishToJanus();
      if (message.type === "publish-answer" && message.sdp) void publisher?.setRemoteDescription(message.sdp as { type: "answer"; sdp: string });
      if (message.type === "offer" && message.target === "subscriber" && message.sdp) {
        // Janus offers the feeds; this bot only receives on this connection.
        const offer = message.sdp as { type: "offer"; sdp: string };
        void (async () => {
          await pc.setRemoteDescription(offer);
          await pc.setLocalDescription(await pc.createAnswer());
          socket.send(JSON.stringify({ type: "answer", sdp: pc.localDescription, target: "subscriber" }));
        })();
        return;
      }
      if (janus && message.type === "welcome" && !publish) resolve({ close: () => (socket.close(), void pc.close()), receivedBytes: received });
      if (message.type !== "offer" || !message.sdp || janus) return;
      void (async () => {
        await pc.setRemoteDescription(message.sdp!);
        const transceivers = pc.getTransceivers();
        // What the host bot sends: a track on each of its own lines, so its answer names their SSRCs.
        const outgoing = { audio: new MediaStreamTrack({ kind: "audio" }), video: new MediaStreamTrack({ kind: "video" }) };
        for (const transceiver of transceivers) {
          const own = transceiver.mid === "0" || transceiver.mid === "1";
          transceiver.setDirection(own ? (publish ? "sendonly" : "inactive") : "recvonly");
          if (own && publish) await transceiver.sender.replaceTrack(transceiver.mid === "0" ? outgoing.audio : outgoing.video);
        }
        await pc.setLocalDescription(await pc.createAnswer());
        socket.send(JSON.stringify({ type: "answer", sdp: pc.localDescription }));
        if (publish) {
          socket.send(JSON.stringify({ type: "media-state", camera: true, microphone: true, screen: false }));
          timer = sendStream(outgoing.audio, outgoing.video);
        }
        resolve({
          close: () => {
            clearInterval(timer);
            socket.close();
            void pc.close();
          },
          receivedBytes: received,
        });
      })().catch(reject);
    });
  });
}

/** The host's stream, webcam-shaped: 50 ticks a second of audio, three video packets on two ticks of three. */
function sendStream(audio: MediaStreamTrack, video: MediaStreamTrack): NodeJS.Timeout {
  // Each stream numbers its own packets: a gap would look like loss and make every viewer ask for retransmissions.
  const sequence = { audio: 0, video: 0 };
  let tick = 0;
  const started = Date.now();
  const sendTick = () => {
    tick += 1;
    const packet = (kind: "audio" | "video", size: number, marker: boolean, timestamp: number) =>
      new RtpPacket(
        new RtpHeader({ sequenceNumber: (sequence[kind] = (sequence[kind] + 1) & 0xffff), timestamp, marker }),
        Buffer.alloc(size, tick),
      );
    // 20 ms of Opus at 48 kHz.
    audio.writeRtp(packet("audio", 120, true, tick * 960));
    // 20 ms ticks: a frame every ~33 ms as three packets of about a kilobyte (90 kHz clock).
    if (tick % 3 !== 0) for (let part = 0; part < 3; part += 1) video.writeRtp(packet("video", 1000, part === 2, tick * 1800));
  };
  // Catches up on the ticks a busy event loop delayed (this process also
  // runs every viewer): the host publishes the full rate however late
  // the timer fires, so the server always forwards the same stream.
  return setInterval(() => {
    const due = Math.floor((Date.now() - started) / 20);
    while (tick < due) sendTick();
  }, 20);
}

/**
 * The host publishes from its own process: in this one, a hundred viewers
 * decrypting every packet would delay its timer and thin out the stream the
 * server is measured forwarding.
 */
function startHost(baseUrl: string, conferenceId: number, cookie: string, janus: boolean): Promise<{ close: () => void }> {
  const child = spawn(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url)], {
    env: { ...process.env, BENCH_LIVE_HOST: JSON.stringify({ baseUrl, conferenceId, cookie, janus }) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  process.once("exit", () => child.kill());
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the host bot exited with ${code}`)));
    child.stdout.on("data", (chunk: Buffer) => {
      if (String(chunk).includes("publishing")) resolve({ close: () => child.kill() });
    });
  });
}

async function publishAsHost(settings: string) {
  const { baseUrl, conferenceId, cookie, janus } = JSON.parse(settings) as { baseUrl: string; conferenceId: number; cookie: string; janus: boolean };
  await joinRoom(baseUrl, conferenceId, cookie, true, janus);
  console.log("publishing");
}

/** The Janus the academy started (its child process), whose CPU counts with the server's. */
function janusPid(serverPid: number): number | undefined {
  try {
    const pid = Number(execSync(`pgrep -P ${serverPid} -x janus`, { encoding: "utf8" }).trim().split("\n")[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

async function main() {
  for (const backend of BACKENDS) await measureBackend(backend);
}

async function measureBackend(backend: "embedded" | "janus") {
  const academy: AcademyProcess = await startAcademy({
    SIGNUPS_PER_HOUR: "100000",
    LOGIN_MAX_FAILURES: "100000",
    SEED_DEMO_DATA: "false",
    MEDIA_BACKEND: backend,
    // Every member's connection takes a UDP port per network interface: the default 200 ports run out before 200 viewers.
    RTC_MIN_PORT: "40000",
    RTC_MAX_PORT: String(40000 + Math.max(...STEPS) * 3),
  });
  const janus = backend === "janus";
  try {
    const admin = new Session(academy.baseUrl);
    await admin.login(TEST_ADMIN);
    const scheduled = (await (
      await admin.request("/api/conferences", {
        method: "POST",
        json: { title: "Bench", description: "Live bench", scheduledAt: new Date().toISOString(), maxParticipants: Math.max(...STEPS) + 1 },
      })
    ).json()) as { id: number };
    const started = await admin.request(`/api/conferences/${scheduled.id}/start`, { method: "POST" });
    if (started.status !== 200) throw new Error(`starting the session: ${started.status}`);
    const serverPid = listeningPid(academy.baseUrl);
    if (serverPid === undefined) throw new Error("could not find the server's process (needs Linux and `ss`)");
    const janusProcess = janus ? janusPid(serverPid) : undefined;
    if (janus && janusProcess === undefined) throw new Error("MEDIA_BACKEND=janus, but the academy started no Janus (apt-get install janus)");
    const pids = [serverPid, ...(janusProcess ? [janusProcess] : [])];
    const cpuOf = () => pids.reduce((sum, pid) => sum + (cpuSeconds(pid) ?? 0), 0);
    const rssOf = () => pids.reduce((sum, pid) => sum + (rssMegabytes(pid) ?? 0), 0);
    const host = await startHost(academy.baseUrl, scheduled.id, admin.cookie, janus);
    const viewers: Bot[] = [];
    // 50 ticks a second: an audio packet each, and three video packets on two ticks of three (~33 frames/s).
    const publishedKilobytes = Math.round((50 * 120 + ((50 * 2) / 3) * 3 * 1000) / 1024);
    console.log(`\nLive room bench, ${janus ? "Janus (server + Janus processes)" : "embedded SFU (werift)"}: 1 host publishing ~${publishedKilobytes} KB/s, viewers in steps of ${STEPS.join(", ")}`);
    console.log("| viewers | CPU (% of one core) | of which Janus | memory (RSS) | viewers receiving | median / slowest viewer |");
    console.log("|---|---|---|---|---|---|");
    steps: for (const target of STEPS) {
      while (viewers.length < target) {
        const student = new Session(academy.baseUrl);
        await student.register(`viewer-${viewers.length}-${Date.now().toString(36)}`);
        const joined = await Promise.race([
          joinRoom(academy.baseUrl, scheduled.id, student.cookie, false, janus),
          new Promise<undefined>((resolve) => setTimeout(resolve, JOIN_TIMEOUT_MS)),
        ]);
        if (!joined) {
          // On two cores the bots and the server share the machine.
          console.log(`| ${target} | viewer ${viewers.length + 1} could not join within ${JOIN_TIMEOUT_MS / 1000} s: this machine cannot run more bot viewers beside the server | | | | |`);
          break steps;
        }
        viewers.push(joined);
        if (viewers.length % 10 === 0) process.stderr.write(`  ${viewers.length} viewers in the room\n`);
      }
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const cpuBefore = cpuOf();
      const janusBefore = cpuSeconds(janusProcess) ?? 0;
      const bytesBefore = viewers.map((viewer) => viewer.receivedBytes());
      await new Promise((resolve) => setTimeout(resolve, MEASURE_SECONDS * 1000));
      const cpu = ((cpuOf() - cpuBefore) / MEASURE_SECONDS) * 100;
      const janusCpu = janusProcess ? `${((((cpuSeconds(janusProcess) ?? 0) - janusBefore) / MEASURE_SECONDS) * 100).toFixed(0)}%` : "—";
      const perViewer = viewers.map((viewer, index) => (viewer.receivedBytes() - (bytesBefore[index] ?? 0)) / MEASURE_SECONDS / 1024);
      const sorted = [...perViewer].sort((a, b) => a - b);
      const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
      const slowest = sorted[0] ?? 0;
      // "Receiving": at least half of what the host publishes arrived.
      const receiving = perViewer.filter((rate) => rate >= publishedKilobytes / 2).length;
      console.log(
        `| ${target} | ${cpu.toFixed(0)}% | ${janusCpu} | ${rssOf().toFixed(0)} MB | ${receiving} of ${target} | ${median.toFixed(0)} / ${slowest.toFixed(0)} KB/s |`,
      );
    }
    for (const viewer of viewers) viewer.close();
    host.close();
  } finally {
    await academy.stop();
  }
}

if (process.env.BENCH_LIVE_HOST) await publishAsHost(process.env.BENCH_LIVE_HOST);
else {
  countWithoutDecrypting();
  await main();
  // A bot still joining when a step gave up keeps werift's sockets open.
  process.exit(0);
}
