import { and, eq, isNull, sql } from "drizzle-orm";
import { db } from "#db/client.server";
import { publishMemberAccessChange } from "~/models/live-events.server";
import { notifyPremium, type PremiumEvent } from "~/models/notification-events.server";
import { activityEvents, premiumRequests, subscriptions, users, type PLANS, type SUBSCRIPTION_STATUSES, type User } from "#db/schema";
import { isPremium } from "~/models/membership.server";

// The academy's own record of each member's plan. Stripe (billing.server.ts)
// and admins change it only through the functions below.

export type Plan = (typeof PLANS)[number];
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export type SubscriptionRow = typeof subscriptions.$inferSelect;

export interface SubscriptionSummary {
  isPremium: boolean;
  plan: Plan;
  status: SubscriptionStatus | "none";
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  isComped: boolean;
  /** True when the plan is paid through Stripe (so it can be cancelled online). */
  isPaidOnline: boolean;
  /** While Stripe's free trial runs: when it ends (the first payment is taken then). */
  trialEndsAt: string | null;
}

const subscriptionOf = db.select().from(subscriptions).where(eq(subscriptions.userId, sql.placeholder("userId"))).prepare();

export function getSubscription(userId: number): SubscriptionRow | undefined {
  return subscriptionOf.get({ userId });
}

export function getSubscriptionByStripeId(stripeSubscriptionId: string): SubscriptionRow | undefined {
  return db.select().from(subscriptions).where(eq(subscriptions.stripeSubscriptionId, stripeSubscriptionId)).get();
}

export function getSubscriptionSummary(user: Pick<User, "id" | "role">, now = new Date()): SubscriptionSummary {
  const row = getSubscription(user.id);
  // A period that ran out without renewal reads as expired, whatever Stripe last said.
  const lapsed = row?.status === "active" && row.currentPeriodEnd !== null && row.currentPeriodEnd <= now;
  return {
    isPremium: isPremium(user, now),
    plan: row?.plan ?? "basic",
    status: lapsed ? "expired" : (row?.status ?? "none"),
    currentPeriodEnd: row?.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: row?.cancelAtPeriodEnd ?? false,
    isComped: row?.isComped ?? false,
    isPaidOnline: Boolean(row?.stripeSubscriptionId) && !row?.isComped,
    trialEndsAt: row?.status === "active" && row.trialEndsAt && row.trialEndsAt > now ? row.trialEndsAt.toISOString() : null,
  };
}

/**
 * One free trial per member, ever: none after a trial (trialUsedAt) or after
 * any earlier plan — paid, lapsed, cancelled or granted by an admin. Only a
 * member who never got past an unpaid attempt still qualifies.
 */
export function trialDaysFor(userId: number, trialDays: number): number {
  if (trialDays <= 0) return 0;
  const member = db.select({ trialUsedAt: users.trialUsedAt }).from(users).where(eq(users.id, userId)).get();
  if (!member || member.trialUsedAt) return 0;
  const row = getSubscription(userId);
  const neverSubscribed = !row || row.status === "incomplete" || (row.plan === "basic" && row.status === "active" && !row.isComped && !row.stripeSubscriptionId);
  return neverSubscribed ? trialDays : 0;
}

/** Records that the member's one trial has begun (kept if already set). */
export function markTrialUsed(userId: number, now = new Date()): void {
  db.update(users).set({ trialUsedAt: now }).where(and(eq(users.id, userId), isNull(users.trialUsedAt))).run();
}

type SubscriptionChange = Partial<Omit<SubscriptionRow, "id" | "userId" | "createdAt" | "updatedAt">>;

/** Creates or updates the member's single subscription row; records an "upgrade" event when Premium starts. */
export function saveSubscription(userId: number, change: SubscriptionChange, now = new Date()): SubscriptionRow {
  let event: PremiumEvent | null = null;
  const saved = db.transaction((tx) => {
    const before = tx.select().from(subscriptions).where(eq(subscriptions.userId, userId)).get();
    const wasPremium = before?.plan === "premium" && before.status === "active";
    const row = before
      ? tx.update(subscriptions).set({ ...change, updatedAt: now }).where(eq(subscriptions.userId, userId)).returning().get()
      : tx.insert(subscriptions).values({ userId, startDate: now, ...change }).returning().get();
    if (!wasPremium && row.plan === "premium" && row.status === "active") {
      const member = tx.select({ username: users.username }).from(users).where(eq(users.id, userId)).get();
      tx.insert(activityEvents)
        .values({ userId, type: "upgrade", summary: `${member?.username ?? "A member"} became a Premium member${row.isComped ? " (granted by an admin)" : ""}` })
        .run();
      // However Premium came (an admin, Stripe), it answers the member's open request.
      tx.update(premiumRequests)
        .set({ handledAt: now, outcome: "granted" })
        .where(and(eq(premiumRequests.userId, userId), isNull(premiumRequests.handledAt)))
        .run();
    }
    event = premiumEvent(before, row);
    return row;
  });
  if (event) notifyPremium(userId, event);
  // Premium may have ended (an admin's revoke, a Stripe webhook): a Premium-only live room lets the member go.
  publishMemberAccessChange(userId, "membership-changed");
  return saved;
}

/** What the member is told about a change of their subscription, if anything. */
function premiumEvent(before: SubscriptionRow | undefined, after: SubscriptionRow): PremiumEvent | null {
  const wasPremium = before?.plan === "premium" && before.status === "active";
  const isPremiumNow = after.plan === "premium" && after.status === "active";
  if (!wasPremium && isPremiumNow) return "granted";
  if (after.plan === "premium" && after.status === "past_due" && before?.status !== "past_due") return "payment_failed";
  if (isPremiumNow && after.cancelAtPeriodEnd && !before?.cancelAtPeriodEnd) return "ending";
  const extended = before?.currentPeriodEnd && after.currentPeriodEnd && after.currentPeriodEnd.getTime() > before.currentPeriodEnd.getTime();
  if (wasPremium && isPremiumNow && extended) return "renewed";
  return null;
}

export interface AdminSubscriptionInput {
  plan: Plan;
  status: SubscriptionStatus;
}

/**
 * An admin grants or revokes Premium by hand. A grant on top of a paying
 * Stripe plan changes nothing (the member keeps paying); any other grant is
 * comped: no fee, never counted as revenue, no period end. Cancelling the
 * member's Stripe billing on revoke is done by the caller (billing.server.ts).
 */
export function adminSetSubscription(userId: number, input: AdminSubscriptionInput, now = new Date()): SubscriptionRow {
  const current = getSubscription(userId);
  const payingOnline = current?.stripeSubscriptionId && !current.isComped && current.plan === "premium" && current.status === "active";
  if (input.plan === "premium" && input.status === "active" && payingOnline) return current;
  if (input.plan === "premium") {
    return saveSubscription(
      userId,
      // Comped Premium is not tied to Stripe: its old subscription (cancelled by the caller) is let go.
      { plan: "premium", status: input.status, isComped: true, monthlyFeeCents: 0, currentPeriodEnd: null, cancelAtPeriodEnd: false, startDate: now, stripeSubscriptionId: null },
      now,
    );
  }
  return saveSubscription(userId, { plan: "basic", status: input.status, isComped: false, monthlyFeeCents: 0, cancelAtPeriodEnd: false }, now);
}
