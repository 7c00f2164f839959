import type { NextFunction, Request, Response } from "express";

/**
 * A short in-memory cache of the pages and API reads every visitor sees alike
 * (issue 15): a page opts in with `headers = publicPageHeaders`, an API route
 * by answering with `PUBLIC_ANSWER` among its headers (app/utils/page-cache.ts:
 * both set the marker header named by `markerHeader`), and then an anonymous
 * GET of it (no session cookie) is rendered once per TTL for each URL and set
 * of cookies (the visitor's theme is a cookie) instead of once per request.
 *
 * What keeps it correct:
 * - Only answers that are 200 HTML or JSON, set no cookie and were asked for
 *   without a session; everything else passes through untouched.
 * - Any write to the server (a request that is not GET or HEAD) empties the
 *   cache — in every academy process, through `invalidation` (the bus) — so an
 *   admin's edit or a new forum post shows on the next visit, whichever
 *   process serves it;
 *   the TTL bounds what time alone changes ("5 minutes ago").
 * - The route's marker header is removed from every answer, kept or not; with
 *   a TTL of 0 nothing is kept.
 * - The page's CSP nonce is per response: a stored page carries the nonce of
 *   the response it was taken from, replaced by the current one when served.
 */
export interface PageCacheOptions {
  ttlMs: number;
  maxEntries: number;
  sessionCookieName: string;
  /** The header a route sets to offer its answer for keeping (lower case). */
  markerHeader: string;
  /** Tells the other academy processes that a write happened, and hears theirs. */
  invalidation: { publish(payload: null): void; subscribe(listener: () => void): () => void };
}

interface Entry {
  expires: number;
  headers: Record<string, string | string[]>;
  body: string;
  /** The CSP nonce inside a kept page; null for JSON, which has none. */
  nonce: string | null;
}

// Headers that belong to each response, not to the page: set again for every answer.
const PER_RESPONSE = ["content-security-policy", "content-length", "transfer-encoding", "set-cookie", "date", "connection", "keep-alive"];
const MAX_BODY_BYTES = 512 * 1024;

export function pageCache({ ttlMs, maxEntries, sessionCookieName, markerHeader, invalidation }: PageCacheOptions) {
  const perResponse = new Set([...PER_RESPONSE, markerHeader]);
  const entries = new Map<string, Entry>();
  invalidation.subscribe(() => entries.clear());
  const sessionMarker = `${sessionCookieName}=`;

  return function servePageCache(req: Request, res: Response, next: NextFunction) {
    if (req.method !== "GET" && req.method !== "HEAD") {
      // Cleared here and in every other process (publish reaches this one too).
      if (ttlMs > 0) invalidation.publish(null);
      return next();
    }
    const cookies = req.get("Cookie") ?? "";
    if (ttlMs <= 0 || req.method !== "GET" || cookies.includes(sessionMarker) || "_data" in req.query) {
      // Not for keeping: the route's marker still never leaves the server (a member's page is private, not "public").
      const writeHead = res.writeHead;
      res.writeHead = function (this: Response, ...args: Parameters<Response["writeHead"]>) {
        this.removeHeader(markerHeader);
        return writeHead.apply(this, args);
      } as Response["writeHead"];
      return next();
    }

    const key = `${req.originalUrl}\n${cookies}`;
    const nonce = String(res.locals.cspNonce);
    const hit = entries.get(key);
    if (hit && hit.expires > Date.now()) {
      for (const [name, value] of Object.entries(hit.headers)) if (!res.hasHeader(name)) res.setHeader(name, value);
      res.statusCode = 200;
      res.end(hit.nonce ? hit.body.replaceAll(hit.nonce, nonce) : hit.body);
      return;
    }
    if (hit) entries.delete(key);

    let decided = false;
    let keep = false;
    let html = false;
    const headers: Entry["headers"] = {};
    const chunks: Buffer[] = [];
    let size = 0;

    // Decided once, when the headers are final: at writeHead, or at the first write (which calls writeHead only afterwards).
    const decide = () => {
      if (decided) return;
      decided = true;
      const marked = res.getHeader(markerHeader) !== undefined;
      res.removeHeader(markerHeader);
      const type = String(res.getHeader("Content-Type") ?? "");
      html = type.startsWith("text/html");
      keep = marked && res.statusCode === 200 && !res.hasHeader("Set-Cookie") && (html || type.startsWith("application/json"));
      if (!keep) return;
      for (const [name, value] of Object.entries(res.getHeaders())) {
        if (value !== undefined && !perResponse.has(name)) headers[name] = typeof value === "number" ? String(value) : value;
      }
    };

    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: Parameters<Response["writeHead"]>) {
      if (typeof args[0] === "number") this.statusCode = args[0];
      decide();
      return writeHead.apply(this, args);
    } as Response["writeHead"];

    const collect = (chunk: unknown, encoding?: unknown) => {
      decide();
      if (!keep || chunk === undefined || chunk === null || typeof chunk === "function") return;
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
      size += buffer.length;
      if (size > MAX_BODY_BYTES) keep = false;
      else chunks.push(buffer);
    };
    const write = res.write;
    res.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
      collect(chunk, rest[0]);
      return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as Response["write"];
    const end = res.end;
    res.end = function (this: Response, chunk?: unknown, ...rest: unknown[]) {
      collect(chunk, rest[0]);
      if (keep) {
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value ?? "");
        entries.set(key, { expires: Date.now() + ttlMs, headers, body: Buffer.concat(chunks).toString("utf8"), nonce: html ? nonce : null });
      }
      return (end as (...args: unknown[]) => Response).call(this, chunk, ...rest);
    } as Response["end"];
    next();
  };
}
