import { db } from "#db/client.server";
import { bootstrap } from "~/bootstrap.server";
import { STRIPE_WEBHOOK_MAX_BYTES } from "~/models/billing.server";
import { attachLiveRooms } from "~/realtime/signalling.server";
import { RECORDING_CHUNK_MAX_MB, RECORDING_CHUNK_TOO_LARGE } from "~/schemas/conference";
import { env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { PAGE_CACHE_HEADER } from "~/utils/page-cache";
import { SESSION_COOKIE_NAME } from "~/models/session.server";

/**
 * Everything the HTTP process (server/index.ts) takes from the app. It is
 * exported by entry.server.tsx, so the server reaches it through the Remix
 * build it serves: the pages and the server then share one copy of every
 * module — one database connection, one configuration, one set of live rooms
 * (docs/decisions/019-one-module-graph.md).
 */
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
  /** Start-up work, before the port opens: the admin account, the demo data, pruning. */
  bootstrap,
  /** The live rooms' WebSocket signalling on the server's own port; returns what shutdown calls. */
  attachLiveRooms,
  /** Writes everything the WAL holds into academy.db (at shutdown). */
  checkpointDatabase(): void {
    db.$client.pragma("wal_checkpoint(FULL)");
  },
};

export type ServerRuntime = typeof serverRuntime;
