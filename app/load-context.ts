import type { User } from "~/models/accounts/user.server";
import type { AppSession } from "~/models/accounts/session.server";
import type { SubscriptionRow } from "~/models/billing/subscription.server";

/**
 * What the loaders of one request read once and share: the root loader and a
 * page's loader both ask for the session and the member (getSession,
 * getOptionalUser). Kept in the load context, which Remix hands every loader
 * of a request, so sharing does not depend on Remix passing each loader the
 * same Request object (it copies the request when it strips `?index`).
 */
export interface RequestMemo {
  session?: Promise<AppSession>;
  user?: Promise<User | null>;
  /** The member whose session a page view read, read with it (getSession). */
  sessionMember?: User | null;
  /** That member's unread notifications, counted in the same query (the header's bell). */
  unreadNotifications?: number;
  /** That member's subscription row (null: none) and whether it makes them Premium, read in the same query. */
  sessionSubscription?: { row: SubscriptionRow | null; premium: boolean };
  /** The catalogue's version, read in the same query: the catalogue kept in memory is used while it holds. */
  catalogueVersion?: number;
}

// What server/index.ts hands every loader and action.
declare module "@remix-run/node" {
  interface AppLoadContext {
    clientIp: string;
    cspNonce: string;
    /** The id on this request's log lines and X-Request-Id header. */
    requestId: string;
    /** Reads shared by the loaders of this request (a new, empty memo per request). */
    memo: RequestMemo;
  }
}
