import { createRequire } from "node:module";
import type { EntryContext } from "@remix-run/node";
import type * as RouterApi from "@remix-run/router";
import type { ComponentType } from "react";

// A Remix entry context for a two-route app (root with an <Outlet />, one index
// page), made the way the server runtime makes it, for tests that render
// <RemixServer> or call app/entry.server.tsx without a build.
const require = createRequire(import.meta.url);
const { createStaticHandler } = require("@remix-run/router") as typeof RouterApi;

// One build's flags: the same object on every request, as the server runtime hands it over.
const FUTURE = { v3_fetcherPersist: true, v3_relativeSplatPath: true, v3_throwAbortReason: true, v3_lazyRouteDiscovery: true, v3_singleFetch: false };

function manifestRoute(id: string, extra: { parentId?: string; index?: boolean; path?: string }) {
  return { id, hasLoader: false, hasAction: false, hasClientLoader: false, hasClientAction: false, hasErrorBoundary: false, module: `/${id}.js`, ...extra };
}

export interface TestBuild {
  manifestRoutes: Record<string, ReturnType<typeof manifestRoute>>;
  /** A new object per request, made from the build's modules, as the server runtime does. */
  routeModules: () => Record<string, { default: ComponentType }>;
}

export function aBuild(root: ComponentType, page: ComponentType): TestBuild {
  return {
    manifestRoutes: { root: manifestRoute("root", { path: "" }), "routes/_index": manifestRoute("routes/_index", { parentId: "root", index: true }) },
    routeModules: () => ({ root: { default: root }, "routes/_index": { default: page } }),
  };
}

export async function entryContextFor(build: TestBuild, url: string): Promise<EntryContext> {
  const handler = createStaticHandler([{ id: "root", path: "", children: [{ id: "routes/_index", index: true }] }]);
  const staticHandlerContext = await handler.query(new Request(url));
  if (staticHandlerContext instanceof Response) throw new Error("expected a render context");
  const context = {
    manifest: { routes: build.manifestRoutes, entry: { module: "/entry.js", imports: [] }, url: "/manifest.js", version: "1" },
    routeModules: build.routeModules(),
    staticHandlerContext,
    serverHandoffString: "{}",
    future: FUTURE,
    isSpaMode: false,
    renderMeta: {},
    serializeError: (error: Error) => ({ message: error.message }),
  };
  // Only the fields <RemixServer> reads are filled in.
  return context as unknown as EntryContext;
}
