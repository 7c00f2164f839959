import crypto from "node:crypto";
import { IncomingMessage } from "node:http";
import type { NextFunction, Request, Response } from "express";
import type { Logger } from "pino";

// Every request gets an id: taken from a proxy's X-Request-Id when it looks
// like one, else made here. It is on every log line of the request, in the
// X-Request-Id response header and in error answers, so a member's report
// ("it said request 3f2a…") leads straight to the log.
const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

export function requestIdFor(req: IncomingMessage): string {
  const given = req.headers["x-request-id"];
  return typeof given === "string" && REQUEST_ID.test(given) ? given : crypto.randomUUID();
}

declare module "node:http" {
  interface IncomingMessage {
    id: string;
    /** This request's logger: every line carries its id. */
    log: Logger;
  }
}

// The request's child logger is made only when something logs through it:
// making it up front (as pino-http does, three per request) cost about a sixth
// of a small API answer (issue 15). It is a getter on the prototype, defined
// once: defining it on each request turned every request object into a slow
// dictionary-mode object for the rest of its way through Express and Remix.
const childLoggers = new WeakMap<IncomingMessage, Logger>();
function defineRequestLoggers(logger: Logger): void {
  Object.defineProperty(IncomingMessage.prototype, "log", {
    configurable: true,
    get(this: IncomingMessage): Logger {
      let log = childLoggers.get(this);
      if (!log) {
        log = logger.child({ reqId: this.id });
        childLoggers.set(this, log);
      }
      return log;
    },
  });
}

/**
 * Gives every request its id and a logger, and (with LOG_REQUESTS) logs one
 * line when the answer is sent: method, path (no query string: download
 * tokens), status, time and client address — no headers, cookies or bodies.
 */
export function requestLogger(logger: Logger, logRequests: boolean) {
  defineRequestLoggers(logger);
  return (req: Request, res: Response, next: NextFunction) => {
    const id = requestIdFor(req);
    req.id = id;
    res.setHeader("X-Request-Id", id);
    if (logRequests) {
      const started = performance.now();
      const logLine = () => {
        res.off("finish", logLine);
        res.off("close", logLine);
        const time = Math.round(performance.now() - started);
        const path = pathOf(req);
        // An answer cut off before it was complete ("close" without "finish") is worth a look too.
        const level = res.statusCode >= 500 || !res.writableFinished ? "warn" : "info";
        logger[level](
          { reqId: id, req: { method: req.method, path }, res: { status: res.statusCode }, responseTime: time, ip: req.socket.remoteAddress },
          `${req.method} ${path} ${res.statusCode} ${time}ms`,
        );
      };
      res.on("finish", logLine);
      res.on("close", logLine);
    }
    next();
  };
}

function pathOf(req: IncomingMessage): string {
  const url = ("originalUrl" in req && typeof req.originalUrl === "string" ? req.originalUrl : req.url) ?? "/";
  return url.split("?")[0] ?? "/";
}

/**
 * Answers to a signed-in browser are private: no shared cache (a proxy or
 * CDN) may keep them, and the browser may not store them either, whatever a
 * route said. Set as the headers go out, so it wins over route headers.
 */
export function noStoreWhenSignedIn(sessionCookieName: string) {
  const marker = `${sessionCookieName}=`;
  const setsSession = (res: Response) => {
    const cookies = res.getHeader("Set-Cookie");
    return (Array.isArray(cookies) ? cookies : [String(cookies ?? "")]).some((cookie) => cookie.startsWith(marker));
  };
  return (req: Request, res: Response, next: NextFunction) => {
    const signedIn = req.get("Cookie")?.includes(marker) ?? false;
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: Parameters<Response["writeHead"]>) {
      if (signedIn || setsSession(this)) this.setHeader("Cache-Control", "private, no-store");
      return writeHead.apply(this, args);
    } as Response["writeHead"];
    next();
  };
}
