import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

// A small stand-in for the Stripe API on 127.0.0.1, implementing only the calls
// the academy makes (app/models/billing.server.ts), so tests drive our real
// code through the real `stripe` SDK (pointed here with STRIPE_API_URL).
//
// Besides /v1/*, it serves:
//   - POST /v1/payment_intents/{id}/confirm — what the browser stand-in for
//     Stripe.js calls; card 4000000000000002 is declined, anything else pays.
//   - /checkout/{id} — a hosted "Checkout" page whose Pay button completes the
//     session and redirects to its success_url (for the no-JavaScript upgrade).
//   - /__fake/* — test controls: pay a subscription, change its state, read state.
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
}

interface InvoiceRecord {
  id: string;
  subscription: string;
  status: "open" | "paid" | "void";
  amount_due: number;
  payment_intent: string;
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
  payment_status: "unpaid" | "paid";
  subscription: string | null;
}

export interface FakeStripeState {
  customers: Map<string, Obj>;
  prices: Map<string, Obj>;
  subscriptions: Map<string, SubscriptionRecord>;
  invoices: Map<string, InvoiceRecord>;
  paymentIntents: Map<string, PaymentIntentRecord>;
  checkoutSessions: Map<string, CheckoutSessionRecord>;
  requests: { method: string; path: string }[];
}

export interface FakeStripe {
  url: string;
  port: number;
  state: FakeStripeState;
  /** Pays the subscription's open invoice, as a successful card payment would. */
  pay(subscriptionId: string): SubscriptionRecord;
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
    requests: [],
  };
  let baseUrl = "";

  function invoiceObject(id: string, withSecret: boolean): Obj {
    const invoice = state.invoices.get(id);
    if (!invoice) throw new Error(`no invoice ${id}`);
    const intent = state.paymentIntents.get(invoice.payment_intent);
    return {
      id,
      object: "invoice",
      status: invoice.status,
      amount_due: invoice.amount_due,
      amount_paid: invoice.status === "paid" ? invoice.amount_due : 0,
      currency: "usd",
      parent: { type: "subscription_details", subscription_details: { subscription: invoice.subscription } },
      ...(withSecret && intent ? { confirmation_secret: { client_secret: intent.client_secret, type: "payment_intent" } } : {}),
    };
  }

  function subscriptionObject(id: string, expand: string[] = []): Obj {
    const sub = state.subscriptions.get(id);
    if (!sub) throw new Error(`no subscription ${id}`);
    const expandInvoice = expand.some((path) => path.startsWith("latest_invoice"));
    const price = state.prices.get(sub.price);
    return {
      id: sub.id,
      object: "subscription",
      customer: sub.customer,
      status: sub.status,
      cancel_at_period_end: sub.cancel_at_period_end,
      created: sub.created,
      start_date: sub.created,
      metadata: sub.metadata,
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

  function createSubscription(customer: string, price: string, metadata: Record<string, string>): SubscriptionRecord {
    const priceObject = state.prices.get(price);
    if (!priceObject) throw new ApiError(400, "invalid_request_error", `No such price: '${price}'`);
    const id = newId("sub");
    const invoiceId = newId("in");
    const intentId = newId("pi");
    const amount = Number(priceObject.unit_amount ?? 0);
    state.paymentIntents.set(intentId, {
      id: intentId,
      client_secret: `${intentId}_secret_${crypto.randomBytes(8).toString("hex")}`,
      status: "requires_payment_method",
      invoice: invoiceId,
      amount,
    });
    state.invoices.set(invoiceId, { id: invoiceId, subscription: id, status: "open", amount_due: amount, payment_intent: intentId });
    const record: SubscriptionRecord = {
      id,
      customer,
      price,
      status: "incomplete",
      cancel_at_period_end: false,
      current_period_start: now(),
      current_period_end: now() + 30 * DAY,
      metadata,
      latest_invoice: invoiceId,
      created: now(),
    };
    state.subscriptions.set(id, record);
    return record;
  }

  function pay(subscriptionId: string): SubscriptionRecord {
    const sub = state.subscriptions.get(subscriptionId);
    if (!sub) throw new Error(`no subscription ${subscriptionId}`);
    const invoice = state.invoices.get(sub.latest_invoice);
    if (invoice) {
      invoice.status = "paid";
      const intent = state.paymentIntents.get(invoice.payment_intent);
      if (intent) intent.status = "succeeded";
    }
    sub.status = "active";
    sub.current_period_start = now();
    sub.current_period_end = now() + 30 * DAY;
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
      const sub = createSubscription(customer, params.get("items[0][price]") ?? "", prefixed(params, "metadata"));
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
      return {
        html: `<!doctype html><title>Fake Checkout</title><h1>Academy Premium — $9.99 per month</h1>
<form method="post" action="/checkout/${session.id}/pay"><button type="submit">Pay and subscribe</button></form>
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
      const sub = pay(createSubscription(session.customer, session.price, session.metadata).id);
      session.subscription = sub.id;
      session.status = "complete";
      session.payment_status = "paid";
      return { redirect: session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id) };
    }

    // Test controls.
    if (method === "POST" && (match = path.match(/^\/__fake\/subscriptions\/([\w-]+)\/pay$/))) {
      return { status: 200, body: subscriptionObject(pay(match[1] ?? "").id) };
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
      state.requests.push({ method, path: url.pathname });
      // The browser stand-in for Stripe.js calls the confirm endpoint cross-origin.
      res.setHeader("Access-Control-Allow-Origin", "*");
      const authorized = /^Bearer (sk|rk)_/.test(req.headers.authorization ?? "");
      try {
        const result = route(method, url.pathname, flatParams(body, url.searchParams), authorized);
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
