import { AsyncLocalStorage } from "node:async_hooks";
import type { ServerBuild } from "@remix-run/node";
import type { RequestMemo } from "~/load-context";
import { wrapRouteHandlers, type RouteHandler } from "~/utils/route-handlers.server";

// The request a loader or action is running for, reachable from model code
// without passing it down every call: only the request's memo
// (app/load-context.ts), which the catalogue kept in memory reads its version
// from (app/models/learning/catalogue-cache.server.ts).

const scope = new AsyncLocalStorage<RequestMemo>();

/** The memo of the request whose loader or action is running, if any. */
export function requestMemo(): RequestMemo | undefined {
  return scope.getStore();
}

function inRequestScope<T extends RouteHandler>(handler: T): T {
  return ((...args: Parameters<T>) => {
    const memo = (args[0] as { context?: { memo?: RequestMemo } } | undefined)?.context?.memo;
    return memo ? scope.run(memo, () => handler(...args)) : handler(...args);
  }) as T;
}

/** The build with every loader and action running in its request's scope. */
export function withRequestScopes(build: ServerBuild): ServerBuild {
  return wrapRouteHandlers(build, inRequestScope);
}
