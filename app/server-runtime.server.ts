import type { ServerBuild } from "@remix-run/node";
import { checkpointBeforeExit } from "#db/dialect.server";
import { prepareOnce, startServing } from "~/bootstrap.server";
import { startSharedJanus, stopSharedJanus } from "~/realtime/media-backend.server";
import { channel, isBusEnvelope, onBusResync } from "~/utils/bus.server";
import { STRIPE_WEBHOOK_MAX_BYTES } from "~/models/billing/billing.server";
import { attachLiveRooms } from "~/realtime/signalling.server";
import { RECORDING_CHUNK_MAX_MB, RECORDING_CHUNK_TOO_LARGE } from "~/schemas/conference";
import { env } from "~/utils/env.server";
import { withDatabaseOutagesAs503 } from "~/services/database-outage.server";
import { withRequestScopes } from "~/utils/request-scope.server";
import { logger } from "~/utils/logger.server";
import { PAGE_CACHE_HEADER } from "~/utils/page-cache";
import { SESSION_COOKIE_NAME } from "~/models/accounts/session.server";

/**
 * Everything the HTTP process (server/index.ts) takes from the app. It is
 * exported by entry.server.tsx, so the server reaches it through the Remix
 * build it serves: the pages and the server then share one copy of every
 * module — one database connection, one configuration, one set of live rooms
 * (docs/decisions/019-one-module-graph.md).
 */
const pageCacheClear = channel<null>("page-cache-clear");

export const serverRuntime = {
  env,
  logger,
  sessionCookieName: SESSION_COOKIE_NAME,
  /** The header a route sets to let the page cache keep its answer. */
  pageCacheHeader: PAGE_CACHE_HEADER,
  /** Bodies the app allows above the usual caps; the server refuses bigger ones before they are read. */
  bodyLimits: {
    recordingChunk: { bytes: RECORDING_CHUNK_MAX_MB * 1024 * 1024, message: RECORDING_CHUNK_TOO_LARGE },
    stripeWebhook: { bytes: STRIPE_WEBHOOK_MAX_BYTES, message: "Request body is too large" },
  },
  /**
   * The build as the server serves it, each loader and action wrapped: 503 with
   * a sentence while PostgreSQL cannot be reached; run in its request's scope.
   */
  prepareBuild: (build: ServerBuild) => withRequestScopes(withDatabaseOutagesAs503(build)),
  /** Start-up work done once, before any process listens: the admin account, the demo data, sweeps (issue 41). */
  prepareOnce,
  /** Start-up work of each serving process, before it listens: media backend, pruning, the notification schedule. */
  startServing,
  /** Several processes: the primary starts the academy's own Janus (if any) for all of them. */
  startSharedJanus,
  stopSharedJanus,
  /** Tells the primary which IPC messages are the bus's, to hand to the other workers. */
  isBusEnvelope,
  /**
   * "A write happened": every process's page cache empties. Also when the bus
   * was cut off (PostgreSQL restarted): such a message may have been missed.
   */
  pageCacheInvalidation: {
    publish: (payload: null) => pageCacheClear.publish(payload),
    subscribe(listener: (payload: null) => void): () => void {
      const stopMessages = pageCacheClear.subscribe(listener);
      const stopResyncs = onBusResync(() => listener(null));
      return () => {
        stopMessages();
        stopResyncs();
      };
    },
  },
  /** The live rooms' WebSocket signalling on the server's own port; returns what shutdown calls. */
  attachLiveRooms,
  /** Writes everything the WAL holds into academy.db (at shutdown). */
  checkpointDatabase(): void {
    checkpointBeforeExit();
  },
};

export type ServerRuntime = typeof serverRuntime;
