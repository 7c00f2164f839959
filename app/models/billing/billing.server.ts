import Stripe from "stripe";
import { db, first, changes, withTransaction } from "#db/client.server";
import { stripeEvents, users, type User } from "#db/schema";
import { eq } from "drizzle-orm";
import { isPremium } from "~/models/billing/membership.server";
import {
  adminSetSubscription,
  getSubscription,
  getSubscriptionByStripeId,
  getSubscriptionSummary,
  markTrialUsed,
  saveSubscription,
  trialDaysFor,
  type AdminSubscriptionInput,
  type SubscriptionRow,
  type SubscriptionStatus,
  type SubscriptionSummary,
} from "~/models/billing/subscription.server";
import { env } from "~/utils/env.server";
import { logEvent } from "~/utils/logger.server";
import { PREMIUM_FEE_CENTS } from "~/utils/premium";
import { discountedPriceCents, describePromotion, type PromotionTerms } from "~/utils/promotion";
import type { PromotionCodeInput } from "~/schemas/promotion-code";
import { formatDayInZone, wallTimeToInstant } from "~/utils/time-zone";

// Premium through Stripe: the only module that talks to Stripe. Premium is
// granted only after Stripe itself says the subscription is active and its
// invoice paid — never on the browser's word (see docs/decisions/008).

import { PAYMENTS_OFF_MESSAGE } from "~/schemas/billing";

export { PAYMENTS_OFF_MESSAGE };
export const PROMOTIONS_OFF_MESSAGE =
  "Online payments are not set up (no STRIPE_SECRET_KEY), so there are no promotion codes: they are created and redeemed on Stripe. Set the Stripe keys to use them.";
/** Stripe's event payloads can exceed the API's usual JSON cap (the server's body limit applies it too). */
export const STRIPE_WEBHOOK_MAX_BYTES = 1024 * 1024;
const PRICE_LOOKUP_KEY = "academy_premium_monthly";

export class BillingError extends Error {
  constructor(
    public status: number,
    message: string,
  ) {
    super(message);
  }
}

export function paymentsEnabled(): boolean {
  return Boolean(env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY);
}

let client: Stripe | undefined;
function stripe(): Stripe {
  if (!env.STRIPE_SECRET_KEY || !paymentsEnabled()) throw new BillingError(503, PAYMENTS_OFF_MESSAGE);
  if (!client) {
    const target = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : undefined;
    client = new Stripe(env.STRIPE_SECRET_KEY, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(target ? { host: target.hostname, port: target.port, protocol: target.protocol === "http:" ? "http" : "https" } : {}),
    });
  }
  return client;
}

/** Runs a Stripe call, turning its failures into clear 502/503 answers. */
async function call<T>(what: string, run: (api: Stripe) => Promise<T>): Promise<T> {
  const api = stripe();
  try {
    return await run(api);
  } catch (error) {
    throw billingFailure(error, what);
  }
}

/** Details go to the log only; the member gets a plain message. */
function billingFailure(error: unknown, what: string): BillingError {
  if (error instanceof BillingError) return error;
  // Stripe refused a promotion code at the last moment (used up or switched off meanwhile).
  if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code?.startsWith("promotion_code")) {
    return new BillingError(400, "That promotion code can no longer be used. Remove it or try another.");
  }
  logEvent("stripe_call_failed", { what, error: error instanceof Error ? error.message : String(error) });
  if (error instanceof Stripe.errors.StripeConnectionError) {
    return new BillingError(503, "The payment service could not be reached. Please try again in a moment.");
  }
  return new BillingError(502, "The payment service refused the request. Please try again or contact support.");
}

// The $9.99/month price: STRIPE_PRICE_ID, else the one found by lookup key,
// else created once (Stripe remembers it by lookup key, so no local state).
let priceId: string | undefined = env.STRIPE_PRICE_ID;
async function premiumPriceId(): Promise<string> {
  if (priceId) return priceId;
  priceId = await call("price", async (api) => {
    const found = await api.prices.list({ lookup_keys: [PRICE_LOOKUP_KEY], active: true, limit: 1 });
    if (found.data[0]) return found.data[0].id;
    const created = await api.prices.create({
      currency: "usd",
      unit_amount: PREMIUM_FEE_CENTS,
      recurring: { interval: "month" },
      lookup_key: PRICE_LOOKUP_KEY,
      product_data: { name: "Academy Premium" },
    });
    return created.id;
  });
  return priceId;
}

async function customerFor(user: Pick<User, "id" | "username" | "email" | "name">, row: SubscriptionRow | undefined): Promise<string> {
  if (row?.stripeCustomerId) return row.stripeCustomerId;
  const customer = await call("customer", (api) =>
    api.customers.create(
      { name: user.name ?? user.username, ...(user.email ? { email: user.email } : {}), metadata: { userId: String(user.id), username: user.username } },
      { idempotencyKey: `academy-customer-${user.id}` },
    ),
  );
  await saveSubscription(user.id, { stripeCustomerId: customer.id });
  return customer.id;
}

async function requireNotPremium(user: Pick<User, "id" | "role">) {
  if (await isPremium(user)) throw new BillingError(409, "You are already a Premium member.");
}

const STATUS_FROM_STRIPE: Record<Stripe.Subscription.Status, SubscriptionStatus> = {
  active: "active",
  trialing: "active",
  past_due: "past_due",
  unpaid: "past_due",
  paused: "past_due",
  incomplete: "incomplete",
  incomplete_expired: "expired",
  canceled: "cancelled",
};

function periodEnd(subscription: Stripe.Subscription): Date | null {
  // Since API version 2025-03-31 the period lives on the subscription items.
  const ends = subscription.items.data.map((item) => item.current_period_end).filter((end) => typeof end === "number");
  return ends.length ? new Date(Math.min(...ends) * 1000) : null;
}

/**
 * Our status for Stripe's. A trial counts as active (Premium) only once a card
 * is saved for it (Checkout always saves one; the Payment Element saves it by
 * confirming the subscription's SetupIntent); until then it is "incomplete".
 */
function academyStatus(subscription: Stripe.Subscription): SubscriptionStatus {
  if (subscription.status === "trialing" && !subscription.default_payment_method) return "incomplete";
  // A status newer than this code is not Premium until we know what it means.
  return STATUS_FROM_STRIPE[subscription.status] ?? "incomplete";
}

/** What the latest invoice charges (a trial: $0; a discount: the discounted amount); unknown if it was not fetched. */
function feeCharged(subscription: Stripe.Subscription): number | undefined {
  if (subscription.status === "trialing") return 0;
  const invoice = invoiceOf(subscription);
  if (!invoice) return undefined;
  return invoice.status === "paid" ? invoice.amount_paid : invoice.amount_due;
}

function trialEnd(subscription: Stripe.Subscription): Date | null {
  return subscription.status === "trialing" && subscription.trial_end ? new Date(subscription.trial_end * 1000) : null;
}

function customerId(subscription: Stripe.Subscription): string {
  return typeof subscription.customer === "string" ? subscription.customer : subscription.customer.id;
}

/** Copies Stripe's view of a subscription onto the member's row. */
async function applyStripeSubscription(userId: number, subscription: Stripe.Subscription): Promise<SubscriptionRow> {
  const status = academyStatus(subscription);
  const fee = feeCharged(subscription);
  // Revenue counts what is charged: nothing during a trial, the discounted amount under a coupon.
  const saved = await saveSubscription(userId, {
    plan: "premium",
    status,
    isComped: false,
    ...(fee === undefined ? {} : { monthlyFeeCents: fee }),
    stripeCustomerId: customerId(subscription),
    stripeSubscriptionId: subscription.id,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    currentPeriodEnd: periodEnd(subscription),
    trialEndsAt: trialEnd(subscription),
  });
  if (subscription.status === "trialing" && status === "active") await markTrialUsed(userId);
  return saved;
}

function invoiceOf(subscription: Stripe.Subscription): Stripe.Invoice | null {
  return subscription.latest_invoice && typeof subscription.latest_invoice === "object" ? subscription.latest_invoice : null;
}

function isPaidAndActive(subscription: Stripe.Subscription): boolean {
  const invoice = invoiceOf(subscription);
  return academyStatus(subscription) === "active" && invoice?.status === "paid";
}

/** The free days this member would get by subscribing now (0 when payments are off or their trial is spent). */
export async function trialDaysOffered(user: Pick<User, "id">): Promise<number> {
  return paymentsEnabled() ? await trialDaysFor(user.id, env.STRIPE_TRIAL_DAYS) : 0;
}

export interface SubscriptionIntent {
  clientSecret: string;
  publishableKey: string;
  /** "setup" when nothing is charged now (a trial, a 100% discount): Stripe.js confirms a SetupIntent that saves the card. */
  intentType: "payment" | "setup";
  /** Charged today. */
  amountDueCents: number;
  /** The monthly price after the promotion code, for the months it covers. */
  monthlyPriceCents: number;
  trialEndsAt: string | null;
  promotion: { code: string; summary: string } | null;
}

/** The secret Stripe.js confirms: the pending SetupIntent's, else the first invoice's PaymentIntent's. */
function secretOf(subscription: Stripe.Subscription): { clientSecret: string; intentType: "payment" | "setup" } | null {
  const setup = subscription.pending_setup_intent;
  if (setup && typeof setup === "object") {
    return setup.status === "succeeded" || !setup.client_secret ? null : { clientSecret: setup.client_secret, intentType: "setup" };
  }
  const secret = invoiceOf(subscription)?.confirmation_secret?.client_secret;
  return secret ? { clientSecret: secret, intentType: "payment" } : null;
}

/** A subscription the member started but has not finished paying for (or saving a card for). */
function awaitsMember(subscription: Stripe.Subscription): boolean {
  return subscription.status === "incomplete" || (subscription.status === "trialing" && !subscription.default_payment_method);
}

const INTENT_EXPAND = ["latest_invoice.confirmation_secret", "pending_setup_intent"];

/**
 * Starts (or resumes) the member's subscription and returns the secret the
 * Payment Element confirms. A new subscriber gets STRIPE_TRIAL_DAYS free (once,
 * ever); a promotion code is checked with Stripe and applied to the subscription.
 */
export async function createSubscriptionIntent(user: User, input: { promotionCode?: string } = {}): Promise<SubscriptionIntent> {
  if (!paymentsEnabled()) throw new BillingError(503, PAYMENTS_OFF_MESSAGE);
  await requireNotPremium(user);
  const promotion = input.promotionCode ? await findRedeemablePromotionCode(input.promotionCode) : null;
  const row = await getSubscription(user.id);
  const trialDays = await trialDaysFor(user.id, env.STRIPE_TRIAL_DAYS);
  const customer = await customerFor(user, row);
  const price = await premiumPriceId();

  // Reuse the member's unfinished subscription instead of piling up new ones, unless the code changed.
  if (row?.stripeSubscriptionId && row.status === "incomplete") {
    const existing = await call("retrieve subscription", (api) => api.subscriptions.retrieve(row.stripeSubscriptionId as string, { expand: INTENT_EXPAND }));
    if (awaitsMember(existing)) {
      const secret = secretOf(existing);
      if (secret && (existing.metadata.promotionCode ?? "") === (promotion?.id ?? "")) return intentAnswer(existing, secret, promotion);
      await call("cancel subscription", (api) => api.subscriptions.cancel(existing.id));
    }
  }

  const subscription = await call("create subscription", (api) =>
    api.subscriptions.create({
      customer,
      items: [{ price }],
      payment_behavior: "default_incomplete",
      payment_settings: { save_default_payment_method: "on_subscription" },
      metadata: { userId: String(user.id), ...(promotion ? { promotionCode: promotion.id } : {}) },
      ...(trialDays > 0 ? { trial_period_days: trialDays } : {}),
      ...(promotion ? { discounts: [{ promotion_code: promotion.id }] } : {}),
      expand: INTENT_EXPAND,
    }),
  );
  const secret = secretOf(subscription);
  if (!secret) throw new BillingError(502, "The payment service did not return a payment to confirm. Please try again.");
  await saveSubscription(user.id, {
    plan: "premium",
    status: "incomplete",
    isComped: false,
    stripeSubscriptionId: subscription.id,
    monthlyFeeCents: feeCharged(subscription) ?? PREMIUM_FEE_CENTS,
    cancelAtPeriodEnd: false,
    currentPeriodEnd: periodEnd(subscription),
    trialEndsAt: trialEnd(subscription),
  });
  return intentAnswer(subscription, secret, promotion);
}

function intentAnswer(
  subscription: Stripe.Subscription,
  secret: { clientSecret: string; intentType: "payment" | "setup" },
  promotion: RedeemablePromotion | null,
): SubscriptionIntent {
  const listPrice = subscription.items.data[0]?.price.unit_amount ?? PREMIUM_FEE_CENTS;
  const invoice = invoiceOf(subscription);
  return {
    ...secret,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY as string,
    amountDueCents: invoice?.amount_due ?? listPrice,
    monthlyPriceCents: promotion ? discountedPriceCents(listPrice, promotion.terms) : listPrice,
    trialEndsAt: trialEnd(subscription)?.toISOString() ?? null,
    promotion: promotion ? { code: promotion.code, summary: describePromotion(promotion.terms) } : null,
  };
}

// ---- Promotion codes ------------------------------------------------------------

export interface RedeemablePromotion {
  id: string;
  code: string;
  terms: PromotionTerms;
}

function couponOf(promotion: Stripe.PromotionCode): Stripe.Coupon | null {
  const coupon = promotion.promotion.coupon;
  return coupon && typeof coupon === "object" ? coupon : null;
}

function termsOf(coupon: Stripe.Coupon): PromotionTerms {
  const duration: PromotionTerms["duration"] = coupon.duration === "repeating" ? "repeating" : coupon.duration === "forever" ? "forever" : "once";
  return { percentOff: coupon.percent_off, amountOffCents: coupon.amount_off, duration, durationInMonths: coupon.duration_in_months };
}

/** The member's code, checked with Stripe: it must exist, be active, unexpired, not used up, and its coupon valid (else 400). */
export async function findRedeemablePromotionCode(code: string): Promise<RedeemablePromotion> {
  const found = await call("promotion codes", (api) => api.promotionCodes.list({ code, active: true, limit: 1, expand: ["data.promotion.coupon"] }));
  const promotion = found.data[0];
  const coupon = promotion ? couponOf(promotion) : null;
  if (!promotion || !coupon || !coupon.valid || (coupon.amount_off !== null && coupon.currency !== "usd")) {
    throw new BillingError(400, `The promotion code "${code}" is not valid.`);
  }
  if (promotion.expires_at !== null && promotion.expires_at * 1000 <= Date.now()) throw new BillingError(400, `The promotion code "${code}" has expired.`);
  if (promotion.max_redemptions !== null && promotion.times_redeemed >= promotion.max_redemptions) {
    throw new BillingError(400, `The promotion code "${code}" has already been used as many times as allowed.`);
  }
  return { id: promotion.id, code: promotion.code, terms: termsOf(coupon) };
}

export interface PromotionCodeListing {
  id: string;
  code: string;
  active: boolean;
  summary: string;
  terms: PromotionTerms;
  maxRedemptions: number | null;
  timesRedeemed: number;
  expiresAt: string | null;
  /** The expiry as the last day it works, on the academy's calendar. */
  lastDay: string | null;
  createdAt: string;
}

function listing(promotion: Stripe.PromotionCode): PromotionCodeListing | null {
  const coupon = couponOf(promotion);
  if (!coupon) return null;
  const terms = termsOf(coupon);
  return {
    id: promotion.id,
    code: promotion.code,
    active: promotion.active,
    summary: describePromotion(terms),
    terms,
    maxRedemptions: promotion.max_redemptions,
    timesRedeemed: promotion.times_redeemed,
    expiresAt: promotion.expires_at ? new Date(promotion.expires_at * 1000).toISOString() : null,
    lastDay: promotion.expires_at ? formatDayInZone(new Date(promotion.expires_at * 1000), env.ACADEMY_TIMEZONE) : null,
    createdAt: new Date(promotion.created * 1000).toISOString(),
  };
}

/** For admins: Stripe's refusal is shown as it is (a 400 with Stripe's message), not hidden behind a generic one. */
async function stripeAdminCall<T>(what: string, run: (api: Stripe) => Promise<T>): Promise<T> {
  const api = stripe();
  try {
    return await run(api);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError) {
      logEvent("stripe_call_refused", { what, error: error.message });
      throw new BillingError(error.statusCode === 404 ? 404 : 400, `Stripe refused: ${error.message}`);
    }
    throw billingFailure(error, what);
  }
}

/** The academy's promotion codes, newest first, with how often each was redeemed. */
export async function listPromotionCodes(): Promise<PromotionCodeListing[]> {
  const found = await stripeAdminCall("list promotion codes", (api) => api.promotionCodes.list({ limit: 100, expand: ["data.promotion.coupon"] }));
  return found.data.map(listing).filter((entry) => entry !== null);
}

/** A coupon (percent or amount off, for once, N months or forever), then its promotion code with the admin's text, limit and expiry. */
export async function createPromotionCode(input: PromotionCodeInput, now = new Date()): Promise<PromotionCodeListing> {
  // The last day the code works, to its end in the academy's time zone.
  const expiresAt = input.expiresOn ? wallTimeToInstant(`${input.expiresOn}T23:59:59`, env.ACADEMY_TIMEZONE) : null;
  if (expiresAt && expiresAt <= now) throw new BillingError(400, "The last day must be today or later.");
  const coupon = await stripeAdminCall("create coupon", (api) =>
    api.coupons.create({
      name: input.code,
      ...(input.discountType === "percent" ? { percent_off: input.percentOff } : { amount_off: Math.round((input.amountOff ?? 0) * 100), currency: "usd" }),
      duration: input.duration,
      ...(input.duration === "repeating" ? { duration_in_months: input.durationInMonths } : {}),
    }),
  );
  const promotion = await stripeAdminCall("create promotion code", (api) =>
    api.promotionCodes.create({
      promotion: { type: "coupon", coupon: coupon.id },
      code: input.code,
      ...(input.maxRedemptions ? { max_redemptions: input.maxRedemptions } : {}),
      ...(expiresAt ? { expires_at: Math.floor(expiresAt.getTime() / 1000) } : {}),
      expand: ["promotion.coupon"],
    }),
  );
  logEvent("promotion_code_created", { id: promotion.id, code: promotion.code });
  const created = listing(promotion);
  if (!created) throw new BillingError(502, "The payment service did not return the new code's coupon.");
  return created;
}

/** Switches a code off for good (Stripe keeps it, with its redemptions). */
export async function deactivatePromotionCode(id: string): Promise<PromotionCodeListing> {
  if (!/^promo_[A-Za-z0-9]+$/.test(id)) throw new BillingError(404, "No such promotion code.");
  const promotion = await stripeAdminCall("deactivate promotion code", (api) => api.promotionCodes.update(id, { active: false, expand: ["promotion.coupon"] }));
  logEvent("promotion_code_deactivated", { id: promotion.id, code: promotion.code });
  const updated = listing(promotion);
  if (!updated) throw new BillingError(502, "The payment service did not return the code's coupon.");
  return updated;
}

function ownedBy(subscription: Stripe.Subscription, userId: number, row: SubscriptionRow | undefined): boolean {
  return subscription.metadata.userId === String(userId) || (row?.stripeCustomerId !== null && row?.stripeCustomerId === customerId(subscription));
}

/** After the browser reports a successful payment: asks Stripe, and grants Premium only if it is paid. */
export async function confirmUpgrade(user: User): Promise<SubscriptionSummary> {
  if (!paymentsEnabled()) throw new BillingError(503, PAYMENTS_OFF_MESSAGE);
  const row = await getSubscription(user.id);
  if (!row?.stripeSubscriptionId) throw new BillingError(402, "No payment was found for your account.");
  const subscription = await call("retrieve subscription", (api) =>
    api.subscriptions.retrieve(row.stripeSubscriptionId as string, { expand: ["latest_invoice"] }),
  );
  if (!ownedBy(subscription, user.id, row)) throw new BillingError(402, "No payment was found for your account.");
  if (!isPaidAndActive(subscription)) {
    await applyStripeSubscription(user.id, subscription);
    throw new BillingError(402, "Your payment has not been completed yet, so Premium was not activated.");
  }
  await applyStripeSubscription(user.id, subscription);
  logEvent("premium_confirmed", { userId: user.id, subscription: subscription.id });
  return await getSubscriptionSummary(user);
}

/** No-JavaScript path: a Stripe Checkout page; returns its URL. */
export async function startCheckout(user: User, origin: string): Promise<string> {
  if (!paymentsEnabled()) throw new BillingError(503, PAYMENTS_OFF_MESSAGE);
  await requireNotPremium(user);
  const row = await getSubscription(user.id);
  const trialDays = await trialDaysFor(user.id, env.STRIPE_TRIAL_DAYS);
  const customer = await customerFor(user, row);
  const price = await premiumPriceId();
  const session = await call("checkout", (api) =>
    api.checkout.sessions.create({
      mode: "subscription",
      customer,
      line_items: [{ price, quantity: 1 }],
      client_reference_id: String(user.id),
      metadata: { userId: String(user.id) },
      // Checkout has its own promotion code field; a trial still collects a card for when it ends.
      allow_promotion_codes: true,
      subscription_data: { metadata: { userId: String(user.id) }, ...(trialDays > 0 ? { trial_period_days: trialDays } : {}) },
      success_url: `${origin}/upgrade/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${origin}/upgrade`,
    }),
  );
  if (!session.url) throw new BillingError(502, "The payment service did not return a checkout page. Please try again.");
  return session.url;
}

/** Back from Checkout: verifies the session belongs to this member and is paid. */
export async function completeCheckout(user: User, sessionId: string): Promise<SubscriptionSummary> {
  if (!paymentsEnabled()) throw new BillingError(503, PAYMENTS_OFF_MESSAGE);
  if (!/^cs_[A-Za-z0-9_]+$/.test(sessionId)) throw new BillingError(400, "That checkout session is not valid.");
  const session = await call("retrieve checkout", (api) =>
    api.checkout.sessions.retrieve(sessionId, { expand: ["subscription", "subscription.latest_invoice"] }),
  );
  if (session.client_reference_id !== String(user.id)) throw new BillingError(403, "That checkout session belongs to another account.");
  const subscription = typeof session.subscription === "object" ? session.subscription : null;
  // A trial (or a 100% discount) completes with nothing to pay: "no_payment_required".
  const settled = session.payment_status === "paid" || session.payment_status === "no_payment_required";
  if (session.status !== "complete" || !settled || !subscription || !isPaidAndActive(subscription)) {
    throw new BillingError(402, "Your payment has not been completed yet, so Premium was not activated.");
  }
  await applyStripeSubscription(user.id, subscription);
  return await getSubscriptionSummary(user);
}

/** Cancels at the end of the paid period (or undoes that), through Stripe. */
export async function setCancelAtPeriodEnd(user: User, cancel: boolean): Promise<SubscriptionSummary> {
  const row = await getSubscription(user.id);
  if (!row?.stripeSubscriptionId || row.isComped || row.plan !== "premium" || row.status !== "active") {
    throw new BillingError(409, "You have no paid subscription to change. Premium granted by the academy is managed by an administrator.");
  }
  const subscription = await call("update subscription", (api) =>
    api.subscriptions.update(row.stripeSubscriptionId as string, { cancel_at_period_end: cancel }),
  );
  await applyStripeSubscription(user.id, subscription);
  logEvent("subscription_cancel_at_period_end", { userId: user.id, cancel });
  return await getSubscriptionSummary(user);
}

/**
 * Admin grant/revoke. Granting Premium to a member who pays for it changes
 * nothing; otherwise any Stripe subscription still billing them (active, past
 * due or unpaid) is cancelled first, so nobody pays for nothing or twice.
 */
export async function adminChangeSubscription(userId: number, input: AdminSubscriptionInput): Promise<SubscriptionRow> {
  const row = await getSubscription(userId);
  const billing = row?.stripeSubscriptionId && !row.isComped && ["active", "past_due", "incomplete"].includes(row.status);
  const keepsPaidPlan = input.plan === "premium" && input.status === "active" && row?.plan === "premium" && row.status === "active";
  if (billing && !keepsPaidPlan && paymentsEnabled()) {
    await call("cancel subscription", (api) => api.subscriptions.cancel(row.stripeSubscriptionId as string));
  }
  return await adminSetSubscription(userId, input);
}

function subscriptionIdOf(event: Stripe.Event): string | null {
  const object = event.data.object as unknown as Record<string, unknown>;
  switch (event.type) {
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      return String(object.id);
    case "invoice.paid":
    case "invoice.payment_succeeded":
    case "invoice.payment_failed": {
      const invoice = event.data.object as Stripe.Invoice;
      const sub = invoice.parent?.subscription_details?.subscription;
      return sub ? (typeof sub === "string" ? sub : sub.id) : null;
    }
    case "checkout.session.completed": {
      const sub = (event.data.object as Stripe.Checkout.Session).subscription;
      return sub ? (typeof sub === "string" ? sub : sub.id) : null;
    }
    default:
      return null;
  }
}

export type WebhookOutcome = "applied" | "duplicate" | "ignored";

/**
 * Verifies the signature on the raw body, then brings the member's row in
 * line with Stripe's current view of the subscription (fetched, so events
 * arriving out of order cannot leave stale data). Each event id is applied once.
 */
export async function handleWebhook(rawBody: Buffer, signature: string | null): Promise<WebhookOutcome> {
  if (!paymentsEnabled() || !env.STRIPE_WEBHOOK_SECRET) throw new BillingError(503, "Stripe webhooks are not configured.");
  let event: Stripe.Event;
  try {
    event = stripe().webhooks.constructEvent(rawBody, signature ?? "", env.STRIPE_WEBHOOK_SECRET);
  } catch {
    throw new BillingError(400, "Webhook signature verification failed.");
  }
  if (await first(db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, event.id)).limit(1))) return "duplicate";

  const subscriptionId = subscriptionIdOf(event);
  let subscription: Stripe.Subscription | null = null;
  if (subscriptionId) {
    try {
      subscription = await stripe().subscriptions.retrieve(subscriptionId, { expand: ["latest_invoice"] });
    } catch (error) {
      // A subscription Stripe does not know (another account, test data): nothing to apply.
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404)) {
        throw billingFailure(error, "retrieve subscription");
      }
    }
  }
  return await withTransaction(async () => {
    const fresh = changes(await db.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing()) === 1;
    if (!fresh) return "duplicate";
    if (!subscription) return "ignored";
    const userId = await ownerOf(subscription, event);
    if (userId === null) {
      logEvent("stripe_event_unmatched", { event: event.id, subscription: subscription.id });
      return "ignored";
    }
    // Only the member's current subscription, or a newly paid one, may change their plan: events of
    // an abandoned or replaced subscription must not overwrite it (nor a Premium an admin granted).
    const isCurrent = (await getSubscription(userId))?.stripeSubscriptionId === subscription.id;
    if (!isCurrent && academyStatus(subscription) !== "active") return "ignored";
    await applyStripeSubscription(userId, subscription);
    logEvent("stripe_event_applied", { event: event.id, type: event.type, userId, status: subscription.status });
    return "applied";
  });
}

async function ownerOf(subscription: Stripe.Subscription, event: Stripe.Event): Promise<number | null> {
  const linked = await getSubscriptionByStripeId(subscription.id);
  if (linked) return linked.userId;
  const hinted =
    subscription.metadata.userId ??
    (event.type === "checkout.session.completed" ? (event.data.object as Stripe.Checkout.Session).client_reference_id : null);
  const id = Number(hinted);
  if (!Number.isInteger(id) || id <= 0) return null;
  const member = await first(db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1));
  return member ? member.id : null;
}

/** A BillingError as the JSON API's `{ message }` answer; anything else is rethrown. */
export function billingErrorResponse(error: unknown): Response {
  if (error instanceof BillingError) return Response.json({ message: error.message }, { status: error.status });
  throw error;
}
