import cluster from "node:cluster";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { MEDIA_BACKENDS, MEDIA_SLOTS } from "~/schemas/live-room";

// All configuration is read and validated here, once, at boot. The rest of the
// code imports `env`; nothing else reads process.env.

const flag = (fallback: boolean) =>
  z
    .enum(["1", "0", "true", "false", "yes", "no", "on", "off", ""])
    .optional()
    .transform((v) => (v === undefined || v === "" ? fallback : ["1", "true", "yes", "on"].includes(v)));

const positiveInt = (fallback: number) =>
  z.coerce.number().int().positive().optional().default(fallback);

const EnvObject = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  // Where the other academy instances reach this one's port (issue 44): a live room's WebSockets are relayed to the
  // instance that holds the room. Plain http://host:port on the private network; unset: HOST (when it names one
  // address) or this machine's first non-internal IPv4 address, with PORT.
  INSTANCE_URL: z
    .string()
    .regex(/^http:\/\/[^/\s:]+(:\d{1,5})?\/?$/, "must be http://host:port, the address other instances reach this one at, such as http://10.0.0.5:3000")
    .optional(),
  DATABASE_PATH: z.string().min(1).default("./data/academy.db"),
  // postgres://user:password@host:port/database runs the academy on PostgreSQL 15+ (issue 43); unset: SQLite at DATABASE_PATH.
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/[^/]+\/[^/?]+/i, "must be a PostgreSQL URL: postgres://user:password@host:port/database")
    .optional(),
  // Connections each academy process keeps to PostgreSQL at most.
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).optional().default(10),
  UPLOADS_DIR: z.string().min(1).default("./data/uploads"),
  // Uploads in an S3-compatible bucket instead of UPLOADS_DIR (issue 44: several servers share it).
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a bucket name: 3-63 lower-case letters, digits, dots and hyphens").optional(),
  S3_ENDPOINT: z.string().regex(/^https?:\/\/[^/\s]+/, "must be an http(s) URL such as http://minio:9000").optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  // Bucket in the path (http://host/bucket/key) rather than the host name: MinIO and other local servers need it.
  S3_FORCE_PATH_STYLE: flag(false),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  ADMIN_USERNAME: z.string().regex(/^[A-Za-z0-9_.-]{3,32}$/, "must be 3-32 letters, digits, _ - .").optional(),
  ADMIN_PASSWORD: z.string().min(12, "must be at least 12 characters").max(128).optional(),
  SEED_DEMO_DATA: flag(true),
  // The demo academy's Markdown files, read when SEED_DEMO_DATA fills an empty database.
  CONTENT_DIR: z.string().min(1).default("./content"),
  TRUST_PROXY: flag(false),
  LOG_REQUESTS: flag(true),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // Academy processes serving requests (issue 41): unset = the cores this process may use, at most 8.
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  // How long a stopping server lets requests in flight (uploads included) finish.
  SHUTDOWN_GRACE_SECONDS: positiveInt(30),
  LOGIN_MAX_FAILURES: positiveInt(10),
  LOGIN_WINDOW_MINUTES: positiveInt(15),
  SIGNUPS_PER_HOUR: positiveInt(30),
  JSON_BODY_LIMIT_KB: positiveInt(100),
  // How long pages and API reads that every visitor sees alike are kept for anonymous visitors (0: not kept).
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).optional().default(5),
  // Requests that may start per event-loop turn (server/take-turns.ts): new
  // connections are accepted between turns, so short turns keep their wait short.
  REQUEST_STARTS_PER_TURN: z.coerce.number().int().min(1).max(1000).optional().default(8),
  // Streaks count calendar days in this time zone.
  ACADEMY_TIMEZONE: z
    .string()
    .default("UTC")
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat("en-US", { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, "must be an IANA time zone such as Europe/London"),
  // Printed on certificates as the issuer.
  ACADEMY_FOUNDER: z.string().min(1).max(100).default("Seraphina Vale"),
  PUBLIC_URL: z.string().url("must be a full URL such as https://academy.example").optional(),
  // Payments: with no secret key the academy runs with online payments off.
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_/, "must be a Stripe secret key (sk_...)").optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_/, "must be a Stripe publishable key (pk_...)").optional(),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_/, "must be a Stripe webhook signing secret (whsec_...)").optional(),
  STRIPE_PRICE_ID: z.string().regex(/^price_/, "must be a Stripe price id (price_...)").optional(),
  // A new subscriber's free days (Stripe's own trial; one per member, ever). 0: no trial.
  STRIPE_TRIAL_DAYS: z.coerce.number({ invalid_type_error: "must be a whole number of days" }).int("must be a whole number of days").min(0, "must be 0 or more").max(730, "must be at most 730 (Stripe's limit)").optional().default(0),
  // Where the Stripe SDK sends its requests; only for tests against a local fake.
  STRIPE_API_URL: z.string().url("must be a URL such as http://127.0.0.1:12111").optional(),
  // How long a template download link works.
  DOWNLOAD_LINK_TTL_SECONDS: positiveInt(300),
  // The study companion. With a key it answers through any OpenAI-compatible
  // Chat Completions server; without one it quotes the course library.
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_BASE_URL: z.string().url("must be a URL such as http://127.0.0.1:11434/v1").optional(),
  OPENAI_MODEL: z.string().min(1).default("gpt-4o-mini"),
  // With a provider: embeddings for the companion's meaning-based search (off when unset).
  OPENAI_EMBEDDING_MODEL: z.string().min(1).optional(),
  OPENAI_TIMEOUT_SECONDS: positiveInt(30),
  // Generated captions (issue 38): the speech-to-text model (it must offer WebVTT output), and the
  // longest piece of audio sent at once, which keeps each upload under the provider's 25 MB.
  OPENAI_TRANSCRIBE_MODEL: z.string().min(1).default("whisper-1"),
  OPENAI_TRANSCRIBE_PIECE_SECONDS: z.coerce.number().int().min(1).max(5400).optional().default(1800),
  COMPANION_DAILY_MESSAGES_FREE: positiveInt(20),
  COMPANION_DAILY_MESSAGES_PREMIUM: positiveInt(200),
  COMPANION_MESSAGES_PER_MINUTE: positiveInt(6),
  // Tokens the whole academy may spend at the provider per day; past it, answers are offline.
  COMPANION_DAILY_TOKEN_BUDGET: positiveInt(500_000),
  // Keep members' question texts in the usage log (off: only counts and sources are kept).
  COMPANION_LOG_QUESTIONS: flag(false),
  // Widen offline searches with related words from WordNet (docs/decisions: the companion's offline retrieval).
  COMPANION_WORDNET: flag(true),
  // The academy's thesaurus of members' phrases for the library's words (default: CONTENT_DIR/companion-synonyms.txt).
  COMPANION_SYNONYMS_PATH: z.string().min(1).optional(),
  // Live sessions. "embedded": the werift SFU inside this process; "livekit": a
  // self-hosted LiveKit server carries the media (docs/live-sessions.md).
  MEDIA_BACKEND: z.enum(MEDIA_BACKENDS).default("embedded"),
  // The address browsers reach the SFU on (the server's public IP behind NAT).
  ICE_PUBLIC_IP: z.string().ip("must be an IP address such as 203.0.113.7").optional(),
  // The UDP ports the embedded SFU may use (open them in the firewall).
  RTC_MIN_PORT: z.coerce.number().int().min(1024).max(65535).default(40000),
  RTC_MAX_PORT: z.coerce.number().int().min(1024).max(65535).default(40199),
  TURN_URL: z.string().regex(/^turns?:/, "must be a turn: or turns: URL such as turn:turn.example:3478").optional(),
  TURN_USERNAME: z.string().min(1).optional(),
  TURN_CREDENTIAL: z.string().min(1).optional(),
  // MEDIA_BACKEND=janus: an external Janus's HTTP API (e.g. http://127.0.0.1:8088/janus) and its
  // api_secret; without JANUS_URL the academy starts and watches its own Janus.
  JANUS_URL: z.string().regex(/^https?:\/\//, "must be an http:// or https:// URL such as http://127.0.0.1:8088/janus").optional(),
  JANUS_API_SECRET: z.string().min(1).optional(),
  LIVEKIT_URL: z.string().regex(/^wss?:\/\//, "must be a ws:// or wss:// URL such as wss://livekit.example").optional(),
  LIVEKIT_API_KEY: z.string().min(1).optional(),
  LIVEKIT_API_SECRET: z.string().min(1).optional(),
  // Live chat: messages per member per minute.
  LIVE_CHAT_PER_MINUTE: positiveInt(20),
  // Live Q&A: how many may speak at once, the host included (each takes one of the room's media slots).
  LIVE_MAX_SPEAKERS: z.coerce
    .number()
    .int()
    .min(1)
    .max(MEDIA_SLOTS, `must be at most ${MEDIA_SLOTS}: the live room forwards that many speakers`)
    .optional()
    .default(4),
  // Recordings: the largest single recording, all recordings together, and how
  // long they are kept (0 = for ever).
  RECORDING_MAX_MB: positiveInt(2048),
  RECORDINGS_TOTAL_MAX_MB: positiveInt(20_480),
  RECORDING_RETENTION_DAYS: z.coerce.number().int().min(0).default(0),
  // Outgoing email (password-reset links). Without SMTP_URL, admins hand out reset links.
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s/]+/, "must be an smtp:// or smtps:// URL such as smtp://user:pass@mail.example:587")
    .refine((value) => URL.canParse(value), "must be an smtp:// or smtps:// URL such as smtp://user:pass@mail.example:587")
    .optional(),
  MAIL_FROM: z
    .string()
    .max(320)
    .regex(/^(?:[^<>@\r\n]*<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/, 'must be an address such as "Mystic Academy <academy@example.com>"')
    .optional(),
  // Password-reset emails one account (username or email) may ask for per hour.
  PASSWORD_RESET_REQUESTS_PER_HOUR: positiveInt(5),
  // Notifications (issue 25): how often the scheduler looks for reminders, digests and emails
  // to send (a cron pattern with seconds), the local hour digests go out, and how many times
  // an email is tried before it is marked failed.
  NOTIFICATION_SCHEDULE: z.string().min(1).default("*/15 * * * * *"),
  DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(8),
  EMAIL_MAX_ATTEMPTS: positiveInt(6),
  // The first retry's delay; each later one doubles it (at most an hour).
  EMAIL_RETRY_SECONDS: positiveInt(60),
  // How long a process's claim on an email it is sending lasts: one killed mid-send leaves it to another after this.
  EMAIL_LEASE_SECONDS: positiveInt(120),
});

/** Every variable the academy reads (.env.example documents each; a unit test checks). */
export const ENV_VARIABLES = Object.keys(EnvObject.shape);

const EnvSchema = EnvObject.superRefine((config, ctx) => {
  if (config.RTC_MIN_PORT > config.RTC_MAX_PORT) {
    ctx.addIssue({ code: "custom", path: ["RTC_MIN_PORT"], message: "must not be above RTC_MAX_PORT" });
  }
  if (config.TURN_URL && !(config.TURN_USERNAME && config.TURN_CREDENTIAL)) {
    ctx.addIssue({ code: "custom", path: ["TURN_URL"], message: "needs TURN_USERNAME and TURN_CREDENTIAL too" });
  }
  if (config.MEDIA_BACKEND === "livekit" && !(config.LIVEKIT_URL && config.LIVEKIT_API_KEY && config.LIVEKIT_API_SECRET)) {
    ctx.addIssue({ code: "custom", path: ["MEDIA_BACKEND"], message: "livekit needs LIVEKIT_URL, LIVEKIT_API_KEY and LIVEKIT_API_SECRET" });
  }
  if (Boolean(config.S3_ACCESS_KEY_ID) !== Boolean(config.S3_SECRET_ACCESS_KEY)) {
    ctx.addIssue({ code: "custom", path: ["S3_ACCESS_KEY_ID"], message: "and S3_SECRET_ACCESS_KEY go together: set both or neither" });
  }
  if (!config.S3_BUCKET && (config.S3_ENDPOINT || config.S3_ACCESS_KEY_ID)) {
    ctx.addIssue({ code: "custom", path: ["S3_BUCKET"], message: "is needed when S3_ENDPOINT or S3_ACCESS_KEY_ID is set" });
  }
  if (config.SMTP_URL && !config.MAIL_FROM) {
    ctx.addIssue({ code: "custom", path: ["SMTP_URL"], message: "needs MAIL_FROM too (the sender address of the academy's emails)" });
  }
});

export type Env = z.infer<typeof EnvSchema> & {
  SESSION_SECRET: string;
  /** INSTANCE_URL, resolved: an origin such as http://10.0.0.5:3000. */
  INSTANCE_URL: string;
  DATA_DIR: string;
  /** How many academy processes serve (WEB_CONCURRENCY, resolved). */
  WORKERS: number;
  /** This process's place among them (0 when it serves alone), stable across a worker's restarts. */
  WORKER_INDEX: number;
};

/** WEB_CONCURRENCY, or the cores this process may use, at most 8. */
export function workerCount(configured: number | undefined, cores = os.availableParallelism()): number {
  return configured ?? Math.max(1, Math.min(cores, 8));
}

export function parseEnv(source: Record<string, string | undefined>): z.infer<typeof EnvSchema> {
  // An empty variable means "not set", as shells and .env files usually intend.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const result = EnvSchema.safeParse(present);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = issue?.path.join(".") ?? "environment";
    throw new Error(`Invalid configuration: ${name} ${issue?.message ?? "is invalid"}`);
  }
  return result.data;
}

// Without SESSION_SECRET a random one is generated once and kept beside the
// database, so sessions survive restarts on a single server.
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(32).toString("hex");
  fs.writeFileSync(file, secret, { mode: 0o600 });
  console.warn(`SESSION_SECRET is not set: generated one in ${file}. Set SESSION_SECRET in production.`);
  return secret;
}

/** Where other machines can reach this one: HOST when it names one address, else the first non-internal IPv4 address. */
export function defaultInstanceUrl(host: string, port: number, interfaces = os.networkInterfaces()): string {
  if (host !== "0.0.0.0" && host !== "::") return `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  const address = Object.values(interfaces)
    .flat()
    .find((candidate) => candidate && candidate.family === "IPv4" && !candidate.internal)?.address;
  return `http://${address ?? "127.0.0.1"}:${port}`;
}

function loadEnv(): Env {
  const parsed = parseEnv(process.env);
  const dataDir = path.dirname(path.resolve(parsed.DATABASE_PATH));
  return {
    ...parsed,
    DATA_DIR: dataDir,
    SESSION_SECRET: parsed.SESSION_SECRET ?? persistentSecret(dataDir),
    INSTANCE_URL: new URL(parsed.INSTANCE_URL ?? defaultInstanceUrl(parsed.HOST, parsed.PORT)).origin,
    // Development (Vite's dev server) always runs one process.
    WORKERS: parsed.NODE_ENV === "development" ? 1 : workerCount(parsed.WEB_CONCURRENCY),
    // Set by the primary when it forks a worker (server/cluster.ts); not a setting.
    WORKER_INDEX: cluster.isWorker ? Number(process.env.ACADEMY_WORKER_INDEX ?? 0) : 0,
  };
}

function loadOrExit(): Env {
  try {
    return loadEnv();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}

export const env: Env = loadOrExit();
