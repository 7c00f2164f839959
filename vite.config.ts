import { vitePlugin as remix } from "@remix-run/dev";
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
        ignoredRouteFiles: ["**/*.test.*", "**/*.server.test.*"],
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
