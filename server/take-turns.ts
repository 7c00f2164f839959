import type { NextFunction, Request, Response } from "express";

/**
 * Requests take turns: at most `perTurn` of them start in one turn of the
 * event loop, in the order they arrived; the rest wait for the next turn.
 *
 * Why: libuv (Node 20) accepts one new connection per event-loop iteration
 * (an strace shows one accept4 between epoll waits). Under load an iteration
 * otherwise runs one request from every busy keep-alive connection: 40
 * connections asking for 3 ms pages make a 120 ms turn, so the next visitor's
 * connection waited 120 ms per connection ahead of it, seconds in all, while
 * the established ones were served (issue 15's p99 of 2–5 s). With short
 * turns new connections are accepted every few milliseconds and everyone
 * queues in arrival order. The work and its order per connection are unchanged;
 * only starts are paced, so a long request (a study-companion answer, an
 * upload) holds nothing up. Short turns also made every page faster, measured
 * though not explained (docs/performance.md).
 */
export function takeTurns(perTurn: number) {
  const waiting: NextFunction[] = [];
  let scheduled = false;
  // An immediate queued while the check phase runs waits for the next loop turn.
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(runTurn);
  };
  function runTurn() {
    scheduled = false;
    const turn = waiting.splice(0, perTurn);
    // Scheduled before this turn's requests start, so a throw cannot strand the rest.
    if (waiting.length > 0) schedule();
    for (const next of turn) next();
  }
  return (_req: Request, _res: Response, next: NextFunction) => {
    waiting.push(next);
    schedule();
  };
}
