import type { Server } from "node:http";
import { db } from "#db/client.server";
import { logger } from "~/utils/logger.server";

/**
 * SIGTERM/SIGINT (systemd, Docker, Ctrl-C): stop accepting connections, let
 * requests in flight finish — an upload may need a while, hence the grace
 * period — then close the database cleanly (a WAL checkpoint) and exit 0.
 * Whatever is still running when the grace period ends is cut off.
 */
export function handleShutdownSignals(server: Server, graceMs: number) {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, `Stopping: finishing requests in flight (at most ${Math.round(graceMs / 1000)} s)`);
    server.close(() => exit(0));
    // Keep-alive connections with no request in flight would hold close() open.
    const sweep = setInterval(() => server.closeIdleConnections(), 250);
    sweep.unref();
    setTimeout(() => {
      logger.warn("Grace period over: closing the connections still open");
      server.closeAllConnections();
    }, graceMs).unref();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

function exit(code: number) {
  try {
    db.$client.close();
  } catch (error) {
    logger.error({ err: error }, "closing the database failed");
  }
  logger.info("Stopped");
  logger.flush();
  process.exit(code);
}
