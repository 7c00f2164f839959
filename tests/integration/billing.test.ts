import crypto from "node:crypto";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { DEMO_PREMIUM, TEST_ADMIN, useAcademy, Visitor } from "./helpers";
import { deliverEvent, signedEvent, useAcademyWithFakeStripe } from "./stripe-events";

// Premium through Stripe, end to end: our server talks to a fake Stripe API
// through the real SDK; webhooks are signed like Stripe signs them.

const WEBHOOK_SECRET = "whsec_integration_secret";
const signer = new Stripe("sk_test_signer");
const stripe = useAcademyWithFakeStripe(WEBHOOK_SECRET);
const academy = stripe.academy;

async function newStudent(): Promise<Visitor> {
  const visitor = new Visitor(academy.baseUrl);
  const username = `payer${crypto.randomBytes(4).toString("hex")}`;
  expect((await visitor.register(username)).status).toBe(201);
  return visitor;
}

async function subscriptionOf(visitor: Visitor) {
  const response = await visitor.request("/api/user/subscription");
  expect(response.status).toBe(200);
  return (await response.json()) as { isPremium: boolean; plan: string; status: string; currentPeriodEnd: string | null; cancelAtPeriodEnd: boolean };
}

async function startSubscription(visitor: Visitor): Promise<string> {
  const response = await visitor.request("/api/create-subscription", { method: "POST" });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { clientSecret: string; publishableKey: string };
  expect(body.publishableKey).toBe("pk_test_integration");
  expect(body.clientSecret).toMatch(/^pi_\w+_secret_\w+$/);
  const sub = [...stripe.fake.state.subscriptions.values()].find((s) => stripe.fake.state.invoices.get(s.latest_invoice)?.payment_intent === body.clientSecret.split("_secret_")[0]);
  expect(sub).toBeDefined();
  return sub!.id;
}

const webhook = (type: string, object: unknown, id?: string) => signedEvent(WEBHOOK_SECRET, type, object, id);
const deliver = (event: { payload: string; signature: string }) => deliverEvent(academy.baseUrl, event);

/** The first lesson of a premium (Advanced) demo course. */
async function premiumLessonId(visitor: Visitor): Promise<number> {
  const courses = (await (await visitor.request("/api/courses")).json()) as { id: number; isPremium: boolean }[];
  const course = courses.find((c) => c.isPremium);
  expect(course).toBeDefined();
  const admin = new Visitor(academy.baseUrl);
  await admin.login(TEST_ADMIN.username, TEST_ADMIN.password);
  const lessons = (await (await admin.request(`/api/courses/${course!.id}/lessons`)).json()) as { id: number }[];
  expect(lessons.length).toBeGreaterThan(0);
  return lessons[0]!.id;
}

describe("upgrading to Premium", () => {
  it("asks a visitor to sign in and refuses a member who is already premium", async () => {
    const visitor = new Visitor(academy.baseUrl);
    expect((await visitor.request("/api/create-subscription", { method: "POST" })).status).toBe(401);
    expect((await visitor.request("/api/confirm-upgrade", { method: "POST" })).status).toBe(401);
    const oracle = new Visitor(academy.baseUrl);
    await oracle.login(DEMO_PREMIUM.username, DEMO_PREMIUM.password);
    const response = await oracle.request("/api/create-subscription", { method: "POST" });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ message: "You are already a Premium member." });
  });

  it("offers no Premium request while members can pay online", async () => {
    const student = await newStudent();
    const upgrade = await (await student.request("/upgrade")).text();
    expect(upgrade).not.toContain("Request Premium");
    const refused = await student.request("/api/premium-requests", { method: "POST", json: {} });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message: "Online payments are available: upgrade on the Upgrade page instead." });
  });

  it("creates one incomplete subscription, reused until it is paid, with a $9.99 monthly price", async () => {
    const student = await newStudent();
    const first = await startSubscription(student);
    const again = await startSubscription(student);
    expect(again).toBe(first);
    const price = stripe.fake.state.prices.get(stripe.fake.state.subscriptions.get(first)!.price)!;
    expect(price).toMatchObject({ unit_amount: 999, currency: "usd", recurring: { interval: "month" }, lookup_key: "academy_premium_monthly" });
    expect(await subscriptionOf(student)).toMatchObject({ isPremium: false, status: "incomplete" });
  });

  it("does not grant Premium for an unpaid subscription, and does once Stripe says it is paid", async () => {
    const student = await newStudent();
    const lessonId = await premiumLessonId(student);
    const subscriptionId = await startSubscription(student);

    const unpaid = await student.request("/api/confirm-upgrade", { method: "POST" });
    expect(unpaid.status).toBe(402);
    expect(((await unpaid.json()) as { message: string }).message).toMatch(/not been completed/);
    expect((await subscriptionOf(student)).isPremium).toBe(false);
    const locked = await student.request(`/api/lessons/${lessonId}`);
    expect(locked.status).toBe(403);
    expect(await locked.json()).toEqual({ message: "Premium membership required" });

    stripe.fake.pay(subscriptionId);
    const paid = await student.request("/api/confirm-upgrade", { method: "POST" });
    expect(paid.status).toBe(200);
    expect(await paid.json()).toMatchObject({ isPremium: true, plan: "premium", status: "active", cancelAtPeriodEnd: false });
    expect((await student.request(`/api/lessons/${lessonId}`)).status).toBe(200);
    expect((await student.request("/api/create-subscription", { method: "POST" })).status).toBe(409);
  });

  it("does not accept another member's payment", async () => {
    const payer = await newStudent();
    const subscriptionId = await startSubscription(payer);
    stripe.fake.pay(subscriptionId);
    const other = await newStudent();
    const response = await other.request("/api/confirm-upgrade", { method: "POST" });
    expect(response.status).toBe(402);
    expect((await subscriptionOf(other)).isPremium).toBe(false);
  });
});

describe("Stripe webhooks", () => {
  it("refuses a wrong or missing signature with 400 and changes nothing", async () => {
    const student = await newStudent();
    const subscriptionId = await startSubscription(student);
    stripe.fake.pay(subscriptionId);
    const event = webhook("customer.subscription.updated", stripe.fake.subscriptionObject(subscriptionId));
    const forged = signer.webhooks.generateTestHeaderString({ payload: event.payload, secret: "whsec_not_ours" });
    expect(await deliver({ payload: event.payload, signature: forged })).toEqual({ status: 400, body: { message: "Webhook signature verification failed." } });
    expect((await deliver({ payload: event.payload, signature: "" })).status).toBe(400);
    const tampered = event.payload.replace('"active"', '"trialing"');
    expect((await deliver({ payload: tampered, signature: event.signature })).status).toBe(400);
    expect((await subscriptionOf(student)).isPremium).toBe(false);
  });

  it("keeps the subscription in sync and applies each event once", async () => {
    const student = await newStudent();
    const subscriptionId = await startSubscription(student);
    stripe.fake.pay(subscriptionId);

    const paid = webhook("invoice.paid", { id: "in_x", object: "invoice", parent: { subscription_details: { subscription: subscriptionId } } });
    expect(await deliver(paid)).toEqual({ status: 200, body: { received: true, outcome: "applied" } });
    expect(await subscriptionOf(student)).toMatchObject({ isPremium: true, status: "active" });

    // The renewal fails: Stripe marks the subscription past due.
    const sub = stripe.fake.state.subscriptions.get(subscriptionId)!;
    sub.status = "past_due";
    const failed = webhook("invoice.payment_failed", { id: "in_y", object: "invoice", parent: { subscription_details: { subscription: subscriptionId } } });
    expect((await deliver(failed)).body.outcome).toBe("applied");
    expect(await subscriptionOf(student)).toMatchObject({ isPremium: false, status: "past_due" });

    // A redelivery of an event already applied changes nothing, even if Stripe's state moved on.
    sub.status = "active";
    expect((await deliver(failed)).body.outcome).toBe("duplicate");
    expect((await deliver(paid)).body.outcome).toBe("duplicate");
    expect(await subscriptionOf(student)).toMatchObject({ isPremium: false, status: "past_due" });

    const recovered = webhook("invoice.paid", { id: "in_z", object: "invoice", parent: { subscription_details: { subscription: subscriptionId } } });
    expect((await deliver(recovered)).body.outcome).toBe("applied");
    expect(await subscriptionOf(student)).toMatchObject({ isPremium: true, status: "active" });
  });

  it("ignores events for subscriptions that belong to nobody here", async () => {
    const event = webhook("customer.subscription.updated", { id: "sub_unknown", object: "subscription" });
    expect(await deliver(event)).toEqual({ status: 200, body: { received: true, outcome: "ignored" } });
    const ignored = await deliver(webhook("payment_intent.created", { id: "pi_1", object: "payment_intent" }));
    expect(ignored).toEqual({ status: 200, body: { received: true, outcome: "ignored" } });
  });
});

describe("cancelling", () => {
  it("cancels at period end through Stripe, and Premium ends when the period ends", async () => {
    const student = await newStudent();
    const lessonId = await premiumLessonId(student);
    const subscriptionId = await startSubscription(student);
    stripe.fake.pay(subscriptionId);
    expect((await student.request("/api/confirm-upgrade", { method: "POST" })).status).toBe(200);

    const cancelled = await student.request("/api/user/subscription/cancel", { method: "POST", json: { cancel: true } });
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({ isPremium: true, cancelAtPeriodEnd: true });
    expect(stripe.fake.state.subscriptions.get(subscriptionId)!.cancel_at_period_end).toBe(true);

    // The paid period runs out in two seconds; Stripe tells us the new end.
    stripe.fake.state.subscriptions.get(subscriptionId)!.current_period_end = Math.floor(Date.now() / 1000) + 2;
    expect((await deliver(webhook("customer.subscription.updated", stripe.fake.subscriptionObject(subscriptionId)))).body.outcome).toBe("applied");
    expect((await subscriptionOf(student)).isPremium).toBe(true);
    expect((await student.request(`/api/lessons/${lessonId}`)).status).toBe(200);

    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect((await subscriptionOf(student)).isPremium).toBe(false);
    expect((await student.request(`/api/lessons/${lessonId}`)).status).toBe(403);

    // Stripe then ends the subscription.
    stripe.fake.state.subscriptions.get(subscriptionId)!.status = "canceled";
    expect((await deliver(webhook("customer.subscription.deleted", stripe.fake.subscriptionObject(subscriptionId)))).body.outcome).toBe("applied");
    expect(await subscriptionOf(student)).toMatchObject({ isPremium: false, status: "cancelled" });
  });

  it("refuses to cancel when there is no paid subscription", async () => {
    const student = await newStudent();
    const response = await student.request("/api/user/subscription/cancel", { method: "POST", json: { cancel: true } });
    expect(response.status).toBe(409);
  });
});

describe("admin grants", () => {
  it("an admin revoking a paying member's Premium also stops their Stripe billing", async () => {
    const student = await newStudent();
    const subscriptionId = await startSubscription(student);
    stripe.fake.pay(subscriptionId);
    expect((await student.request("/api/confirm-upgrade", { method: "POST" })).status).toBe(200);
    const me = (await (await student.request("/api/auth-status")).json()) as { user: { id: number } };

    const admin = new Visitor(academy.baseUrl);
    await admin.login(TEST_ADMIN.username, TEST_ADMIN.password);
    const response = await admin.request(`/api/admin/members/${me.user.id}/subscription`, { method: "PUT", json: { plan: "basic", status: "cancelled" } });
    expect(response.status).toBe(200);
    expect(stripe.fake.state.subscriptions.get(subscriptionId)!.status).toBe("canceled");
    expect((await subscriptionOf(student)).isPremium).toBe(false);
  });
});

describe("admin grants over Stripe billing", () => {
  it("comps a member whose payment failed, stops Stripe billing them, and ignores that old subscription afterwards", async () => {
    const student = await newStudent();
    const subscriptionId = await startSubscription(student);
    stripe.fake.pay(subscriptionId);
    expect((await student.request("/api/confirm-upgrade", { method: "POST" })).status).toBe(200);
    stripe.fake.state.subscriptions.get(subscriptionId)!.status = "past_due";
    expect((await deliver(webhook("invoice.payment_failed", { id: "in_f", object: "invoice", parent: { subscription_details: { subscription: subscriptionId } } }))).body.outcome).toBe("applied");
    expect((await subscriptionOf(student)).isPremium).toBe(false);

    const me = (await (await student.request("/api/auth-status")).json()) as { user: { id: number } };
    const admin = new Visitor(academy.baseUrl);
    await admin.login(TEST_ADMIN.username, TEST_ADMIN.password);
    const grant = await admin.request(`/api/admin/members/${me.user.id}/subscription`, { method: "PUT", json: { plan: "premium", status: "active" } });
    expect(grant.status).toBe(200);
    expect(stripe.fake.state.subscriptions.get(subscriptionId)!.status).toBe("canceled");
    expect(await subscriptionOf(student)).toMatchObject({ isPremium: true, isComped: true });

    // Stripe reports the old subscription's end: the granted Premium stays.
    expect((await deliver(webhook("customer.subscription.deleted", stripe.fake.subscriptionObject(subscriptionId)))).body.outcome).toBe("ignored");
    expect(await subscriptionOf(student)).toMatchObject({ isPremium: true, isComped: true, status: "active" });
  });
});

describe("with payments switched off", () => {
  const offline = useAcademy();

  it("answers 503 with a plain message, while admins can still grant Premium", async () => {
    const student = new Visitor(offline.baseUrl);
    expect((await student.register(`offline${crypto.randomBytes(3).toString("hex")}`)).status).toBe(201);
    const response = await student.request("/api/create-subscription", { method: "POST" });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ message: "Online payments are not set up yet. Please contact the academy to upgrade." });
    expect((await fetch(`${offline.baseUrl}/api/stripe/webhook`, { method: "POST", body: "{}" })).status).toBe(503);

    // Every upgrade entry point says so plainly instead of offering a payment form.
    const courses = (await (await student.request("/api/courses")).json()) as { id: number; isPremium: boolean }[];
    const premiumCourse = courses.find((course) => course.isPremium);
    for (const path of ["/upgrade", "/students", `/course/${premiumCourse?.id}`]) {
      const page = await student.request(path);
      expect(page.status, path).toBe(200);
      expect(await page.text(), path).toContain("Online payments are not set up yet.");
    }
    const checkout = await student.request("/upgrade", { method: "POST", body: new URLSearchParams({ intent: "checkout" }) });
    expect(checkout.status).toBe(503);
    expect(await checkout.text()).toContain("Online payments are not set up yet.");

    const me = (await (await student.request("/api/auth-status")).json()) as { user: { id: number } };
    const admin = new Visitor(offline.baseUrl);
    await admin.login(TEST_ADMIN.username, TEST_ADMIN.password);
    const grant = await admin.request(`/api/admin/members/${me.user.id}/subscription`, { method: "PUT", json: { plan: "premium", status: "active" } });
    expect(grant.status).toBe(200);
    expect((await (await student.request("/api/user/subscription")).json()) as { isPremium: boolean; isComped: boolean }).toMatchObject({ isPremium: true, isComped: true });
  });
});
