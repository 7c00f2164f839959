import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { adminDashboardAction, loadAdminDashboard } from "~/utils/admin-dashboard.server";

// /admin shows the same dashboard as /dashboard (spec §2), for admins only.
export { default, ErrorBoundary, meta } from "./dashboard";

export function loader({ request }: LoaderFunctionArgs) {
  return loadAdminDashboard(request);
}

export function action({ request }: ActionFunctionArgs) {
  return adminDashboardAction(request);
}
