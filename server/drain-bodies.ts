import type { NextFunction, Request, Response } from "express";

export interface DrainLimits {
  /**
   * The largest body worth waiting for, per request (its limit and a margin): a
   * larger declared body is answered and closed at once, and draining stops past it.
   */
  maxBytesFor: (req: Request) => number;
  /** How long a client may take to send the rest before the connection is closed. */
  timeoutMs: number;
}

type EndArgs = Parameters<Response["end"]>;

/**
 * An answer given before the request's body was read (a refused upload: 413,
 * 401, 415…) ends only once the rest of the body has been read and
 * discarded. Closing earlier resets the connection under a client that is
 * still sending, and most clients (browsers, fetch, node:http) then report a
 * broken connection and never read the answer (issue 30). Past
 * `maxBytesFor(req)`, or `timeoutMs`, the connection is closed.
 *
 * Two framework behaviours are stepped around here, and nowhere else
 * (docs/decisions/020-framework-deviations.md): a reader in the app that stops
 * early cancels Remix's body stream, which destroys the request and its
 * socket — here it only stops reading; and Node closes a `Connection: close`
 * answer's socket as soon as the answer is written — here the answer is
 * written at once but ended after the drain.
 */
export function drainUnreadBodies(limits: DrainLimits) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.complete || req.method === "GET" || req.method === "HEAD") return next();
    let continued = req.get("Expect")?.toLowerCase() !== "100-continue";
    const writeContinue = res.writeContinue.bind(res);
    res.writeContinue = (callback?: () => void) => {
      continued = true;
      writeContinue(callback);
    };

    const destroyRequest = req.destroy.bind(req);
    req.destroy = (error?: Error) => {
      // Remix's body stream cancelled by a reader that has read enough: keep the connection for the answer.
      if (!req.complete && !req.socket.destroyed) return req;
      return destroyRequest(error);
    };

    const end = res.end.bind(res);
    res.end = ((...args: EndArgs) => {
      // Nothing left to read, or a client that waits for 100 Continue and so never sends its body.
      if (req.complete || req.socket.destroyed || !continued) return end(...args);
      const maxBytes = limits.maxBytesFor(req);
      if (Number(req.get("Content-Length") ?? "0") > maxBytes) {
        // Too much to wait for: answer and close (the client may see the connection reset).
        if (!res.headersSent) res.setHeader("Connection", "close");
        return end(...args);
      }
      const [chunk, encodingOrCallback, callback] = args;
      const done = typeof encodingOrCallback === "function" ? encodingOrCallback : callback;
      if (chunk !== undefined && typeof chunk !== "function") {
        if (typeof encodingOrCallback === "string") res.write(chunk, encodingOrCallback);
        else res.write(chunk);
      }
      drain(req, { maxBytes, timeoutMs: limits.timeoutMs }, () => (typeof done === "function" ? end(done) : end()));
      return res;
    }) as Response["end"];
    next();
  };
}

function drain(req: Request, { maxBytes, timeoutMs }: { maxBytes: number; timeoutMs: number }, finished: () => void) {
  let drained = 0;
  const stop = () => {
    clearTimeout(timer);
    req.off("data", count);
    req.off("end", onEnd);
    req.off("close", onEnd);
  };
  const giveUp = () => {
    stop();
    finished();
    // Ended after the answer is written, whether or not it said "Connection: close".
    req.socket.destroySoon();
  };
  const count = (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > maxBytes) return giveUp();
    // A reader that stopped without cancelling (Remix's multipart parser) still pauses the request when its buffer fills.
    if (req.isPaused()) req.resume();
  };
  const onEnd = () => {
    stop();
    finished();
  };
  const timer = setTimeout(giveUp, timeoutMs);
  req.on("data", count);
  req.once("end", onEnd);
  // The client went away: nothing more to wait for.
  req.once("close", onEnd);
  req.resume();
}
