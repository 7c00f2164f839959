import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadAdminDashboard } from "~/utils/admin-dashboard.server";

// /admin shows the same dashboard as /dashboard (spec §2), for admins only.
export { default, ErrorBoundary, meta } from "./dashboard";

export function loader({ request }: LoaderFunctionArgs) {
  return loadAdminDashboard(request);
}
