import { vitePlugin as remix } from "@remix-run/dev";
import { flatRoutes } from "remix-flat-routes";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: false;
  }
}

export default defineConfig({
  server: { hmr: { port: 24678 } },
  // Pre-bundle the browser dependencies up front so the dev server does not
  // discover them on first visit and reload the page.
  optimizeDeps: {
    include: [
      "react",
      "react-dom",
      "react-dom/client",
      "react/jsx-runtime",
      "@remix-run/react",
      "@conform-to/react",
      "@conform-to/zod",
      "zod",
      "lucide-react",
      "clsx",
      "@radix-ui/react-dialog",
      "@radix-ui/react-dropdown-menu",
      "@radix-ui/react-tabs",
      "@radix-ui/react-toast",
      "@radix-ui/react-tooltip",
    ],
  },
  build: {
    target: "es2022",
    rollupOptions: {
      // Resource routes (the JSON API) have no browser code, so their client chunks are empty by design.
      onwarn(warning, warn) {
        if (warning.code === "EMPTY_BUNDLE") return;
        warn(warning);
      },
    },
  },
  plugins: [
    !process.env.VITEST &&
      remix({
        // Routes are read by remix-flat-routes (below), not by Remix's own convention.
        ignoredRouteFiles: ["**/*"],
        // app/routes/ is grouped by area in `+` folders, as the Epic Stack does: `admin+/forum.tsx`
        // is /admin/forum, `_auth+/login.tsx` is /login (a leading `_` adds no URL segment), and a
        // folder with a route.tsx (`admin+/conference/route.tsx`) is one route whose other files
        // are its private modules. Files these patterns match are never routes: server helpers,
        // tests, and `__name.tsx` for a private module kept directly in a `+` folder.
        routes: async (defineRoutes) =>
          flatRoutes("routes", defineRoutes, {
            ignoredRouteFiles: [".*", "**/*.css", "**/*.test.*", "**/*.server.*", "**/*.client.*", "**/__*.*"],
          }),
        future: {
          v3_fetcherPersist: true,
          v3_relativeSplatPath: true,
          v3_throwAbortReason: true,
          v3_lazyRouteDiscovery: true,
        },
      }),
    tsconfigPaths(),
  ],
});
