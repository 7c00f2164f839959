import { json } from "@remix-run/node";
import { sql } from "drizzle-orm";
import { db } from "#db/client.server";
import { env } from "~/utils/env.server";

// `workers`: how many academy processes serve; `worker`: which one answered (issue 41).
export async function loader() {
  try {
    await db.get(sql`select 1`);
    return json({ status: "ok", workers: env.WORKERS, worker: env.WORKER_INDEX }, { headers: { "Cache-Control": "no-store" } });
  } catch {
    return json({ status: "database unavailable", workers: env.WORKERS, worker: env.WORKER_INDEX }, { status: 503 });
  }
}
