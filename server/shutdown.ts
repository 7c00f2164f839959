import type { Server } from "node:http";
import type { Logger } from "pino";

export interface ShutdownOptions {
  graceMs: number;
  logger: Logger;
  /** Closes the live rooms' WebSockets, which would otherwise hold the server open. */
  closeLiveRooms: () => void;
  /** Writes the database's WAL into its main file. */
  checkpointDatabase: () => void;
}

/**
 * SIGTERM/SIGINT (systemd, Docker, Ctrl-C): stop accepting connections, let
 * requests in flight finish — an upload may need a while, hence the grace
 * period — then write everything the WAL holds into academy.db and exit 0.
 * Whatever is still running when the grace period ends is cut off.
 */
export function handleShutdownSignals(server: Server, { graceMs, logger, closeLiveRooms, checkpointDatabase }: ShutdownOptions) {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, `Stopping: finishing requests in flight (at most ${Math.round(graceMs / 1000)} s)`);
    server.close(() => exit(0));
    // Upgraded WebSockets would hold close() open for ever; their members reconnect to the next process.
    closeLiveRooms();
    // Keep-alive connections with no request in flight would hold close() open.
    const sweep = setInterval(() => server.closeIdleConnections(), 250);
    sweep.unref();
    setTimeout(() => {
      logger.warn("Grace period over: closing the connections still open");
      server.closeAllConnections();
    }, graceMs).unref();
    // Whatever still holds the process after that (a stuck socket, a log pipe nobody reads) must not keep it alive.
    setTimeout(() => exit(0), graceMs + 5_000).unref();
  };
  function exit(code: number) {
    // A full checkpoint leaves academy.db complete on its own (a plain file copy
    // is then a backup). The connection is not closed: closing would also delete
    // the -wal file, which SQLite simply reuses at the next start, and tools
    // that watch the data folder would see a file vanish.
    try {
      checkpointDatabase();
    } catch (error) {
      logger.error({ err: error }, "writing the WAL into the database failed");
    }
    logger.info("Stopped");
    logger.flush();
    process.exit(code);
  }

  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  // A closed log pipe (the supervisor went away) is no reason to crash or hang.
  process.stdout.on("error", () => {});
}
