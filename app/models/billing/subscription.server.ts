import { and, eq, isNull, sql } from "drizzle-orm";
import { db, first, withTransaction, single } from "#db/client.server";
import { publishMemberAccessChange } from "~/models/live/live-events.server";
import { notifyPremium, type PremiumEvent } from "~/models/notifications/notification-events.server";
import { activityEvents, premiumRequests, subscriptions, users, type PLANS, type SUBSCRIPTION_STATUSES, type User } from "#db/schema";
import { isPremium, premiumSubscriptionCondition, pageViewSubscription, rememberPremium, subscriptionChanged } from "~/models/billing/membership.server";

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

export async function getSubscription(userId: number): Promise<SubscriptionRow | undefined> {
  return await subscriptionOf.get({ userId });
}

export async function getSubscriptionByStripeId(stripeSubscriptionId: string): Promise<SubscriptionRow | undefined> {
  return await first(db.select().from(subscriptions).where(eq(subscriptions.stripeSubscriptionId, stripeSubscriptionId)).limit(1));
}

// The summary's row with whether it makes the member Premium (the one rule, in SQL): one query, not two (issue 43).
const summaryRowOf = db
  .select({ row: subscriptions, premium: sql<boolean>`(${premiumSubscriptionCondition(sql.placeholder("now"))})`.mapWith(Boolean) })
  .from(subscriptions)
  .where(eq(subscriptions.userId, sql.placeholder("userId")))
  .prepare();

async function readSummaryRow(user: Pick<User, "id" | "role">, now: Date) {
  const found = await summaryRowOf.get({ userId: user.id, now });
  rememberPremium(user, found?.premium ?? false);
  return found?.row;
}

export async function getSubscriptionSummary(user: Pick<User, "id" | "role">, now = new Date()): Promise<SubscriptionSummary> {
  // Usually read with the page view's session; asked here otherwise.
  const kept = pageViewSubscription(user);
  const row = kept ? kept.row : await readSummaryRow(user, now);
  // A period that ran out without renewal reads as expired, whatever Stripe last said.
  const lapsed = row?.status === "active" && row.currentPeriodEnd !== null && row.currentPeriodEnd <= now;
  return {
    isPremium: await isPremium(user, now),
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
export async function trialDaysFor(userId: number, trialDays: number): Promise<number> {
  if (trialDays <= 0) return 0;
  const member = await first(db.select({ trialUsedAt: users.trialUsedAt }).from(users).where(eq(users.id, userId)).limit(1));
  if (!member || member.trialUsedAt) return 0;
  const row = await getSubscription(userId);
  const neverSubscribed = !row || row.status === "incomplete" || (row.plan === "basic" && row.status === "active" && !row.isComped && !row.stripeSubscriptionId);
  return neverSubscribed ? trialDays : 0;
}

/** Records that the member's one trial has begun (kept if already set). */
export async function markTrialUsed(userId: number, now = new Date()): Promise<void> {
  await db.update(users).set({ trialUsedAt: now }).where(and(eq(users.id, userId), isNull(users.trialUsedAt)));
}

type SubscriptionChange = Partial<Omit<SubscriptionRow, "id" | "userId" | "createdAt" | "updatedAt">>;

/** Creates or updates the member's single subscription row; records an "upgrade" event when Premium starts. */
export async function saveSubscription(userId: number, change: SubscriptionChange, now = new Date()): Promise<SubscriptionRow> {
  let event: PremiumEvent | null = null;
  const saved = await withTransaction(async (tx) => {
    const before = await first(tx.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1));
    const wasPremium = before?.plan === "premium" && before.status === "active";
    const row = before
      ? await single(tx.update(subscriptions).set({ ...change, updatedAt: now }).where(eq(subscriptions.userId, userId)).returning())
      : await single(tx.insert(subscriptions).values({ userId, startDate: now, ...change }).returning());
    if (!wasPremium && row.plan === "premium" && row.status === "active") {
      const member = await first(tx.select({ username: users.username }).from(users).where(eq(users.id, userId)).limit(1));
      await tx.insert(activityEvents)
        .values({ userId, type: "upgrade", summary: `${member?.username ?? "A member"} became a Premium member${row.isComped ? " (granted by an admin)" : ""}` });
      // However Premium came (an admin, Stripe), it answers the member's open request.
      await tx.update(premiumRequests)
        .set({ handledAt: now, outcome: "granted" })
        .where(and(eq(premiumRequests.userId, userId), isNull(premiumRequests.handledAt)));
    }
    event = premiumEvent(before, row);
    return row;
  });
  subscriptionChanged();
  if (event) await notifyPremium(userId, event);
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
export async function adminSetSubscription(userId: number, input: AdminSubscriptionInput, now = new Date()): Promise<SubscriptionRow> {
  // One transaction: what is decided on the row read is what is saved (a Stripe webhook waits).
  return await withTransaction(async () => {
    const current = await getSubscription(userId);
    const payingOnline = current?.stripeSubscriptionId && !current.isComped && current.plan === "premium" && current.status === "active";
    if (input.plan === "premium" && input.status === "active" && payingOnline) return current;
    if (input.plan === "premium") {
      return await saveSubscription(
        userId,
        // Comped Premium is not tied to Stripe: its old subscription (cancelled by the caller) is let go.
        { plan: "premium", status: input.status, isComped: true, monthlyFeeCents: 0, currentPeriodEnd: null, cancelAtPeriodEnd: false, startDate: now, stripeSubscriptionId: null },
        now,
      );
    }
    return await saveSubscription(userId, { plan: "basic", status: input.status, isComped: false, monthlyFeeCents: 0, cancelAtPeriodEnd: false }, now);
  });
}
