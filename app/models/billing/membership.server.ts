import { and, eq, gt, isNull, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import { db } from "#db/client.server";
import { subscriptions, type User } from "#db/schema";

type SubscriptionRow = typeof subscriptions.$inferSelect;

export const PREMIUM_REQUIRED = "Premium membership required";

/**
 * The Premium rule as a condition on a `subscriptions` row: an active premium
 * plan whose period has not ended. Listings and revenue figures use it in SQL.
 */
export function premiumSubscriptionCondition(now: Date | Placeholder = new Date()): SQL {
  const condition = and(
    eq(subscriptions.plan, "premium"),
    eq(subscriptions.status, "active"),
    or(isNull(subscriptions.currentPeriodEnd), gt(subscriptions.currentPeriodEnd, now)),
  );
  if (!condition) throw new Error("the premium condition is never empty");
  return condition;
}

/** Premium means an active premium subscription whose period has not ended. Admins pass every premium check. */
// Asked on most pages a member opens: prepared once (issue 15). A placeholder
// is bound as given, not through the column: `now` is a Date on both engines.
const premiumSubscriptionOf = db
  .select({ id: subscriptions.id })
  .from(subscriptions)
  .where(and(eq(subscriptions.userId, sql.placeholder("userId")), premiumSubscriptionCondition(sql.placeholder("now"))))
  .prepare();

// A page's loaders ask about the same member several times (the banner, the
// course list, the quiz list…). For the member a page view's loaders share
// (getOptionalUser on a read), the answer is asked once: on PostgreSQL each
// query is a round trip (issue 43). Anyone else is asked afresh each time, and
// so is everyone after this process changed a subscription (a loader that
// completes a checkout asks again after its write).
let subscriptionChanges = 0;
type PageViewAnswer = { changes: number; premium: Promise<boolean>; row?: SubscriptionRow | null };
const askedThisPageView = new WeakMap<object, PageViewAnswer | null>();

/**
 * `user` is a page view's (read-only) member: isPremium answers once for it,
 * with `read` when the page view's session query brought the member's
 * subscription (app/models/accounts/session.server.ts).
 */
export function answerPremiumOncePerPageView(user: object, read?: { row: SubscriptionRow | null; premium: boolean }): void {
  askedThisPageView.set(user, read ? { changes: subscriptionChanges, premium: Promise.resolve(read.premium), row: read.row } : null);
}

/** An answer read with another query (the portal's subscription row): the page view's loaders need not ask again. */
export function rememberPremium(user: object, premium: boolean): void {
  if (askedThisPageView.get(user) === null) askedThisPageView.set(user, { changes: subscriptionChanges, premium: Promise.resolve(premium) });
}

/** The page view member's subscription row as its session query read it (null: none), unless this process wrote one since; undefined when not read. */
export function pageViewSubscription(user: object): { row: SubscriptionRow | null; premium: Promise<boolean> } | undefined {
  const asked = askedThisPageView.get(user);
  return asked && asked.row !== undefined && asked.changes === subscriptionChanges ? { row: asked.row, premium: asked.premium } : undefined;
}

/** A subscription was written: answers kept for page views are asked again. */
export function subscriptionChanged(): void {
  subscriptionChanges += 1;
}

export async function isPremium(user: Pick<User, "id" | "role">, now = new Date()): Promise<boolean> {
  if (user.role === "admin") return true;
  const asked = askedThisPageView.get(user);
  if (asked && asked.changes === subscriptionChanges) return await asked.premium;
  const changes = subscriptionChanges;
  const premium = premiumSubscriptionOf.get({ userId: user.id, now }).then((row) => row !== undefined);
  if (asked !== undefined) askedThisPageView.set(user, { changes, premium });
  return await premium;
}
