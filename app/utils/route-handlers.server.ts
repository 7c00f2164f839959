import type { ServerBuild } from "@remix-run/node";

export type RouteHandler = (...args: never[]) => unknown;

/** The build with every route's loader and action passed through `wrap` (done once, when the server starts). */
export function wrapRouteHandlers(build: ServerBuild, wrap: <T extends RouteHandler>(handler: T) => T): ServerBuild {
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      const { loader, action } = route.module;
      const module = { ...route.module, ...(loader ? { loader: wrap(loader) } : {}), ...(action ? { action: wrap(action) } : {}) };
      return [id, { ...route, module }];
    }),
  );
  return { ...build, routes };
}
