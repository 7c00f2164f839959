import { seedDemoData } from "#db/seed";
import { pruneUsedCaptchas } from "~/models/accounts/captcha.server";
import { finaliseInterruptedRecordings, pruneExpiredRecordings, removeLeftoverRecordingFiles } from "~/models/live/conference.server";
import { paymentsEnabled } from "~/models/billing/billing.server";
import { pruneUnusedTemplateFiles } from "~/models/community/templates.server";
import { ensureAdmin } from "~/models/accounts/user.server";
import { env } from "~/utils/env.server";
import { pruneExpiredSessions } from "~/models/accounts/session.server";
import { startEmbeddingSchedule } from "~/models/companion/companion-embeddings.server";
import { libraryNeedsBuilding, rebuildLibrary } from "~/models/companion/companion-library.server";
import { logger } from "~/utils/logger.server";
import { startNotificationSchedule } from "~/models/notifications/notification-schedule.server";
import { removeStaleIncomingFiles } from "~/utils/uploads.server";
import { startMediaBackend } from "~/realtime/media-backend.server";
import { pruneExpiredLeases, withLease } from "~/models/platform/leases.server";
import { forgetAllRoomMembers, forgetRoomMembersOfThisProcess } from "~/models/live/live-rooms.server";
import { pruneExpiredLimits } from "#db/limiter-store.server";
import { openDatabase } from "#db/client.server";
import { PostgresStartError } from "#db/postgres/connect";
import { DatabaseNewerThanCodeError } from "#db/postgres/migrate";
import { engine } from "#db/engine";
import { EmbeddedMediaConflictError, instanceName, registerInstance } from "~/models/platform/instances.server";
import { PostgresBus } from "#db/postgres/bus";
import { announceResync, deliverFromElsewhere, setBusTransport } from "~/utils/bus.server";

const HOUR = 60 * 60 * 1000;
/** The admin, the demo seed and the companion's index take seconds; an instance killed meanwhile holds the others up this long at most. */
const START_UP_LEASE_MS = 2 * 60 * 1000;

/**
 * Start-up work done once per start, however many processes serve (issue 41):
 * before the workers are forked, or before the one process listens. First the
 * database: SQLite was opened and migrated when the models were imported;
 * PostgreSQL is reached and migrated here (a bad DATABASE_URL is one sentence).
 */
export async function prepareOnce() {
  try {
    await openDatabase();
  } catch (error) {
    if (!(error instanceof PostgresStartError || error instanceof DatabaseNewerThanCodeError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  if (engine === "postgres") await registerThisInstance();
  const stale = removeStaleIncomingFiles();
  if (stale > 0) logger.info(`Removed ${stale} partial upload(s) left by the previous run`);
  const leftover = await removeLeftoverRecordingFiles();
  if (leftover > 0) logger.info(`Removed the files of ${leftover} failed or deleted recording(s)`);
  warnAboutPublicAddress();
  await forgetAllRoomMembers();
  // Instances started at the same moment on one empty PostgreSQL database (issue 44):
  // one creates the admin, seeds and indexes; the others wait and find it done.
  // SQLite serves one instance, whose primary is here alone.
  const onceAcrossInstances = <T>(work: () => Promise<T>) =>
    engine === "postgres" ? withLease("start-up", { ms: START_UP_LEASE_MS, waitMs: START_UP_LEASE_MS + 30_000 }, work) : work();
  await onceAcrossInstances(async () => {
    await ensureAdmin({ username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD });
    if (env.SEED_DEMO_DATA) await seedDemoData();
    if (await libraryNeedsBuilding()) logger.info(`Indexed the course library for the study companion: ${await rebuildLibrary()} passages`);
  });
  if (!paymentsEnabled()) {
    logger.warn("Payments are off: set STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY to sell Premium online (admins can still grant it).");
  } else if (!env.STRIPE_WEBHOOK_SECRET) {
    logger.warn("STRIPE_WEBHOOK_SECRET is not set: renewals, failed payments and cancellations made at Stripe will not reach the academy.");
  }
  // In the background: a long recording takes a while, and the academy need not wait for it.
  finaliseInterruptedRecordings()
    .then((finalised) => {
      if (finalised > 0) logger.info(`Finalised ${finalised} recording(s) whose stop the previous run did not finish`);
    })
    .catch((error: unknown) => logger.error({ err: error }, "Finalising interrupted recordings failed"));
}

/** Start-up work of each process that serves requests, before it listens. */
export async function startServing() {
  if (engine === "postgres") await startPostgresBus();
  await forgetRoomMembersOfThisProcess();
  // Loaded only when used, so the embedded backend never loads the LiveKit SDK here.
  if (env.MEDIA_BACKEND === "livekit") (await import("~/realtime/livekit-rooms.server")).closeLiveKitRoomsWhenSessionsEnd();
  // MEDIA_BACKEND=janus: reach Janus, or start the academy's own, before the first member joins.
  await startMediaBackend();
  // Pruning is idempotent, and embedding costs money: one process is enough for both.
  if (env.WORKER_INDEX === 0) {
    const prune = async () => {
      await pruneExpiredSessions();
      await pruneUsedCaptchas();
      await pruneUnusedTemplateFiles();
      await pruneExpiredLeases();
      await pruneExpiredLimits();
      const expired = await pruneExpiredRecordings(env.RECORDING_RETENTION_DAYS);
      if (expired > 0) logger.info(`Deleted ${expired} recording(s) older than ${env.RECORDING_RETENTION_DAYS} days (RECORDING_RETENTION_DAYS)`);
    };
    await prune();
    setInterval(() => {
      prune().catch((error: unknown) => logger.error({ err: error }, "hourly pruning failed"));
    }, HOUR).unref();
    // One process embeds the companion's new passages (each is paid for at the provider); every process reads the vectors.
    startEmbeddingSchedule();
  }
  // Reminders, digests and the email outbox (issue 25): rows in SQLite, claimed atomically, so every process may run them.
  await startNotificationSchedule();
}

/**
 * Several instances may share a PostgreSQL database (issue 44); one whose live
 * media stays in its own process (the embedded SFU, or a Janus of its own)
 * must be alone, since members of one room on two instances would not see each other.
 */
async function registerThisInstance() {
  const ownMedia = env.MEDIA_BACKEND === "embedded" || (env.MEDIA_BACKEND === "janus" && !env.JANUS_URL);
  try {
    await registerInstance(instanceName(env.DATA_DIR), { embeddedMedia: ownMedia });
  } catch (error) {
    if (!(error instanceof EmbeddedMediaConflictError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/**
 * On PostgreSQL the bus runs over LISTEN/NOTIFY, reaching every process of every
 * instance (issue 44); the cluster's IPC relay then carries nothing. A bus that
 * cannot connect at start stops the process: it would serve live rooms deaf to the others.
 */
async function startPostgresBus() {
  if (!env.DATABASE_URL) return;
  const bus = new PostgresBus({
    url: env.DATABASE_URL,
    deliver: deliverFromElsewhere,
    onResync: announceResync,
    log: { info: (message) => logger.info(message), warn: (message) => logger.warn(message) },
  });
  await bus.start();
  setBusTransport(bus);
}

function warnAboutPublicAddress() {
  if (env.NODE_ENV !== "production") return;
  if (!env.PUBLIC_URL) {
    logger.warn(
      "PUBLIC_URL is not set: certificate share links, QR codes and payment returns work only for visitors on this machine (localhost); elsewhere they are refused. Set PUBLIC_URL to the academy's public address, e.g. https://academy.example.",
    );
    return;
  }
  const url = new URL(env.PUBLIC_URL);
  if (["localhost", "127.0.0.1", "[::1]"].includes(url.hostname)) {
    logger.warn(`PUBLIC_URL is ${env.PUBLIC_URL}: share links, QR codes and payment returns will only work on this machine. Set PUBLIC_URL to the academy's public address.`);
  }
  if (url.protocol === "https:" && !env.TRUST_PROXY) {
    logger.warn("PUBLIC_URL is https but TRUST_PROXY is off: behind a TLS proxy, set TRUST_PROXY=true so client addresses and HTTPS are recognised.");
  }
}
