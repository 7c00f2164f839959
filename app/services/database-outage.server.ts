import { json, type ServerBuild } from "@remix-run/node";
import { isDatabaseUnreachable } from "#db/postgres/connect";
import { wrapRouteHandlers, type RouteHandler } from "~/utils/route-handlers.server";

// While PostgreSQL is away (a restart, a failover), a page or API call that
// needs it answers 503 with a sentence and Retry-After, the answer a load
// balancer and a browser understand as "try again shortly" (issue 44), rather
// than 500. Done once for every route, around each loader and action.

export const DATABASE_UNAVAILABLE = "The academy cannot reach its database right now. Please try again in a moment.";
const RETRY_AFTER_SECONDS = "5";

function answering503<T extends RouteHandler>(handler: T): T {
  return (async (...args: Parameters<T>) => {
    try {
      return await handler(...args);
    } catch (error) {
      if (!isDatabaseUnreachable(error)) throw error;
      throw json({ message: DATABASE_UNAVAILABLE }, { status: 503, headers: { "Retry-After": RETRY_AFTER_SECONDS } });
    }
  }) as T;
}

/** The build with every route's loader and action answering 503 while the database cannot be reached. */
export function withDatabaseOutagesAs503(build: ServerBuild): ServerBuild {
  return wrapRouteHandlers(build, answering503);
}
