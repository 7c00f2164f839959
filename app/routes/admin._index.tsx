// /admin shows the same dashboard as /dashboard (spec §2).
export { default, loader, meta } from "./dashboard";
