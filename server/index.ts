import cluster from "node:cluster";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import { installGlobals, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import type { ServerRuntime } from "../app/server-runtime.server";
import { noStoreWhenSignedIn, requestLogger } from "./request-log";
import { bodyLimitFor, limitBodies, mediaServerSources, refuseCrossSiteWrites, refuseNonFormPageWrites, securityHeaders, warnOnceAboutUntrustedProxy } from "./security";
import { drainUnreadBodies } from "./drain-bodies";
import { handleShutdownSignals } from "./shutdown";
import { takeTurns } from "./take-turns";
import { pageCache } from "./page-cache";
import { runPrimary } from "./cluster";

// The HTTP process: Express, its middleware and the port. It imports nothing
// from app/ or db/: the database, the configuration, the live rooms and the
// start-up work come from the Remix build it serves (entry.server.tsx exports
// them as `serverRuntime`), so each of those modules exists once in the
// process (docs/decisions/019-one-module-graph.md).

installGlobals({ nativeFetch: true });

// Read before the configuration is loaded (it comes with the build): unset means development, as there.
const development = (process.env.NODE_ENV || "development") === "development";

const viteDevServer = development
  ? await import("vite").then((vite) => vite.createServer({ server: { middlewareMode: true } }))
  : undefined;

async function loadBuild(): Promise<ServerBuild> {
  if (viteDevServer) {
    const build: unknown = await viteDevServer.ssrLoadModule("virtual:remix/server-build");
    return build as ServerBuild;
  }
  // Outside the bundle (build/server.mjs): loaded as Vite built it, from the working directory like build/client.
  return import(pathToFileURL(path.resolve("build/server/index.js")).href);
}

function exportsServerRuntime(entry: object): entry is { serverRuntime: ServerRuntime } {
  return "serverRuntime" in entry;
}

// Loading the build validates the configuration, opens the database and applies migrations.
const build = await loadBuild();
if (!exportsServerRuntime(build.entry.module)) throw new Error("app/entry.server.tsx must export serverRuntime (app/server-runtime.server.ts)");
// In development Vite evaluates an edited module again on the next request, so
// the pages then see a new copy of it while this process keeps the one taken
// here: after editing app/realtime/*, the database client, the configuration or
// the live events, restart `npm run dev`.
const runtime = build.entry.module.serverRuntime;
const { env, logger } = runtime;

// Once per start, before any process accepts a request: the admin, the seed, the sweeps.
if (cluster.isPrimary) await runtime.prepareOnce();
if (cluster.isPrimary && env.WORKERS > 1) {
  // WEB_CONCURRENCY > 1: this process forks the workers that serve (server/cluster.ts).
  await runPrimary(runtime);
} else {
  await serve();
}

async function serve(): Promise<void> {
  await runtime.startServing();

  const bodyLimits = { jsonBytes: env.JSON_BODY_LIMIT_KB * 1024, ...runtime.bodyLimits };
  // A refused body up to this much past its limit is read and discarded, so the
  // client reads the refusal (a 6 MB image against 5 MB); a larger one is closed on.
  const REFUSED_BODY_MARGIN_BYTES = 16 * 1024 * 1024;

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY);

  app.use(requestLogger(logger, env.LOG_REQUESTS));
  // A few requests per event-loop turn, so new connections are not starved
  // (take-turns.ts). After the logger, so a logged time includes the wait.
  app.use(takeTurns(env.REQUEST_STARTS_PER_TURN));
  // Before anything that may answer without reading the body (refusals below, guards in the app).
  app.use(
    drainUnreadBodies({
      maxBytesFor: (req) => bodyLimitFor(req.path, req.get("Content-Type") ?? "", bodyLimits).bytes + REFUSED_BODY_MARGIN_BYTES,
      timeoutMs: 15_000,
    }),
  );
  if (!env.TRUST_PROXY) app.use(warnOnceAboutUntrustedProxy);
  // A local stand-in for Stripe (tests) hosts its own Checkout page.
  // With MEDIA_BACKEND=livekit the room's browser code talks to the LiveKit server.
  const mediaSources = env.MEDIA_BACKEND === "livekit" && env.LIVEKIT_URL ? mediaServerSources(env.LIVEKIT_URL) : [];
  app.use(securityHeaders(development, env.STRIPE_API_URL ? [new URL(env.STRIPE_API_URL).origin] : [], mediaSources));
  app.use(refuseCrossSiteWrites);
  app.use(refuseNonFormPageWrites);
  app.use(limitBodies(bodyLimits));
  // Server-Sent Events (the study companion's answers) must reach the browser as
  // they are written; compression would hold them back.
  app.use(compression({ filter: (req, res) => !String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream") && compression.filter(req, res) }));

  if (viteDevServer) {
    app.use(viteDevServer.middlewares);
  } else {
    // Fingerprinted by Vite, so they can be cached for ever.
    app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y" }));
    // Mount only what public/ put there, so page and API requests never pay for
    // a file-system lookup on their way to Remix.
    for (const entry of fs.readdirSync("build/client", { withFileTypes: true })) {
      if (entry.name === "assets") continue;
      const target = path.join("build/client", entry.name);
      if (entry.isDirectory()) app.use(`/${entry.name}`, express.static(target, { maxAge: "1h", index: false }));
      else app.get(`/${entry.name}`, (_req, res) => res.sendFile(path.resolve(target), { maxAge: "1h" }));
    }
  }

  // Uploaded course images and videos are public; their names are random and
  // their types were checked by content. Templates are not served here: they go
  // through the download API, which checks membership. With S3_BUCKET they are
  // in the bucket, and app/routes/uploads+ streams them from there instead.
  for (const folder of env.S3_BUCKET ? [] : ["images", "videos"]) {
    app.use(
      `/uploads/${folder}`,
      express.static(path.resolve(env.UPLOADS_DIR, folder), { dotfiles: "ignore", index: false, maxAge: "7d", fallthrough: false }),
    );
  }

  app.use(noStoreWhenSignedIn(runtime.sessionCookieName));
  // Pages every visitor sees alike are rendered once per few seconds, not per request (PAGE_CACHE_SECONDS=0: never kept).
  app.use(
    pageCache({
      ttlMs: env.PAGE_CACHE_SECONDS * 1000,
      maxEntries: 500,
      sessionCookieName: runtime.sessionCookieName,
      markerHeader: runtime.pageCacheHeader,
      invalidation: runtime.pageCacheInvalidation,
    }),
  );
  const remixHandler = createRequestHandler({
    build: viteDevServer ? async () => runtime.prepareBuild(await loadBuild()) : runtime.prepareBuild(build),
    mode: env.NODE_ENV === "production" ? "production" : "development",
    getLoadContext: (req, res) => ({
      clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
      cspNonce: String(res.locals.cspNonce),
      requestId: String(req.id),
      memo: {},
    }),
  });
  // eslint-disable-next-line @typescript-eslint/no-misused-promises -- Remix's handler answers its own failures
  app.all("*", remixHandler);

  // Last resort: never show a stack trace; log it once, with the request id.
  app.use((error: unknown, req: express.Request, res: express.Response, _next: express.NextFunction) => {
    const status = typeof error === "object" && error && "status" in error && typeof error.status === "number" ? error.status : 500;
    if (status >= 500) req.log.error({ err: error }, "request failed");
    if (res.headersSent) return;
    const message = status === 404 ? "Not found" : status === 413 ? "Request body is too large" : status < 500 ? "Bad request" : "Something went wrong";
    const requestId = String(req.id);
    if (req.path.startsWith("/api/")) res.status(status).json({ message, requestId });
    else res.status(status).type("text/plain").send(`${message} (request ${requestId})`);
  });

  const server = app.listen(env.PORT, env.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    // With several workers the primary says it once all of them listen.
    if (cluster.isWorker) logger.debug(`Worker ${env.WORKER_INDEX} serving`);
    else logger.info(`Academy listening on http://localhost:${port} (${env.NODE_ENV}, 1 process, database ${path.resolve(env.DATABASE_PATH)})`);
  });
  // An idle keep-alive connection stays open 65 s instead of Node's 5 s: a client
  // that reuses one just as the server closes it gets ECONNRESET (seen once in
  // the browser tests), and proxies in front (nginx, load balancers) keep theirs
  // 60 s. Shutdown closes idle connections itself (server/shutdown.ts).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  // limitBodies decides whether a client that asked first (Expect: 100-continue) may send its body.
  server.on("checkContinue", app);
  // Live rooms' WebSocket signalling shares the app's port (/ws/conferences/{id}).
  const liveRooms = runtime.attachLiveRooms(server);
  handleShutdownSignals(server, {
    graceMs: env.SHUTDOWN_GRACE_SECONDS * 1000,
    logger,
    closeLiveRooms: liveRooms.closeAll,
    checkpointDatabase: runtime.checkpointDatabase,
  });
  // A worker whose primary is gone (killed) can no longer be reached: it drains and stops.
  if (cluster.isWorker) process.once("disconnect", () => process.kill(process.pid, "SIGTERM"));
}
