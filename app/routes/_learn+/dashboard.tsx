import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { adminDashboardAction, loadAdminDashboard } from "~/services/admin-dashboard.server";
import { requireUser } from "~/services/auth.server";

// /dashboard is every signed-in user's "dashboard" (spec: it takes the portal's
// tab query), so a student lands in the portal and an admin sees the admin
// dashboard (spec §2: the same page as /admin, which stays admin-only).
export { default, ErrorBoundary, meta } from "../admin+/_index";

export async function loader(args: LoaderFunctionArgs) {
  const user = await requireUser(args.request, args.context);
  if (user.role !== "admin") {
    const tab = new URL(args.request.url).searchParams.get("tab");
    throw redirect(tab ? `/students?tab=${encodeURIComponent(tab)}` : "/students");
  }
  return await loadAdminDashboard(args.request, args.context);
}

/** The overview's forms: Premium requests and the contact address (admins only). */
export async function action({ request, context }: ActionFunctionArgs) {
  return await adminDashboardAction(request, context);
}
