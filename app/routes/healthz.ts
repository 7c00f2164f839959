import { json } from "@remix-run/node";
import { sql } from "drizzle-orm";
import { db } from "#db/client.server";

export function loader() {
  try {
    db.get(sql`select 1`);
    return json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
  } catch {
    return json({ status: "database unavailable" }, { status: 503 });
  }
}
