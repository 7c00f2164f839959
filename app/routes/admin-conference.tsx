// Spec §2: /admin-conference is the admin sessions page too, not a redirect to
// it: its forms post here and come back here (the action reads the path it was
// sent to). The page itself is admin+/conference/route.tsx.
export { action, default, ErrorBoundary, loader, meta, shouldRevalidate } from "./admin+/conference/route";
