import { json } from "@remix-run/node";
import { sql } from "drizzle-orm";
import { db } from "#db/client.server";
import { env } from "~/utils/env.server";
import { fileStoreReachable } from "~/utils/file-store.server";

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
// 503 while the database or the uploads bucket is out of reach, so a load balancer takes
// this instance out (issue 44); the bucket is asked at most every few seconds.
export async function loader() {
  const summary = { workers: env.WORKERS, worker: env.WORKER_INDEX };
  const headers = { "Cache-Control": "no-store" };
  try {
    await withinTime(db.get(sql`select 1`), DATABASE_CHECK_MS);
  } catch {
    return json({ status: "database unavailable", ...summary }, { status: 503, headers });
  }
  if (!(await fileStoreReachable())) return json({ status: "file store unavailable", ...summary }, { status: 503, headers });
  return json({ status: "ok", ...summary }, { headers });
}
