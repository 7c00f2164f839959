import cluster, { type Worker } from "node:cluster";
import path from "node:path";
import type { ServerRuntime } from "../app/server-runtime.server";

// Several academy processes on one server (issue 41), with Node's own cluster
// module: the primary holds the port and hands each new connection to the
// next worker (round-robin), so no proxy of ours sits in front. The primary
// serves nothing itself: it has done the once-only start-up work
// (runtime.prepareOnce) before forking, relays the bus between the workers,
// replaces a worker that dies, and on SIGTERM lets every worker drain.
// docs/decisions/025-every-core.md says why cluster and not several ports behind nginx.

const RESTART_DELAYS_MS = [100, 1000, 5000];

export async function runPrimary(runtime: ServerRuntime): Promise<void> {
  const { env, logger } = runtime;
  const count = env.WORKERS;
  // Structured cloning keeps Dates in the bus's payloads (a chat message's time).
  cluster.setupPrimary({ serialization: "advanced" });
  const janus = await runtime.startSharedJanus();
  const workerEnv = (index: number): Record<string, string> => ({
    ACADEMY_WORKER_INDEX: String(index),
    // The same secret in every worker, even one generated for this data folder.
    SESSION_SECRET: env.SESSION_SECRET,
    ...(janus ? { JANUS_URL: janus.url, JANUS_API_SECRET: janus.apiSecret } : {}),
  });

  const workers = new Map<number, Worker>();
  const listening = new Set<Worker>();
  const restarts = new Map<number, number>();
  let started = false;
  let stopping = false;

  const fork = (index: number) => {
    const worker = cluster.fork(workerEnv(index));
    workers.set(index, worker);
    worker.on("message", (message: unknown) => {
      if (!runtime.isBusEnvelope(message)) return;
      for (const other of workers.values()) if (other !== worker && other.isConnected()) other.send(message);
    });
    worker.once("listening", () => {
      listening.add(worker);
      // Up and serving again: a later crash starts from the shortest delay.
      setTimeout(() => restarts.delete(index), 30_000).unref();
      if (started || [...workers.values()].some((w) => !listening.has(w))) return;
      started = true;
      logger.info(
        `Academy listening on http://localhost:${env.PORT} (${env.NODE_ENV}, ${count} workers, database ${path.resolve(env.DATABASE_PATH)})`,
      );
    });
    worker.once("exit", (code, signal) => {
      listening.delete(worker);
      if (workers.get(index) === worker) workers.delete(index);
      if (stopping) return;
      if (!started) {
        // A worker that cannot even start (a port in use, a bad setting) would only fail again.
        logger.fatal({ worker: index, code, signal }, "An academy worker stopped while starting; stopping");
        return void stopAll(1);
      }
      const attempt = restarts.get(index) ?? 0;
      restarts.set(index, attempt + 1);
      const delay = RESTART_DELAYS_MS[Math.min(attempt, RESTART_DELAYS_MS.length - 1)] ?? 1000;
      logger.error({ worker: index, code, signal }, `Academy worker ${index} stopped; starting a new one in ${delay} ms`);
      setTimeout(() => {
        if (!stopping) fork(index);
      }, delay);
    });
  };

  const stopAll = async (exitCode: number) => {
    if (stopping) return;
    stopping = true;
    const running = [...workers.values()];
    logger.info(`Stopping: ${running.length} worker(s) finish their requests in flight`);
    await Promise.all(
      running.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            worker.once("exit", () => resolve());
            worker.process.kill("SIGTERM");
          }),
      ),
    );
    await runtime.stopSharedJanus().catch(() => {});
    logger.info("Stopped");
    logger.flush();
    process.exit(exitCode);
  };
  // Each worker has its own grace period; this only bounds a worker that hangs past it.
  const hardStop = () => setTimeout(() => process.exit(1), env.SHUTDOWN_GRACE_SECONDS * 1000 + 10_000).unref();
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      hardStop();
      void stopAll(0);
    });
  }
  process.stdout.on("error", () => {});

  for (let index = 0; index < count; index += 1) fork(index);
}
