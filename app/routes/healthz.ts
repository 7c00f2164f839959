import { json } from "@remix-run/node";
import { sql } from "drizzle-orm";
import { db } from "#db/client.server";
import { env } from "~/utils/env.server";

// A database that hangs (a dropped network, a server restarting) must not hang
// the health check too: the load balancer waits for an answer, not a timeout (issue 44).
const DATABASE_CHECK_MS = 2000;

function withinTime<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

// `workers`: how many academy processes serve; `worker`: which one answered (issue 41).
// 503 while the database is unreachable, so a load balancer takes this instance out.
export async function loader() {
  try {
    await withinTime(db.get(sql`select 1`), DATABASE_CHECK_MS);
    return json({ status: "ok", workers: env.WORKERS, worker: env.WORKER_INDEX }, { headers: { "Cache-Control": "no-store" } });
  } catch {
    return json({ status: "database unavailable", workers: env.WORKERS, worker: env.WORKER_INDEX }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
