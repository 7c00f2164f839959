import { describe, expect, it } from "vitest";
import { newStudent, TEST_ADMIN, useAcademy, Visitor } from "./helpers";
import { deliverEvent, signedEvent, useAcademyWithFakeStripe } from "./stripe-events";

// Promotion codes: admins make and switch them off through Stripe (API and the
// members page's forms); members redeem them on the Payment Element path, and
// Checkout allows them. Revenue counts what the discounted invoices charge.

const WEBHOOK_SECRET = "whsec_promotions_secret";
const stripe = useAcademyWithFakeStripe(WEBHOOK_SECRET);
const academy = stripe.academy;

interface Listing {
  id: string;
  code: string;
  active: boolean;
  summary: string;
  maxRedemptions: number | null;
  timesRedeemed: number;
  expiresAt: string | null;
  lastDay: string | null;
}

async function admin(baseUrl = academy.baseUrl): Promise<Visitor> {
  const visitor = new Visitor(baseUrl);
  await visitor.login(TEST_ADMIN.username, TEST_ADMIN.password);
  return visitor;
}

let codeCounter = 0;
const uniqueCode = (prefix: string) => `${prefix}-${Date.now().toString(36).toUpperCase()}${(codeCounter += 1)}`;

async function createCode(body: Record<string, unknown>): Promise<Listing> {
  const response = await (await admin()).request("/api/admin/promotion-codes", { method: "POST", json: body });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as Listing;
}

async function monthlyRevenue(): Promise<number> {
  return ((await (await (await admin()).request("/api/admin/revenue-stats")).json()) as { monthlyRevenue: number }).monthlyRevenue;
}

describe("the admin promotion-code API", () => {
  it("is for admins only: 401 for visitors, 403 for students", async () => {
    const visitor = new Visitor(academy.baseUrl);
    expect((await visitor.request("/api/admin/promotion-codes")).status).toBe(401);
    expect((await visitor.request("/api/admin/promotion-codes", { method: "POST", json: {} })).status).toBe(401);
    expect((await visitor.request("/api/admin/promotion-codes/promo_abc/deactivate", { method: "POST" })).status).toBe(401);
    const student = await newStudent(academy.baseUrl);
    expect((await student.request("/api/admin/promotion-codes")).status).toBe(403);
    expect((await student.request("/api/admin/promotion-codes", { method: "POST", json: { code: "SNEAKY", discountType: "percent", percentOff: 100, duration: "forever" } })).status).toBe(403);
    expect((await student.request("/api/admin/promotion-codes/promo_abc/deactivate", { method: "POST" })).status).toBe(403);
    expect(stripe.fake.state.coupons.size).toBe(0);
  });

  it("refuses bad input with 400 and a message, creating nothing on Stripe", async () => {
    const headmaster = await admin();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ discountType: "percent", percentOff: 10, duration: "once" }, /code/i],
      [{ code: "HAS SPACE", discountType: "percent", percentOff: 10, duration: "once" }, /letters, digits and dashes/],
      [{ code: "TOOBIG", discountType: "percent", percentOff: 150, duration: "once" }, /At most 100%/],
      [{ code: "NOAMOUNT", discountType: "amount", duration: "once" }, /amount off/],
      [{ code: "NOMONTHS", discountType: "percent", percentOff: 10, duration: "repeating" }, /how many months/],
      [{ code: "BADDATE", discountType: "percent", percentOff: 10, duration: "once", expiresOn: "tomorrow" }, /date/],
      [{ code: "PAST", discountType: "percent", percentOff: 10, duration: "once", expiresOn: "2001-01-01" }, /today or later/],
      [{ code: "NOMAX", discountType: "percent", percentOff: 10, duration: "once", maxRedemptions: 0 }, /At least 1/],
    ];
    for (const [body, message] of cases) {
      const response = await headmaster.request("/api/admin/promotion-codes", { method: "POST", json: body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { message: string }).message, JSON.stringify(body)).toMatch(message);
    }
    const malformed = await headmaster.request("/api/admin/promotion-codes", { method: "POST", body: "{nope", headers: { "Content-Type": "application/json" } });
    expect(malformed.status).toBe(400);
    expect(stripe.fake.state.promotionCodes.size).toBe(0);
  });

  it("creates a coupon and its code on Stripe, lists it with redemptions, shows Stripe's refusal, and deactivates it", async () => {
    const code = uniqueCode("SPRING");
    const created = await createCode({ code, discountType: "percent", percentOff: 50, duration: "repeating", durationInMonths: 3, maxRedemptions: 5, expiresOn: "2099-12-31" });
    expect(created).toMatchObject({ code, active: true, summary: "50% off for 3 months", maxRedemptions: 5, timesRedeemed: 0, lastDay: "Thu, Dec 31, 2099" });
    const promotion = stripe.fake.state.promotionCodes.get(created.id)!;
    expect(stripe.fake.state.coupons.get(promotion.coupon)).toMatchObject({ percent_off: 50, duration: "repeating", duration_in_months: 3 });
    expect(promotion.max_redemptions).toBe(5);

    const amount = await createCode({ code: uniqueCode("TWO"), discountType: "amount", amountOff: 2, duration: "forever" });
    expect(amount.summary).toBe("$2.00 off every month");
    expect(stripe.fake.state.coupons.get(stripe.fake.state.promotionCodes.get(amount.id)!.coupon)).toMatchObject({ amount_off: 200, currency: "usd" });

    // Stripe refuses a second active code with the same text: its message reaches the admin.
    const duplicate = await (await admin()).request("/api/admin/promotion-codes", { method: "POST", json: { code, discountType: "percent", percentOff: 10, duration: "once" } });
    expect(duplicate.status).toBe(400);
    expect(((await duplicate.json()) as { message: string }).message).toMatch(/^Stripe refused: .*already exists/);

    const listed = (await (await (await admin()).request("/api/admin/promotion-codes")).json()) as Listing[];
    expect(listed.map((entry) => entry.code)).toEqual(expect.arrayContaining([code, amount.code]));

    const headmaster = await admin();
    const off = await headmaster.request(`/api/admin/promotion-codes/${created.id}/deactivate`, { method: "POST" });
    expect(off.status).toBe(200);
    expect(await off.json()).toMatchObject({ id: created.id, active: false });
    expect(promotion.active).toBe(false);
    expect((await headmaster.request("/api/admin/promotion-codes/promo_doesnotexist/deactivate", { method: "POST" })).status).toBe(404);
    expect((await headmaster.request("/api/admin/promotion-codes/not-an-id/deactivate", { method: "POST" })).status).toBe(404);
  });

  it("works from the members page's plain forms, without JavaScript", async () => {
    const headmaster = await admin();
    const code = uniqueCode("FORM");
    const form = new URLSearchParams({ intent: "create-promotion-code", code, discountType: "amount", amountOff: "1.50", duration: "once", maxRedemptions: "2" });
    const created = await headmaster.request("/admin/members", { method: "POST", body: form });
    expect(created.status).toBe(302);
    const page = await (await headmaster.request("/admin/members")).text();
    expect(page).toContain(code);
    expect(page).toContain("$1.50 off the first month");
    expect(page).toMatch(/0 of 2/);

    const invalid = await headmaster.request("/admin/members", { method: "POST", body: new URLSearchParams({ intent: "create-promotion-code", code: "X", discountType: "percent", duration: "once" }) });
    expect(invalid.status).toBe(400);
    const text = await invalid.text();
    expect(text).toContain("A promotion code has at least 3 characters");
    expect(text).toContain("Enter the percentage off");

    const id = [...stripe.fake.state.promotionCodes.values()].find((promotion) => promotion.code === code)!.id;
    const off = await headmaster.request("/admin/members", { method: "POST", body: new URLSearchParams({ intent: "deactivate-promotion-code", promotionCodeId: id }) });
    expect(off.status).toBe(302);
    expect(stripe.fake.state.promotionCodes.get(id)!.active).toBe(false);
    const bad = await headmaster.request("/admin/members", { method: "POST", body: new URLSearchParams({ intent: "deactivate-promotion-code", promotionCodeId: "<script>" }) });
    expect(bad.status).toBe(400);
  });
});

describe("redeeming a promotion code on the embedded payment form", () => {
  it("shows the discounted price, creates the subscription with the code, and revenue counts the discounted charge", async () => {
    const code = uniqueCode("HALF");
    const created = await createCode({ code, discountType: "percent", percentOff: 50, duration: "forever", maxRedemptions: 10 });
    const before = await monthlyRevenue();
    const student = await newStudent(academy.baseUrl);

    // Without a code first (the form loads that way), then with it, typed in lower case.
    const plain = await student.request("/api/create-subscription", { method: "POST" });
    expect(await plain.json()).toMatchObject({ intentType: "payment", amountDueCents: 999, promotion: null });
    const response = await student.request("/api/create-subscription", { method: "POST", json: { promotionCode: code.toLowerCase() } });
    expect(response.status).toBe(200);
    const intent = (await response.json()) as { clientSecret: string; amountDueCents: number; monthlyPriceCents: number; promotion: { code: string; summary: string } };
    expect(intent).toMatchObject({ amountDueCents: 499, monthlyPriceCents: 499, promotion: { code, summary: "50% off every month" } });

    // The code is on the subscription Stripe created; the undiscounted one was let go.
    const subscription = [...stripe.fake.state.subscriptions.values()].find((s) => stripe.fake.state.invoices.get(s.latest_invoice)?.payment_intent === intent.clientSecret.split("_secret_")[0])!;
    expect(subscription.promotion_code).toBe(created.id);
    expect([...stripe.fake.state.subscriptions.values()].filter((s) => s.customer === subscription.customer && s.id !== subscription.id).map((s) => s.status)).toEqual(["canceled"]);
    // Asking again with the same code reuses it.
    const again = (await (await student.request("/api/create-subscription", { method: "POST", json: { promotionCode: code } })).json()) as { clientSecret: string };
    expect(again.clientSecret).toBe(intent.clientSecret);

    stripe.fake.pay(subscription.id);
    expect((await student.request("/api/confirm-upgrade", { method: "POST" })).status).toBe(200);
    expect(await monthlyRevenue()).toBeCloseTo(before + 4.99, 2);
    expect(((await (await (await admin()).request("/api/admin/promotion-codes")).json()) as Listing[]).find((entry) => entry.id === created.id)!.timesRedeemed).toBe(1);
  });

  it("a once-only discount: revenue follows the invoices, full price from the first renewal (invoice.paid)", async () => {
    const code = uniqueCode("ONCE");
    await createCode({ code, discountType: "amount", amountOff: 4, duration: "once" });
    const before = await monthlyRevenue();
    const student = await newStudent(academy.baseUrl);
    const intent = (await (await student.request("/api/create-subscription", { method: "POST", json: { promotionCode: code } })).json()) as { clientSecret: string; amountDueCents: number };
    expect(intent.amountDueCents).toBe(599);
    const subscription = [...stripe.fake.state.subscriptions.values()].find((s) => stripe.fake.state.invoices.get(s.latest_invoice)?.payment_intent === intent.clientSecret.split("_secret_")[0])!;
    stripe.fake.pay(subscription.id);
    expect((await student.request("/api/confirm-upgrade", { method: "POST" })).status).toBe(200);
    expect(await monthlyRevenue()).toBeCloseTo(before + 5.99, 2);

    // The renewal's invoice is at full price; Stripe tells us it was paid.
    const renewal = stripe.fake.state.invoices.get(subscription.latest_invoice)!;
    const nextId = "in_renewal_" + subscription.id.slice(4);
    stripe.fake.state.invoices.set(nextId, { ...renewal, id: nextId, subtotal: 999, amount_due: 999, status: "paid", payment_intent: null, billing_reason: "subscription_cycle" });
    subscription.latest_invoice = nextId;
    const paid = signedEvent(WEBHOOK_SECRET, "invoice.paid", { id: nextId, object: "invoice", parent: { subscription_details: { subscription: subscription.id } } });
    expect((await deliverEvent(academy.baseUrl, paid)).body.outcome).toBe("applied");
    expect(await monthlyRevenue()).toBeCloseTo(before + 9.99, 2);
  });

  it("refuses unknown, inactive, expired and used-up codes with a clear 400, and malformed ones too", async () => {
    const student = await newStudent(academy.baseUrl);
    const refuse = async (promotionCode: unknown, message: RegExp) => {
      const response = await student.request("/api/create-subscription", { method: "POST", json: { promotionCode } });
      expect(response.status, String(promotionCode)).toBe(400);
      expect(((await response.json()) as { message: string }).message, String(promotionCode)).toMatch(message);
    };
    await refuse("NO-SUCH-CODE", /"NO-SUCH-CODE" is not valid/);

    const inactive = await createCode({ code: uniqueCode("OFF"), discountType: "percent", percentOff: 10, duration: "once" });
    stripe.fake.state.promotionCodes.get(inactive.id)!.active = false;
    await refuse(inactive.code, /is not valid/);

    const expired = await createCode({ code: uniqueCode("OLD"), discountType: "percent", percentOff: 10, duration: "once", expiresOn: "2099-01-01" });
    stripe.fake.state.promotionCodes.get(expired.id)!.expires_at = Math.floor(Date.now() / 1000) - 60;
    await refuse(expired.code, /has expired/);

    const used = await createCode({ code: uniqueCode("ONE"), discountType: "percent", percentOff: 10, duration: "once", maxRedemptions: 1 });
    stripe.fake.state.promotionCodes.get(used.id)!.times_redeemed = 1;
    await refuse(used.code, /used as many times as allowed/);

    await refuse("bad code!", /letters, digits and dashes/);
    await refuse(42, /promotionCode must be a string/);
    await refuse("X".repeat(41), /at most 40/);
    const notJson = await student.request("/api/create-subscription", { method: "POST", body: "promotionCode=X", headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(notJson.status).toBe(415);
    expect((await student.request("/api/create-subscription", { method: "POST", json: { promotionCode: "X" } })).status).not.toBe(500);
  });

  it("Checkout allows promotion codes, and its discounted subscription counts at the discounted price", async () => {
    const code = uniqueCode("CHK");
    await createCode({ code, discountType: "percent", percentOff: 20, duration: "forever" });
    const before = await monthlyRevenue();
    const student = await newStudent(academy.baseUrl);
    const started = await student.request("/upgrade", { method: "POST", body: new URLSearchParams({ intent: "checkout" }) });
    expect(started.status).toBe(302);
    const session = [...stripe.fake.state.checkoutSessions.values()].at(-1)!;
    expect(session.allow_promotion_codes).toBe(true);
    expect(session.trial_period_days).toBeNull();
    const paid = await fetch(`${started.headers.get("Location")}/pay`, { method: "POST", redirect: "manual", body: new URLSearchParams({ promotion_code: code }) });
    const back = new URL(paid.headers.get("Location")!);
    expect((await student.request(back.pathname + back.search)).status).toBe(200);
    expect(await monthlyRevenue()).toBeCloseTo(before + 7.99, 2);
  });
});

describe("with payments switched off", () => {
  const offline = useAcademy();

  it("the revenue area says plainly that promotion codes need Stripe, and the API answers 503", async () => {
    const headmaster = await admin(offline.baseUrl);
    const page = await (await headmaster.request("/admin/members")).text();
    expect(page).toContain("Online payments are not set up (no STRIPE_SECRET_KEY), so there are no promotion codes");
    const list = await headmaster.request("/api/admin/promotion-codes");
    expect(list.status).toBe(503);
    const create = await headmaster.request("/api/admin/promotion-codes", { method: "POST", json: { code: "NOPE", discountType: "percent", percentOff: 10, duration: "once" } });
    expect(create.status).toBe(503);
    expect(await create.json()).toEqual({ message: "Online payments are not set up yet. Please contact the academy to upgrade." });
  });
});
