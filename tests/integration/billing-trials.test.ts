import { describe, expect, it } from "vitest";
import { newStudent, TEST_ADMIN, Visitor } from "./helpers";
import { deliverEvent, signedEvent, useAcademyWithFakeStripe } from "./stripe-events";

// STRIPE_TRIAL_DAYS: a new subscriber's first days are free through Stripe's own
// trial, once per member; the trial's end converts to paid or stops Premium.

const WEBHOOK_SECRET = "whsec_trials_secret";
const TRIAL_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;
const stripe = useAcademyWithFakeStripe(WEBHOOK_SECRET, { STRIPE_TRIAL_DAYS: String(TRIAL_DAYS) });
const academy = stripe.academy;

interface Intent {
  clientSecret: string;
  intentType: "payment" | "setup";
  amountDueCents: number;
  trialEndsAt: string | null;
}

async function summaryOf(visitor: Visitor) {
  return (await (await visitor.request("/api/user/subscription")).json()) as { isPremium: boolean; status: string; trialEndsAt: string | null };
}

async function startTrial(student: Visitor): Promise<{ intent: Intent; subscriptionId: string }> {
  const response = await student.request("/api/create-subscription", { method: "POST" });
  expect(response.status).toBe(200);
  const intent = (await response.json()) as Intent;
  const setupId = intent.clientSecret.split("_secret_")[0];
  const sub = [...stripe.fake.state.subscriptions.values()].find((s) => s.pending_setup_intent === setupId);
  expect(sub).toBeDefined();
  return { intent, subscriptionId: sub!.id };
}

/** What Stripe.js does in the browser: saves the card through the SetupIntent. */
async function saveCard(clientSecret: string, card = "4242424242424242") {
  const id = clientSecret.split("_secret_")[0];
  return fetch(`${stripe.fake.url}/v1/setup_intents/${id}/confirm`, {
    method: "POST",
    body: new URLSearchParams({ key: "pk_test_trials", client_secret: clientSecret, card_number: card }),
  });
}

async function admin(): Promise<Visitor> {
  const visitor = new Visitor(academy.baseUrl);
  await visitor.login(TEST_ADMIN.username, TEST_ADMIN.password);
  return visitor;
}

async function monthlyRevenue(): Promise<number> {
  return ((await (await (await admin()).request("/api/admin/revenue-stats")).json()) as { monthlyRevenue: number }).monthlyRevenue;
}

const invoiceEvent = (subscriptionId: string) => ({ id: "in_trial", object: "invoice", parent: { subscription_details: { subscription: subscriptionId } } });

describe("a free trial on the embedded payment form", () => {
  it("offers the trial on the upgrade page and starts a trialing subscription that needs a SetupIntent, not a payment", async () => {
    const student = await newStudent(academy.baseUrl);
    const page = await (await student.request("/upgrade")).text();
    expect(page).toContain(`Start with ${TRIAL_DAYS} days free`);

    const { intent, subscriptionId } = await startTrial(student);
    expect(intent).toMatchObject({ intentType: "setup", amountDueCents: 0 });
    expect(intent.clientSecret).toMatch(/^seti_\w+_secret_\w+$/);
    expect(Math.abs(new Date(intent.trialEndsAt!).getTime() - (Date.now() + TRIAL_DAYS * DAY_MS))).toBeLessThan(60_000);
    const created = stripe.fake.state.requests.find((r) => r.method === "POST" && r.path === "/v1/subscriptions" && r.params["metadata[userId]"] && r.params.trial_period_days);
    expect(created?.params.trial_period_days).toBe(String(TRIAL_DAYS));
    expect(stripe.fake.state.subscriptions.get(subscriptionId)!.status).toBe("trialing");

    // Trialing at Stripe, but no card saved yet: not Premium, and confirming refuses.
    expect((await student.request("/api/confirm-upgrade", { method: "POST" })).status).toBe(402);
    expect(await summaryOf(student)).toMatchObject({ isPremium: false, status: "incomplete" });
    // A webhook about the card-less trial does not grant Premium either.
    expect((await deliverEvent(academy.baseUrl, signedEvent(WEBHOOK_SECRET, "customer.subscription.created", { id: subscriptionId, object: "subscription" }))).body.outcome).toBe("applied");
    expect((await summaryOf(student)).isPremium).toBe(false);
    // Asking again reuses the same subscription and SetupIntent.
    expect((await startTrial(student)).subscriptionId).toBe(subscriptionId);

    expect((await saveCard(intent.clientSecret)).status).toBe(200);
    const confirmed = await student.request("/api/confirm-upgrade", { method: "POST" });
    expect(confirmed.status).toBe(200);
    const summary = (await confirmed.json()) as { isPremium: boolean; status: string; trialEndsAt: string };
    expect(summary).toMatchObject({ isPremium: true, status: "active" });
    expect(summary.trialEndsAt).toBe(new Date(stripe.fake.state.subscriptions.get(subscriptionId)!.trial_end! * 1000).toISOString());

    // The portal says when the trial ends; the upgrade page no longer offers one.
    const portal = await (await student.request("/students")).text();
    expect(portal).toMatch(/Trial ends on [A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{4}/);
  });

  it("a declined card saves nothing and grants nothing", async () => {
    const student = await newStudent(academy.baseUrl);
    const { intent } = await startTrial(student);
    expect((await saveCard(intent.clientSecret, "4000000000000002")).status).toBe(402);
    expect((await student.request("/api/confirm-upgrade", { method: "POST" })).status).toBe(402);
    expect((await summaryOf(student)).isPremium).toBe(false);
  });
});

describe("one trial per member, ever", () => {
  it("a member whose trial ended unpaid gets no second trial, on either path", async () => {
    const student = await newStudent(academy.baseUrl);
    const { intent, subscriptionId } = await startTrial(student);
    await saveCard(intent.clientSecret);
    expect((await student.request("/api/confirm-upgrade", { method: "POST" })).status).toBe(200);

    // The trial ends and the saved card is refused: Stripe marks the subscription past due.
    stripe.fake.endTrial(subscriptionId, "unpaid");
    expect((await deliverEvent(academy.baseUrl, signedEvent(WEBHOOK_SECRET, "customer.subscription.updated", { id: subscriptionId, object: "subscription" }))).body.outcome).toBe("applied");
    expect((await deliverEvent(academy.baseUrl, signedEvent(WEBHOOK_SECRET, "invoice.payment_failed", invoiceEvent(subscriptionId)))).body.outcome).toBe("applied");
    expect(await summaryOf(student)).toMatchObject({ isPremium: false, status: "past_due", trialEndsAt: null });

    // Stripe gives up and cancels; the member comes back later.
    stripe.fake.state.subscriptions.get(subscriptionId)!.status = "canceled";
    expect((await deliverEvent(academy.baseUrl, signedEvent(WEBHOOK_SECRET, "customer.subscription.deleted", { id: subscriptionId, object: "subscription" }))).body.outcome).toBe("applied");
    expect(await summaryOf(student)).toMatchObject({ isPremium: false, status: "cancelled" });

    expect(await (await student.request("/upgrade")).text()).not.toContain("days free");
    const again = await student.request("/api/create-subscription", { method: "POST" });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ intentType: "payment", amountDueCents: 999, trialEndsAt: null });

    const checkout = await student.request("/upgrade", { method: "POST", body: new URLSearchParams({ intent: "checkout" }) });
    expect(checkout.status).toBe(302);
    const session = [...stripe.fake.state.checkoutSessions.values()].at(-1)!;
    expect(session.trial_period_days).toBeNull();
    expect(session.allow_promotion_codes).toBe(true);
  });

  it("a member with an earlier subscription (granted by an admin, then revoked) gets no trial", async () => {
    const student = await newStudent(academy.baseUrl);
    const me = (await (await student.request("/api/auth-status")).json()) as { user: { id: number } };
    const headmaster = await admin();
    expect((await headmaster.request(`/api/admin/members/${me.user.id}/subscription`, { method: "PUT", json: { plan: "premium", status: "active" } })).status).toBe(200);
    expect((await headmaster.request(`/api/admin/members/${me.user.id}/subscription`, { method: "PUT", json: { plan: "basic", status: "cancelled" } })).status).toBe(200);
    const response = await student.request("/api/create-subscription", { method: "POST" });
    expect(await response.json()).toMatchObject({ intentType: "payment", trialEndsAt: null });
  });
});

describe("a trial that ends", () => {
  it("converts: Stripe charges the saved card, Premium continues, and revenue counts the charge only from then", async () => {
    const before = await monthlyRevenue();
    const student = await newStudent(academy.baseUrl);
    const { intent, subscriptionId } = await startTrial(student);
    await saveCard(intent.clientSecret);
    expect((await student.request("/api/confirm-upgrade", { method: "POST" })).status).toBe(200);
    // A trialing member is Premium but pays nothing yet.
    expect(await monthlyRevenue()).toBe(before);

    stripe.fake.endTrial(subscriptionId, "paid");
    expect((await deliverEvent(academy.baseUrl, signedEvent(WEBHOOK_SECRET, "customer.subscription.updated", { id: subscriptionId, object: "subscription" }))).body.outcome).toBe("applied");
    expect((await deliverEvent(academy.baseUrl, signedEvent(WEBHOOK_SECRET, "invoice.paid", invoiceEvent(subscriptionId)))).body.outcome).toBe("applied");
    expect(await summaryOf(student)).toMatchObject({ isPremium: true, status: "active", trialEndsAt: null });
    expect(await monthlyRevenue()).toBeCloseTo(before + 9.99, 2);
  });

  it("ends unpaid when no card was ever saved: Premium was never granted and stays off", async () => {
    const student = await newStudent(academy.baseUrl);
    const { subscriptionId } = await startTrial(student);
    stripe.fake.endTrial(subscriptionId, "paid");
    expect(stripe.fake.state.subscriptions.get(subscriptionId)!.status).toBe("past_due");
    expect((await deliverEvent(academy.baseUrl, signedEvent(WEBHOOK_SECRET, "invoice.payment_failed", invoiceEvent(subscriptionId)))).body.outcome).toBe("applied");
    expect(await summaryOf(student)).toMatchObject({ isPremium: false, status: "past_due" });
  });
});

describe("a trial through Stripe Checkout", () => {
  it("asks Checkout for the trial and grants Premium on a completed session with nothing to pay", async () => {
    const student = await newStudent(academy.baseUrl);
    const started = await student.request("/upgrade", { method: "POST", body: new URLSearchParams({ intent: "checkout" }) });
    expect(started.status).toBe(302);
    const checkoutUrl = started.headers.get("Location")!;
    const session = [...stripe.fake.state.checkoutSessions.values()].at(-1)!;
    expect(session).toMatchObject({ trial_period_days: TRIAL_DAYS, allow_promotion_codes: true });

    const paid = await fetch(`${checkoutUrl}/pay`, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    expect(session.payment_status).toBe("no_payment_required");
    const success = await student.request(new URL(paid.headers.get("Location")!).pathname + new URL(paid.headers.get("Location")!).search);
    expect(success.status).toBe(200);
    expect(await success.text()).toContain("Trial ends on");
    expect(await summaryOf(student)).toMatchObject({ isPremium: true, status: "active" });
    expect((await summaryOf(student)).trialEndsAt).not.toBeNull();

    // Having had this trial, the member is offered none again.
    expect(await (await student.request("/upgrade")).text()).not.toContain("days free");
  });
});
