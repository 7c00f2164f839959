import crypto from "node:crypto";
import type { NextFunction, Request, Response } from "express";

// Security headers and the cross-site write check, applied to every request
// before Remix sees it.

const EMBED_HOSTS = ["https://www.youtube-nocookie.com", "https://player.vimeo.com"];
// Stripe.js (Payment Element) loads from js.stripe.com, frames from there and
// hooks.stripe.com, calls api.stripe.com; the no-JS upgrade form is redirected
// to Stripe Checkout, which form-action must allow.
const STRIPE_JS = "https://js.stripe.com";

/**
 * What the browser must reach for a LiveKit server (MEDIA_BACKEND=livekit):
 * its WebSocket, and the same host over HTTP(S), which livekit-client asks
 * when a connection fails.
 */
export function mediaServerSources(liveKitUrl: string): string[] {
  const url = new URL(liveKitUrl);
  const secure = url.protocol === "wss:";
  return [`${secure ? "wss" : "ws"}://${url.host}`, `${secure ? "https" : "http"}://${url.host}`];
}

export function contentSecurityPolicy(nonce: string, development: boolean, checkoutOrigins: string[] = [], mediaSources: string[] = []): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${nonce}'`, STRIPE_JS],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", "https:"],
    "media-src": ["'self'", "blob:", "https:"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'", "https://api.stripe.com", ...mediaSources, ...(development ? ["ws:", "wss:"] : [])],
    "frame-src": [...EMBED_HOSTS, STRIPE_JS, "https://hooks.stripe.com"],
    "frame-ancestors": ["'none'"],
    "form-action": ["'self'", "https://checkout.stripe.com", ...checkoutOrigins],
    "base-uri": ["'self'"],
    "object-src": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

// Nonces come from a pool of random bytes filled 4 KB at a time, not a system call per request.
const NONCE_BYTES = 16;
const noncePool = Buffer.alloc(4096);
let noncePoolUsed = noncePool.length;

function newNonce(): string {
  if (noncePoolUsed + NONCE_BYTES > noncePool.length) {
    crypto.randomFillSync(noncePool);
    noncePoolUsed = 0;
  }
  noncePoolUsed += NONCE_BYTES;
  return noncePool.toString("base64", noncePoolUsed - NONCE_BYTES, noncePoolUsed);
}

export function securityHeaders(development: boolean, checkoutOrigins: string[] = [], mediaSources: string[] = []) {
  // The policy is the same for every answer but for its nonce: built once, around a marker.
  const marker = "NONCE_MARKER";
  const [policyBefore = "", policyAfter = ""] = contentSecurityPolicy(marker, development, checkoutOrigins, mediaSources).split(marker);
  return (req: Request, res: Response, next: NextFunction) => {
    const nonce = newNonce();
    res.locals.cspNonce = nonce;
    res.setHeader("Content-Security-Policy", policyBefore + nonce + policyAfter);
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(self), microphone=(self), display-capture=(self), geolocation=()");
    if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

interface WriteRequest {
  method: string;
  protocol: string;
  get(name: string): string | undefined;
}

/** True when a state-changing request comes from another site. */
export function isCrossSiteWrite(req: WriteRequest): boolean {
  if (SAFE_METHODS.has(req.method)) return false;
  if (req.get("Sec-Fetch-Site") === "cross-site") return true;
  const origin = req.get("Origin");
  if (!origin || origin === "null") return origin === "null";
  return origin !== `${req.protocol}://${req.get("Host")}`;
}

export function refuseCrossSiteWrites(req: Request, res: Response, next: NextFunction) {
  if (!isCrossSiteWrite(req)) return next();
  if (req.path.startsWith("/api/")) {
    res.status(403).json({ message: "Cross-site requests are not allowed" });
  } else {
    res.status(403).type("text/plain").send("Cross-site form submissions are not allowed.");
  }
}

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * Pages (not /api) change state only through HTML forms: POST with a form
 * body. Anything else is answered here, before an action tries to read a
 * body it cannot parse.
 */
export function pageWriteProblem(method: string, path: string, contentType: string): { status: number; message: string } | null {
  if (SAFE_METHODS.has(method) || path.startsWith("/api/")) return null;
  if (method !== "POST") return { status: 405, message: "Pages accept only GET and POST." };
  const type = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  if (!FORM_TYPES.includes(type)) return { status: 415, message: "Forms must be sent as application/x-www-form-urlencoded or multipart/form-data." };
  return null;
}

export function refuseNonFormPageWrites(req: Request, res: Response, next: NextFunction) {
  const problem = pageWriteProblem(req.method, req.path, req.get("Content-Type") ?? "");
  if (!problem) return next();
  if (problem.status === 405) res.setHeader("Allow", "GET, HEAD, POST");
  res.status(problem.status).type("text/plain").send(problem.message);
}

export interface BodyLimit {
  bytes: number;
  message: string;
}

const MB = 1024 * 1024;
// Room for the other form fields and the multipart framing around a file.
const FRAMING = 64 * 1024;
const FORM_LIMIT: BodyLimit = { bytes: MB, message: "Request body is too large" };
const UPLOAD_LIMITS: Record<string, BodyLimit> = {
  "/api/upload-video": { bytes: 200 * MB + FRAMING, message: "Video must be smaller than 200MB" },
  "/api/upload": { bytes: 50 * MB + FRAMING, message: "File must be smaller than 50MB" },
  "/tools-templates": { bytes: 50 * MB + FRAMING, message: "File must be smaller than 50MB" },
};
const DEFAULT_UPLOAD_LIMIT: BodyLimit = { bytes: 5 * MB + FRAMING, message: "Image must be smaller than 5MB" };
// A member hands in an assignment's file (issue 45). Each assignment sets its own limit (at
// most 100 MB: the schema's MAX_FILE_MB_LIMIT and the table's check); the app refuses above
// that one while streaming, with its size in the message. Only addresses whose action streams
// the file through receiveUpload belong here: one that reads request.formData() would hold
// the whole body in memory.
// The API's address, and the lesson page's (its one multipart form is the hand-in, streamed the same way).
const ASSIGNMENT_SUBMISSION_PATH = /^(?:\/api\/lessons\/[^/]+\/assignment\/submissions|\/course\/[^/]+\/lesson\/[^/]+)$/;
const ASSIGNMENT_SUBMISSION_LIMIT: BodyLimit = { bytes: 100 * MB + FRAMING, message: "The file must be smaller than 100 MB" };

// The host's browser uploads a live recording in raw chunks of a few seconds each.
const RECORDING_CHUNK_PATH = /^\/api\/conferences\/[^/]+\/recording\/chunks$/;

export interface BodyLimits {
  /** The cap on a JSON body sent to /api. */
  jsonBytes: number;
  /** The app's own caps, with their messages: one chunk of a live recording, a Stripe event (which can exceed the JSON cap). */
  recordingChunk: BodyLimit;
  stripeWebhook: BodyLimit;
}

// A caption file sent as the body (text/vtt) may be up to 1 MB, past the JSON cap; the
// app answers 400 for 1–2 MB itself, naming the limit (issue 38).
const CAPTION_FILE_PATH = /^\/api\/(?:sections|recordings)\/[^/]+\/captions\/[^/]+$/;
const CAPTION_LIMIT: BodyLimit = { bytes: 2 * MB, message: "The caption file is larger than 1 MB." };

export function bodyLimitFor(path: string, contentType: string, limits: BodyLimits): BodyLimit {
  if (contentType.startsWith("multipart/form-data")) return UPLOAD_LIMITS[path] ?? (ASSIGNMENT_SUBMISSION_PATH.test(path) ? ASSIGNMENT_SUBMISSION_LIMIT : DEFAULT_UPLOAD_LIMIT);
  if (CAPTION_FILE_PATH.test(path)) return CAPTION_LIMIT;
  if (path === "/api/stripe/webhook") return limits.stripeWebhook;
  if (RECORDING_CHUNK_PATH.test(path)) return limits.recordingChunk;
  return path.startsWith("/api/") ? { bytes: limits.jsonBytes, message: FORM_LIMIT.message } : FORM_LIMIT;
}

/**
 * Refuses declared bodies above the cap before anything reads them. The rest
 * of such a body is read and discarded (up to a bound) by drainUnreadBodies,
 * so the client still reads the 413. Bodies that grow past the cap while
 * streaming are stopped by the readers in app/utils, and drained the same way.
 */
export function limitBodies(limits: BodyLimits) {
  return (req: Request, res: Response, next: NextFunction) => {
    const limit = bodyLimitFor(req.path, req.get("Content-Type") ?? "", limits);
    if (Number(req.get("Content-Length") ?? "0") <= limit.bytes) {
      // A client that asked before sending (Expect: 100-continue) may send now.
      if (req.get("Expect")?.toLowerCase() === "100-continue") res.writeContinue();
      return next();
    }
    // No 100 Continue for a client that asked first: it never sends the body.
    if (req.path.startsWith("/api/")) res.status(413).json({ message: limit.message });
    else res.status(413).type("text/plain").send(limit.message);
  };
}

const FORWARDING_HEADERS = ["x-forwarded-for", "x-forwarded-proto", "forwarded"];

/**
 * Behind a reverse proxy without TRUST_PROXY, every visitor seems to come
 * from the proxy's address (one rate limit for everyone) and HTTPS is not
 * recognised. Said once, when the first forwarded request arrives.
 */
export function warnOnceAboutUntrustedProxy(req: Request, _res: Response, next: NextFunction) {
  if (!warnedAboutProxy && FORWARDING_HEADERS.some((name) => req.headers[name] !== undefined)) {
    warnedAboutProxy = true;
    req.log.warn(
      "Requests arrive through a proxy (X-Forwarded-* headers) but TRUST_PROXY is off: client addresses and HTTPS are not recognised. Set TRUST_PROXY=true if that proxy is yours.",
    );
  }
  next();
}
let warnedAboutProxy = false;
