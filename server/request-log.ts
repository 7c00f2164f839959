import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { pinoHttp } from "pino-http";
import { logger } from "~/utils/logger.server";

// Every request gets an id: taken from a proxy's X-Request-Id when it looks
// like one, else made here. It is on every log line of the request, in the
// X-Request-Id response header and in error answers, so a member's report
// ("it said request 3f2a…") leads straight to the log.
const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

export function requestIdFor(req: IncomingMessage): string {
  const given = req.headers["x-request-id"];
  return typeof given === "string" && REQUEST_ID.test(given) ? given : crypto.randomUUID();
}

export function requestLogger(logRequests: boolean) {
  return pinoHttp({
    logger,
    genReqId: (req, res) => {
      const id = requestIdFor(req);
      res.setHeader("X-Request-Id", id);
      return id;
    },
    autoLogging: logRequests,
    // Errors are logged once, with their stack, where they are caught; the
    // request line only says how the request ended.
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? "warn" : "info"),
    customSuccessMessage: (req, res, time) => `${req.method} ${pathOf(req)} ${res.statusCode} ${Math.round(time)}ms`,
    customErrorMessage: (req, res) => `${req.method} ${pathOf(req)} ${res.statusCode}`,
    serializers: {
      // No headers (cookies), no query strings (download tokens), no bodies.
      req: (req: IncomingMessage & { id?: unknown }) => ({ method: req.method, path: pathOf(req) }),
      res: (res: ServerResponse) => ({ status: res.statusCode }),
    },
    customProps: (req) => ({ ip: req.socket.remoteAddress }),
    wrapSerializers: false,
    quietReqLogger: true,
  });
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
