// /admin shows the same dashboard as /dashboard (spec §2), for admins only.
export { default, adminDashboardLoader as loader, meta } from "./dashboard";
