import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

// A small stand-in for the Stripe API on 127.0.0.1, implementing only the calls
// the academy makes (app/models/billing/billing.server.ts), so tests drive our real
// code through the real `stripe` SDK (pointed here with STRIPE_API_URL).
//
// Besides /v1/*, it serves:
//   - POST /v1/payment_intents/{id}/confirm — what the browser stand-in for
//     Stripe.js calls; card 4000000000000002 is declined, anything else pays.
//   - /checkout/{id} — a hosted "Checkout" page whose Pay button completes the
//     session and redirects to its success_url (for the no-JavaScript upgrade).
//   - POST /v1/setup_intents/{id}/confirm — the same for a trial's SetupIntent
//     (the card is saved for when the trial ends; the declined card fails).
//   - /__fake/* — test controls: pay a subscription, end its trial paid or
//     unpaid, change its state, read state.
//
// Like Stripe: a subscription created with trial_period_days starts "trialing"
// with a $0 paid invoice and a pending_setup_intent instead of a PaymentIntent;
// Checkout with a trial completes with payment_status "no_payment_required";
// a promotion code's coupon lowers the invoices it covers (once: the first
// invoice, repeating: the first N, forever: all).
//
// Run on its own (Playwright): `tsx tests/fakes/fake-stripe.ts --port 4174`.

export const DECLINED_CARD = "4000000000000002";
const DAY = 24 * 60 * 60;

type Obj = Record<string, unknown> & { id: string };

interface SubscriptionRecord {
  id: string;
  customer: string;
  price: string;
  status: string;
  cancel_at_period_end: boolean;
  current_period_start: number;
  current_period_end: number;
  metadata: Record<string, string>;
  latest_invoice: string;
  created: number;
  trial_start: number | null;
  trial_end: number | null;
  default_payment_method: string | null;
  pending_setup_intent: string | null;
  /** The promotion code applied, and how many invoices its coupon has lowered so far. */
  promotion_code: string | null;
  discounted_invoices: number;
}

interface InvoiceRecord {
  id: string;
  subscription: string;
  status: "open" | "paid" | "void";
  subtotal: number;
  amount_due: number;
  payment_intent: string | null;
  billing_reason: "subscription_create" | "subscription_cycle";
}

interface SetupIntentRecord {
  id: string;
  client_secret: string;
  status: "requires_payment_method" | "succeeded";
  subscription: string;
}

interface CouponRecord {
  id: string;
  percent_off: number | null;
  amount_off: number | null;
  currency: string | null;
  duration: "once" | "repeating" | "forever";
  duration_in_months: number | null;
  name: string | null;
  created: number;
}

interface PromotionCodeRecord {
  id: string;
  code: string;
  coupon: string;
  active: boolean;
  max_redemptions: number | null;
  expires_at: number | null;
  times_redeemed: number;
  created: number;
}

interface PaymentIntentRecord {
  id: string;
  client_secret: string;
  status: string;
  invoice: string;
  amount: number;
}

interface CheckoutSessionRecord {
  id: string;
  customer: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  price: string;
  success_url: string;
  cancel_url: string;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid" | "no_payment_required";
  subscription: string | null;
  allow_promotion_codes: boolean;
  trial_period_days: number | null;
  subscription_metadata: Record<string, string>;
}

export interface FakeStripeState {
  customers: Map<string, Obj>;
  prices: Map<string, Obj>;
  subscriptions: Map<string, SubscriptionRecord>;
  invoices: Map<string, InvoiceRecord>;
  paymentIntents: Map<string, PaymentIntentRecord>;
  checkoutSessions: Map<string, CheckoutSessionRecord>;
  setupIntents: Map<string, SetupIntentRecord>;
  coupons: Map<string, CouponRecord>;
  promotionCodes: Map<string, PromotionCodeRecord>;
  requests: { method: string; path: string; params: Record<string, string> }[];
}

export interface FakeStripe {
  url: string;
  port: number;
  state: FakeStripeState;
  /** Pays the subscription's open invoice, as a successful card payment would. */
  pay(subscriptionId: string): SubscriptionRecord;
  /** The trial ends now: the first real invoice is paid with the saved card, or fails (→ past_due). */
  endTrial(subscriptionId: string, outcome: "paid" | "unpaid"): SubscriptionRecord;
  subscriptionFor(customerId: string): SubscriptionRecord | undefined;
  /** The subscription object as Stripe's API returns it. */
  subscriptionObject(subscriptionId: string): Obj;
  stop(): Promise<void>;
}

const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${crypto.randomBytes(10).toString("hex")}`;

/** Stripe's form encoding flattened: "items[0][price]" → value. */
function flatParams(body: string, query: URLSearchParams): Map<string, string> {
  const params = new Map<string, string>();
  for (const [key, value] of query) params.set(key, value);
  for (const [key, value] of new URLSearchParams(body)) params.set(key, value);
  return params;
}

function prefixed(params: Map<string, string>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of params) {
    const match = key.match(new RegExp(`^${prefix.replace(/[[\]]/g, "\\$&")}\\[([^\\]]+)\\]$`));
    if (match?.[1]) out[match[1]] = value;
  }
  return out;
}

function expands(params: Map<string, string>): string[] {
  return [...params].filter(([key]) => key.startsWith("expand[")).map(([, value]) => value);
}

export async function startFakeStripe(options: { port?: number } = {}): Promise<FakeStripe> {
  const state: FakeStripeState = {
    customers: new Map(),
    prices: new Map(),
    subscriptions: new Map(),
    invoices: new Map(),
    paymentIntents: new Map(),
    checkoutSessions: new Map(),
    setupIntents: new Map(),
    coupons: new Map(),
    promotionCodes: new Map(),
    requests: [],
  };
  let baseUrl = "";

  function invoiceObject(id: string, withSecret: boolean): Obj {
    const invoice = state.invoices.get(id);
    if (!invoice) throw new Error(`no invoice ${id}`);
    const intent = invoice.payment_intent ? state.paymentIntents.get(invoice.payment_intent) : undefined;
    return {
      id,
      object: "invoice",
      status: invoice.status,
      billing_reason: invoice.billing_reason,
      subtotal: invoice.subtotal,
      total: invoice.amount_due,
      amount_due: invoice.amount_due,
      amount_paid: invoice.status === "paid" ? invoice.amount_due : 0,
      currency: "usd",
      parent: { type: "subscription_details", subscription_details: { subscription: invoice.subscription } },
      ...(withSecret ? { confirmation_secret: intent ? { client_secret: intent.client_secret, type: "payment_intent" } : null } : {}),
    };
  }

  function subscriptionObject(id: string, expand: string[] = []): Obj {
    const sub = state.subscriptions.get(id);
    if (!sub) throw new Error(`no subscription ${id}`);
    const expandInvoice = expand.some((path) => path.startsWith("latest_invoice"));
    const price = state.prices.get(sub.price);
    const setupIntent = sub.pending_setup_intent ? state.setupIntents.get(sub.pending_setup_intent) : undefined;
    return {
      id: sub.id,
      object: "subscription",
      customer: sub.customer,
      status: sub.status,
      cancel_at_period_end: sub.cancel_at_period_end,
      created: sub.created,
      start_date: sub.created,
      metadata: sub.metadata,
      trial_start: sub.trial_start,
      trial_end: sub.trial_end,
      default_payment_method: sub.default_payment_method,
      discounts: sub.promotion_code ? [`di_${sub.id.slice(4)}`] : [],
      pending_setup_intent:
        setupIntent && expand.includes("pending_setup_intent")
          ? { id: setupIntent.id, object: "setup_intent", status: setupIntent.status, client_secret: setupIntent.client_secret }
          : (setupIntent?.id ?? null),
      items: {
        object: "list",
        data: [
          {
            id: `si_${sub.id.slice(4)}`,
            object: "subscription_item",
            price: price ?? { id: sub.price },
            quantity: 1,
            current_period_start: sub.current_period_start,
            current_period_end: sub.current_period_end,
          },
        ],
      },
      latest_invoice: expandInvoice
        ? invoiceObject(sub.latest_invoice, expand.includes("latest_invoice.confirmation_secret"))
        : sub.latest_invoice,
    };
  }

  /** What the coupon of the subscription's promotion code takes off its next invoice (then counts that invoice). */
  function discountFor(sub: SubscriptionRecord, subtotal: number): number {
    const promotion = sub.promotion_code ? state.promotionCodes.get(sub.promotion_code) : undefined;
    const coupon = promotion ? state.coupons.get(promotion.coupon) : undefined;
    if (!coupon) return 0;
    const covers = coupon.duration === "forever" ? Infinity : coupon.duration === "once" ? 1 : (coupon.duration_in_months ?? 1);
    if (sub.discounted_invoices >= covers) return 0;
    sub.discounted_invoices += 1;
    const off = coupon.percent_off !== null ? Math.round((subtotal * coupon.percent_off) / 100) : (coupon.amount_off ?? 0);
    return Math.min(subtotal, off);
  }

  /** A new invoice for the subscription: $0 and paid during a trial, else open with a PaymentIntent to confirm. */
  function createInvoice(sub: SubscriptionRecord, billingReason: InvoiceRecord["billing_reason"], trial: boolean): InvoiceRecord {
    const priceObject = state.prices.get(sub.price);
    const subtotal = trial ? 0 : Number(priceObject?.unit_amount ?? 0);
    const amount = subtotal - discountFor(sub, subtotal);
    const invoiceId = newId("in");
    let intentId: string | null = null;
    if (amount > 0) {
      intentId = newId("pi");
      state.paymentIntents.set(intentId, {
        id: intentId,
        client_secret: `${intentId}_secret_${crypto.randomBytes(8).toString("hex")}`,
        status: "requires_payment_method",
        invoice: invoiceId,
        amount,
      });
    }
    const invoice: InvoiceRecord = { id: invoiceId, subscription: sub.id, status: amount > 0 ? "open" : "paid", subtotal, amount_due: amount, payment_intent: intentId, billing_reason: billingReason };
    state.invoices.set(invoiceId, invoice);
    sub.latest_invoice = invoiceId;
    return invoice;
  }

  /** Stripe's checks before a promotion code is applied; the messages are Stripe's kind. */
  function redeemablePromotionCode(id: string): PromotionCodeRecord {
    const promotion = state.promotionCodes.get(id);
    if (!promotion) throw new ApiError(400, "invalid_request_error", `No such promotion code: '${id}'`, "resource_missing");
    if (!promotion.active) throw new ApiError(400, "invalid_request_error", "This promotion code is not active.", "promotion_code_inactive");
    if (promotion.expires_at !== null && promotion.expires_at <= now()) throw new ApiError(400, "invalid_request_error", "This promotion code has expired.", "promotion_code_expired");
    if (promotion.max_redemptions !== null && promotion.times_redeemed >= promotion.max_redemptions) {
      throw new ApiError(400, "invalid_request_error", "This promotion code has been redeemed the maximum number of times.", "promotion_code_max_redemptions");
    }
    return promotion;
  }

  function createSubscription(
    customer: string,
    price: string,
    metadata: Record<string, string>,
    options: { trialDays?: number | null; promotionCode?: string | null; paymentMethod?: string | null } = {},
  ): SubscriptionRecord {
    if (!state.prices.has(price)) throw new ApiError(400, "invalid_request_error", `No such price: '${price}'`);
    const promotion = options.promotionCode ? redeemablePromotionCode(options.promotionCode) : null;
    const trialEnd = options.trialDays ? now() + options.trialDays * DAY : null;
    const id = newId("sub");
    const record: SubscriptionRecord = {
      id,
      customer,
      price,
      status: "incomplete",
      cancel_at_period_end: false,
      current_period_start: now(),
      current_period_end: trialEnd ?? now() + 30 * DAY,
      metadata,
      latest_invoice: "",
      created: now(),
      trial_start: trialEnd ? now() : null,
      trial_end: trialEnd,
      default_payment_method: options.paymentMethod ?? null,
      pending_setup_intent: null,
      promotion_code: promotion?.id ?? null,
      discounted_invoices: 0,
    };
    if (promotion) promotion.times_redeemed += 1;
    state.subscriptions.set(id, record);
    const first = createInvoice(record, "subscription_create", trialEnd !== null);
    if (trialEnd !== null || first.amount_due === 0) {
      // Nothing to pay now (a trial, or a 100% discount): the subscription starts at once, and a SetupIntent collects the card for later.
      record.status = trialEnd !== null ? "trialing" : "active";
      if (!record.default_payment_method) {
        const setupId = newId("seti");
        state.setupIntents.set(setupId, { id: setupId, client_secret: `${setupId}_secret_${crypto.randomBytes(8).toString("hex")}`, status: "requires_payment_method", subscription: id });
        record.pending_setup_intent = setupId;
      }
    }
    return record;
  }

  function pay(subscriptionId: string): SubscriptionRecord {
    const sub = state.subscriptions.get(subscriptionId);
    if (!sub) throw new Error(`no subscription ${subscriptionId}`);
    const invoice = state.invoices.get(sub.latest_invoice);
    if (invoice) {
      invoice.status = "paid";
      const intent = invoice.payment_intent ? state.paymentIntents.get(invoice.payment_intent) : undefined;
      if (intent) intent.status = "succeeded";
    }
    sub.status = "active";
    sub.current_period_start = now();
    sub.current_period_end = now() + 30 * DAY;
    return sub;
  }

  function endTrial(subscriptionId: string, outcome: "paid" | "unpaid"): SubscriptionRecord {
    const sub = state.subscriptions.get(subscriptionId);
    if (!sub) throw new Error(`no subscription ${subscriptionId}`);
    if (sub.status !== "trialing") throw new ApiError(400, "invalid_request_error", "The subscription is not trialing.");
    sub.trial_end = now();
    const invoice = createInvoice(sub, "subscription_cycle", false);
    sub.current_period_start = now();
    sub.current_period_end = now() + 30 * DAY;
    if (invoice.status === "paid" || (outcome === "paid" && sub.default_payment_method)) {
      invoice.status = "paid";
      const intent = invoice.payment_intent ? state.paymentIntents.get(invoice.payment_intent) : undefined;
      if (intent) intent.status = "succeeded";
      sub.status = "active";
    } else {
      // No card saved, or the card was refused: the invoice stays open and the subscription falls past due.
      sub.status = "past_due";
    }
    return sub;
  }

  function route(method: string, path: string, params: Map<string, string>, authorized: boolean): { status: number; body: unknown } | { redirect: string } | { html: string } {
    let match: RegExpMatchArray | null;
    const requireKey = () => {
      if (!authorized) throw new ApiError(401, "invalid_request_error", "Invalid API Key provided");
    };

    if (method === "GET" && path === "/v1/prices") {
      requireKey();
      const keys = [...params].filter(([key]) => key.startsWith("lookup_keys[")).map(([, value]) => value);
      const data = [...state.prices.values()].filter((price) => keys.length === 0 || keys.includes(String(price.lookup_key)));
      return { status: 200, body: { object: "list", data, has_more: false, url: "/v1/prices" } };
    }
    if (method === "POST" && path === "/v1/prices") {
      requireKey();
      const product = prefixed(params, "product_data");
      const recurring = prefixed(params, "recurring");
      const price = {
        id: newId("price"),
        object: "price",
        active: true,
        currency: params.get("currency") ?? "usd",
        unit_amount: Number(params.get("unit_amount") ?? 0),
        recurring: { interval: recurring.interval ?? "month" },
        lookup_key: params.get("lookup_key") ?? null,
        product: { id: newId("prod"), name: product.name ?? "" },
      };
      state.prices.set(price.id, price);
      return { status: 200, body: price };
    }
    if (method === "GET" && (match = path.match(/^\/v1\/prices\/([\w-]+)$/))) {
      requireKey();
      const price = state.prices.get(match[1] ?? "");
      if (!price) throw new ApiError(404, "invalid_request_error", `No such price: '${match[1]}'`);
      return { status: 200, body: price };
    }
    if (method === "POST" && path === "/v1/customers") {
      requireKey();
      const customer = { id: newId("cus"), object: "customer", email: params.get("email") ?? null, name: params.get("name") ?? null, metadata: prefixed(params, "metadata") };
      state.customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === "POST" && path === "/v1/subscriptions") {
      requireKey();
      const customer = params.get("customer") ?? "";
      if (!state.customers.has(customer)) throw new ApiError(400, "invalid_request_error", `No such customer: '${customer}'`);
      if (params.get("payment_behavior") !== "default_incomplete") {
        throw new ApiError(400, "invalid_request_error", "This fake only supports payment_behavior=default_incomplete");
      }
      const trialDays = params.has("trial_period_days") ? Number(params.get("trial_period_days")) : null;
      if (trialDays !== null && (!Number.isInteger(trialDays) || trialDays < 0 || trialDays > 730)) {
        throw new ApiError(400, "invalid_request_error", "Invalid trial_period_days: must be an integer between 0 and 730");
      }
      const sub = createSubscription(customer, params.get("items[0][price]") ?? "", prefixed(params, "metadata"), {
        trialDays,
        promotionCode: params.get("discounts[0][promotion_code]") ?? null,
      });
      return { status: 200, body: subscriptionObject(sub.id, expands(params)) };
    }
    if ((match = path.match(/^\/v1\/subscriptions\/([\w-]+)$/))) {
      requireKey();
      const sub = state.subscriptions.get(match[1] ?? "");
      if (!sub) throw new ApiError(404, "invalid_request_error", `No such subscription: '${match[1]}'`);
      if (method === "POST") {
        const cancel = params.get("cancel_at_period_end");
        if (cancel !== undefined) sub.cancel_at_period_end = cancel === "true";
      } else if (method === "DELETE") {
        sub.status = "canceled";
      }
      return { status: 200, body: subscriptionObject(sub.id, expands(params)) };
    }
    if (method === "POST" && (match = path.match(/^\/v1\/payment_intents\/([\w-]+)\/confirm$/))) {
      // Called by the browser with a publishable key, like Stripe.js does.
      const key = params.get("key") ?? "";
      if (!key.startsWith("pk_")) throw new ApiError(401, "invalid_request_error", "Invalid publishable key");
      const intent = state.paymentIntents.get(match[1] ?? "");
      if (!intent || intent.client_secret !== params.get("client_secret")) {
        throw new ApiError(404, "invalid_request_error", "No such payment_intent");
      }
      if ((params.get("card_number") ?? "").replace(/\s/g, "") === DECLINED_CARD) {
        throw new ApiError(402, "card_error", "Your card was declined.", "card_declined");
      }
      const invoice = state.invoices.get(intent.invoice);
      if (invoice) pay(invoice.subscription);
      return { status: 200, body: { id: intent.id, object: "payment_intent", status: "succeeded", amount: intent.amount } };
    }
    if (method === "POST" && (match = path.match(/^\/v1\/setup_intents\/([\w-]+)\/confirm$/))) {
      const key = params.get("key") ?? "";
      if (!key.startsWith("pk_")) throw new ApiError(401, "invalid_request_error", "Invalid publishable key");
      const intent = state.setupIntents.get(match[1] ?? "");
      if (!intent || intent.client_secret !== params.get("client_secret")) {
        throw new ApiError(404, "invalid_request_error", "No such setup_intent");
      }
      if ((params.get("card_number") ?? "").replace(/\s/g, "") === DECLINED_CARD) {
        throw new ApiError(402, "card_error", "Your card was declined.", "card_declined");
      }
      intent.status = "succeeded";
      // payment_settings.save_default_payment_method=on_subscription: the card becomes the subscription's.
      const sub = state.subscriptions.get(intent.subscription);
      if (sub) sub.default_payment_method = newId("pm");
      return { status: 200, body: { id: intent.id, object: "setup_intent", status: "succeeded" } };
    }
    if (method === "POST" && path === "/v1/coupons") {
      requireKey();
      const percentOff = params.has("percent_off") ? Number(params.get("percent_off")) : null;
      const amountOff = params.has("amount_off") ? Number(params.get("amount_off")) : null;
      const duration = params.get("duration") ?? "once";
      if ((percentOff === null) === (amountOff === null)) throw new ApiError(400, "invalid_request_error", "You must pass exactly one of percent_off or amount_off.");
      if (percentOff !== null && !(percentOff > 0 && percentOff <= 100)) throw new ApiError(400, "invalid_request_error", "Invalid percent_off: must be greater than 0 and at most 100");
      if (amountOff !== null && !(Number.isInteger(amountOff) && amountOff > 0)) throw new ApiError(400, "invalid_request_error", "Invalid amount_off: must be a positive integer");
      if (amountOff !== null && !params.get("currency")) throw new ApiError(400, "invalid_request_error", "You must pass a currency when passing amount_off.");
      if (duration !== "once" && duration !== "repeating" && duration !== "forever") throw new ApiError(400, "invalid_request_error", `Invalid duration: ${duration}`);
      const months = params.has("duration_in_months") ? Number(params.get("duration_in_months")) : null;
      if (duration === "repeating" && !(months && Number.isInteger(months) && months > 0)) {
        throw new ApiError(400, "invalid_request_error", "You must pass duration_in_months when duration is repeating.");
      }
      const coupon: CouponRecord = {
        id: newId("coupon"),
        percent_off: percentOff,
        amount_off: amountOff,
        currency: amountOff !== null ? (params.get("currency") ?? null) : null,
        duration,
        duration_in_months: duration === "repeating" ? months : null,
        name: params.get("name") ?? null,
        created: now(),
      };
      state.coupons.set(coupon.id, coupon);
      return { status: 200, body: couponObject(coupon.id) };
    }
    if (method === "POST" && path === "/v1/promotion_codes") {
      requireKey();
      const couponId = params.get("promotion[coupon]") ?? "";
      if (params.get("promotion[type]") !== "coupon") throw new ApiError(400, "invalid_request_error", "Missing required param: promotion[type].");
      if (!state.coupons.has(couponId)) throw new ApiError(400, "invalid_request_error", `No such coupon: '${couponId}'`, "resource_missing");
      const code = params.get("code") ?? crypto.randomBytes(4).toString("hex").toUpperCase();
      if (!/^[A-Za-z0-9-]+$/.test(code)) throw new ApiError(400, "invalid_request_error", "Invalid code: only letters, digits and dashes are allowed.");
      if ([...state.promotionCodes.values()].some((other) => other.active && other.code.toLowerCase() === code.toLowerCase())) {
        throw new ApiError(400, "invalid_request_error", "An active promotion code with `code: " + code + "` already exists.", "resource_already_exists");
      }
      const expiresAt = params.has("expires_at") ? Number(params.get("expires_at")) : null;
      if (expiresAt !== null && expiresAt <= now()) throw new ApiError(400, "invalid_request_error", "Invalid expires_at: must be in the future");
      const maxRedemptions = params.has("max_redemptions") ? Number(params.get("max_redemptions")) : null;
      if (maxRedemptions !== null && !(Number.isInteger(maxRedemptions) && maxRedemptions > 0)) throw new ApiError(400, "invalid_request_error", "Invalid max_redemptions: must be a positive integer");
      const promotion: PromotionCodeRecord = {
        id: newId("promo"),
        code,
        coupon: couponId,
        active: params.get("active") !== "false",
        max_redemptions: maxRedemptions,
        expires_at: expiresAt,
        times_redeemed: 0,
        created: now(),
      };
      state.promotionCodes.set(promotion.id, promotion);
      return { status: 200, body: promotionCodeObject(promotion.id, expands(params)) };
    }
    if (method === "GET" && path === "/v1/promotion_codes") {
      requireKey();
      const code = params.get("code");
      const active = params.get("active");
      const limit = Math.min(100, Number(params.get("limit") ?? 10));
      // Newest first, the code compared without regard to case, as Stripe does.
      const found = [...state.promotionCodes.values()]
        .filter((promotion) => (code === undefined || promotion.code.toLowerCase() === code.toLowerCase()) && (active === undefined || String(promotion.active) === active))
        .reverse();
      const expand = expands(params).filter((path) => path.startsWith("data.")).map((path) => path.slice("data.".length));
      return { status: 200, body: { object: "list", data: found.slice(0, limit).map((promotion) => promotionCodeObject(promotion.id, expand)), has_more: found.length > limit, url: "/v1/promotion_codes" } };
    }
    if ((match = path.match(/^\/v1\/promotion_codes\/([\w-]+)$/))) {
      requireKey();
      const promotion = state.promotionCodes.get(match[1] ?? "");
      if (!promotion) throw new ApiError(404, "invalid_request_error", `No such promotion code: '${match[1]}'`, "resource_missing");
      if (method === "POST" && params.has("active")) promotion.active = params.get("active") === "true";
      return { status: 200, body: promotionCodeObject(promotion.id, expands(params)) };
    }
    if (method === "POST" && path === "/v1/checkout/sessions") {
      requireKey();
      const session: CheckoutSessionRecord = {
        id: newId("cs_test"),
        customer: params.get("customer") ?? null,
        client_reference_id: params.get("client_reference_id") ?? null,
        metadata: prefixed(params, "metadata"),
        price: params.get("line_items[0][price]") ?? "",
        success_url: params.get("success_url") ?? "",
        cancel_url: params.get("cancel_url") ?? "",
        status: "open",
        payment_status: "unpaid",
        subscription: null,
        allow_promotion_codes: params.get("allow_promotion_codes") === "true",
        trial_period_days: params.has("subscription_data[trial_period_days]") ? Number(params.get("subscription_data[trial_period_days]")) : null,
        subscription_metadata: prefixed(params, "subscription_data[metadata]"),
      };
      if (params.get("mode") !== "subscription") throw new ApiError(400, "invalid_request_error", "mode must be subscription");
      if (!state.prices.has(session.price)) throw new ApiError(400, "invalid_request_error", `No such price: '${session.price}'`);
      state.checkoutSessions.set(session.id, session);
      return { status: 200, body: checkoutObject(session, []) };
    }
    if (method === "GET" && (match = path.match(/^\/v1\/checkout\/sessions\/([\w-]+)$/))) {
      requireKey();
      const session = state.checkoutSessions.get(match[1] ?? "");
      if (!session) throw new ApiError(404, "invalid_request_error", `No such checkout.session: '${match[1]}'`);
      return { status: 200, body: checkoutObject(session, expands(params)) };
    }
    if (method === "GET" && (match = path.match(/^\/checkout\/([\w-]+)$/))) {
      const session = state.checkoutSessions.get(match[1] ?? "");
      if (!session) return { status: 404, body: { error: { message: "No such session" } } };
      const error = params.get("error");
      const trial = session.trial_period_days ? `<p data-testid="checkout-trial">${session.trial_period_days}-day free trial: $0.00 due today</p>` : "";
      const promotion = session.allow_promotion_codes ? `<label>Add promotion code <input name="promotion_code" autocomplete="off"></label>` : "";
      return {
        html: `<!doctype html><title>Fake Checkout</title><h1>Academy Premium — $9.99 per month</h1>${trial}
${error ? `<p role="alert">${error.replace(/[<>&"]/g, "")}</p>` : ""}
<form method="post" action="/checkout/${session.id}/pay">${promotion}<button type="submit">${session.trial_period_days ? "Start trial" : "Pay and subscribe"}</button></form>
<a href="${session.cancel_url}">Back</a>`,
      };
    }
    if (method === "POST" && (match = path.match(/^\/checkout\/([\w-]+)\/pay$/))) {
      const session = state.checkoutSessions.get(match[1] ?? "");
      if (!session || session.status !== "open") return { status: 404, body: { error: { message: "No open session" } } };
      if (!session.customer) {
        const customer = { id: newId("cus"), object: "customer", email: null, name: null, metadata: {} };
        state.customers.set(customer.id, customer);
        session.customer = customer.id;
      }
      const typed = (params.get("promotion_code") ?? "").trim();
      let promotionCode: string | null = null;
      if (typed && session.allow_promotion_codes) {
        const found = [...state.promotionCodes.values()].find((promotion) => promotion.active && promotion.code.toLowerCase() === typed.toLowerCase());
        try {
          if (!found) throw new ApiError(400, "invalid_request_error", "This code is invalid.");
          promotionCode = redeemablePromotionCode(found.id).id;
        } catch (error) {
          return { redirect: `/checkout/${session.id}?error=${encodeURIComponent(error instanceof Error ? error.message : "This code is invalid.")}` };
        }
      }
      // Checkout always collects a card, so a trial's subscription has one for when the trial ends.
      const created = createSubscription(session.customer, session.price, { ...session.metadata, ...session.subscription_metadata }, {
        trialDays: session.trial_period_days,
        promotionCode,
        paymentMethod: newId("pm"),
      });
      const sub = created.status === "trialing" || state.invoices.get(created.latest_invoice)?.status === "paid" ? created : pay(created.id);
      session.subscription = sub.id;
      session.status = "complete";
      session.payment_status = state.invoices.get(sub.latest_invoice)?.amount_due === 0 ? "no_payment_required" : "paid";
      return { redirect: session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id) };
    }

    // Test controls.
    if (method === "POST" && (match = path.match(/^\/__fake\/subscriptions\/([\w-]+)\/pay$/))) {
      return { status: 200, body: subscriptionObject(pay(match[1] ?? "").id) };
    }
    if (method === "POST" && (match = path.match(/^\/__fake\/subscriptions\/([\w-]+)\/end-trial$/))) {
      const outcome = params.get("outcome") === "unpaid" ? "unpaid" : "paid";
      return { status: 200, body: subscriptionObject(endTrial(match[1] ?? "", outcome).id, ["latest_invoice"]) };
    }
    if (method === "POST" && (match = path.match(/^\/__fake\/subscriptions\/([\w-]+)$/))) {
      const sub = state.subscriptions.get(match[1] ?? "");
      if (!sub) return { status: 404, body: { error: { message: "no such subscription" } } };
      if (params.has("status")) sub.status = params.get("status") ?? sub.status;
      if (params.has("current_period_end")) sub.current_period_end = Number(params.get("current_period_end"));
      if (params.has("cancel_at_period_end")) sub.cancel_at_period_end = params.get("cancel_at_period_end") === "true";
      return { status: 200, body: subscriptionObject(sub.id) };
    }
    if (method === "GET" && path === "/__fake/subscriptions") {
      return { status: 200, body: [...state.subscriptions.keys()].map((id) => subscriptionObject(id)) };
    }
    return { status: 404, body: { error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path})` } } };
  }

  function couponObject(id: string): Obj {
    const coupon = state.coupons.get(id);
    if (!coupon) throw new Error(`no coupon ${id}`);
    const redeemed = [...state.promotionCodes.values()].filter((promotion) => promotion.coupon === id).reduce((sum, promotion) => sum + promotion.times_redeemed, 0);
    return { ...coupon, object: "coupon", max_redemptions: null, redeem_by: null, times_redeemed: redeemed, valid: true, metadata: {} };
  }

  function promotionCodeObject(id: string, expand: string[]): Obj {
    const promotion = state.promotionCodes.get(id);
    if (!promotion) throw new Error(`no promotion code ${id}`);
    return {
      id: promotion.id,
      object: "promotion_code",
      active: promotion.active,
      code: promotion.code,
      created: promotion.created,
      customer: null,
      expires_at: promotion.expires_at,
      livemode: false,
      max_redemptions: promotion.max_redemptions,
      metadata: {},
      // Since API version 2025-09-30 the coupon sits under `promotion`.
      promotion: { type: "coupon", coupon: expand.includes("promotion.coupon") ? couponObject(promotion.coupon) : promotion.coupon },
      restrictions: { first_time_transaction: false, minimum_amount: null, minimum_amount_currency: null },
      times_redeemed: promotion.times_redeemed,
    };
  }

  function checkoutObject(session: CheckoutSessionRecord, expand: string[]): Obj {
    const subscription =
      session.subscription && expand.some((path) => path.startsWith("subscription"))
        ? subscriptionObject(session.subscription, expand.filter((path) => path.startsWith("subscription.")).map((path) => path.slice("subscription.".length)))
        : session.subscription;
    return {
      id: session.id,
      object: "checkout.session",
      mode: "subscription",
      url: `${baseUrl}/checkout/${session.id}`,
      customer: session.customer,
      client_reference_id: session.client_reference_id,
      metadata: session.metadata,
      status: session.status,
      payment_status: session.payment_status,
      allow_promotion_codes: session.allow_promotion_codes,
      success_url: session.success_url,
      cancel_url: session.cancel_url,
      subscription,
    };
  }

  const server = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const method = req.method ?? "GET";
      const params = flatParams(body, url.searchParams);
      state.requests.push({ method, path: url.pathname, params: Object.fromEntries(params) });
      // The browser stand-in for Stripe.js calls the confirm endpoint cross-origin.
      res.setHeader("Access-Control-Allow-Origin", "*");
      const authorized = /^Bearer (sk|rk)_/.test(req.headers.authorization ?? "");
      try {
        const result = route(method, url.pathname, params, authorized);
        if ("redirect" in result) {
          res.writeHead(303, { Location: result.redirect }).end();
        } else if ("html" in result) {
          res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(result.html);
        } else {
          res.writeHead(result.status, { "Content-Type": "application/json", "Request-Id": newId("req") }).end(JSON.stringify(result.body));
        }
      } catch (error) {
        const apiError = error instanceof ApiError ? error : new ApiError(500, "api_error", String(error));
        res
          .writeHead(apiError.status, { "Content-Type": "application/json", "Request-Id": newId("req") })
          .end(JSON.stringify({ error: { type: apiError.type, code: apiError.code, message: apiError.message } }));
      }
    });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  baseUrl = `http://127.0.0.1:${port}`;
  return {
    url: baseUrl,
    port,
    state,
    pay,
    endTrial,
    subscriptionFor: (customerId) => [...state.subscriptions.values()].reverse().find((sub) => sub.customer === customerId),
    subscriptionObject: (id) => subscriptionObject(id, ["latest_invoice"]),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

class ApiError extends Error {
  constructor(
    public status: number,
    public type: string,
    message: string,
    public code?: string,
  ) {
    super(message);
  }
}

if (process.argv[1]?.endsWith("fake-stripe.ts")) {
  const portFlag = process.argv.indexOf("--port");
  const port = portFlag > 0 ? Number(process.argv[portFlag + 1]) : 0;
  const fake = await startFakeStripe({ port });
  console.log(`fake Stripe listening on ${fake.url}`);
}
