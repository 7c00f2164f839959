import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";

// The bare Remix 2 app `npm run bench` measures the academy against: the
// framework's own defaults, one trivial page and one resource route.
export default defineConfig({
  root: import.meta.dirname,
  logLevel: "warn",
  // The academy's future flags, so both run the same framework code paths.
  plugins: [
    remix({
      appDirectory: "app",
      buildDirectory: "build",
      future: { v3_fetcherPersist: true, v3_relativeSplatPath: true, v3_throwAbortReason: true, v3_lazyRouteDiscovery: true },
    }),
  ],
});
