import { json } from "@remix-run/node";
import { getPlatformStats } from "~/models/stats.server";
import { requireAdmin } from "~/utils/auth.server";

/** The admin dashboard's data, shared by /dashboard and /admin. */
export async function loadAdminDashboard(request: Request) {
  const admin = await requireAdmin(request);
  return json({ username: admin.username, stats: getPlatformStats() });
}
