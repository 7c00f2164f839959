// Spec §2: /admin-conference is the admin sessions page too. Its forms post
// here and come back here (the action reads the path it was sent to).
export { action, default, ErrorBoundary, loader, meta, shouldRevalidate } from "./admin.conference";
