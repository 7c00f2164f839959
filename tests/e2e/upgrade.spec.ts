import { expect as baseExpect, type APIRequestContext, type Page } from "@playwright/test";
import { z } from "zod";
import { FAKE_STRIPE_URL } from "../../playwright.config";
import { DEMO_STUDENT, expect, HEADMASTER, login, loginThroughApi, test } from "./helpers";
import { completeCourseThroughApi, FIRST_COURSE } from "./learning-helpers";
import { useStripeStandIn } from "./stripe-js";

// Becoming Premium: the embedded Payment Element (Stripe.js replaced by a
// stand-in, the Stripe API by tests/fakes/fake-stripe.ts), Stripe Checkout
// without JavaScript, Premium courses, and managing the plan from the portal.

const GOOD_CARD = "4242 4242 4242 4242";
const DECLINED_CARD = "4000 0000 0000 0002";
const DEMO_PREMIUM = { username: "oracle", password: "silver-moon-compass" };

const Summary = z.object({ isPremium: z.boolean(), currentPeriodEnd: z.string().nullable(), cancelAtPeriodEnd: z.boolean() });
const Course = z.object({ id: z.number(), title: z.string(), isPremium: z.boolean() });
const Lessons = z.array(z.object({ id: z.number() }));
const Intent = z.object({ clientSecret: z.string(), publishableKey: z.string() });

async function subscriptionOf(request: APIRequestContext) {
  return Summary.parse(await (await request.get("/api/user/subscription")).json());
}

async function firstPremiumCourse(request: APIRequestContext) {
  const course = z.array(Course).parse(await (await request.get("/api/courses")).json()).find((c) => c.isPremium);
  if (!course) throw new Error("The demo academy has no Premium course");
  return course;
}

/** Pays for Premium the way the browser would, but through the APIs, for stories that start as a paying member. */
async function upgradeThroughApi(request: APIRequestContext) {
  const created = await request.post("/api/create-subscription");
  baseExpect(created.status(), await created.text()).toBe(200);
  const { clientSecret, publishableKey } = Intent.parse(await created.json());
  const intentId = clientSecret.split("_secret_")[0];
  const paid = await request.post(`${FAKE_STRIPE_URL}/v1/payment_intents/${intentId}/confirm`, {
    form: { key: publishableKey, client_secret: clientSecret, card_number: GOOD_CARD },
  });
  baseExpect(paid.ok(), await paid.text()).toBe(true);
  const confirmed = await request.post("/api/confirm-upgrade");
  baseExpect(confirmed.status(), await confirmed.text()).toBe(200);
}

const shortDate = (iso: string) => new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" }).format(new Date(iso));

async function openUpgradeDialog(page: Page) {
  await page.getByTestId("upgrade-banner").getByRole("link", { name: "Upgrade Now" }).click();
  const dialog = page.getByRole("dialog", { name: "Upgrade to Premium" });
  await expect(dialog.getByTestId("premium-price")).toHaveText("$9.99");
  await expect(dialog.getByText("Advanced analytics and progress tracking")).toBeVisible();
  return dialog;
}

test.describe("Upgrading to Premium with the embedded payment form", () => {
  test("a new student pays in the portal's dialog and comes back a Premium Member", async ({ page, visit, student: _student }) => {
    const stripe = await useStripeStandIn(page);
    await visit("/students");
    await expect(page.getByTestId("premium-badge")).toHaveCount(0);
    await expect(page.getByRole("main").getByRole("link", { name: "Upgrade to Premium Advanced" })).toHaveAttribute("href", "/upgrade");

    const dialog = await openUpgradeDialog(page);
    const pay = dialog.getByRole("button", { name: "Pay $9.99 and upgrade" });
    // The provider's form must be ready before anything can be paid.
    await expect(pay).toBeEnabled();
    await dialog.getByLabel("Card number").fill(GOOD_CARD);
    // Each step lasts well under a second, so the page records what it shows (in
    // sessionStorage, which survives the reload) instead of the test racing it.
    await page.evaluate(() => {
      const record = () => {
        const steps = [...document.querySelectorAll("[data-testid=progress-step]")].map((step) => step.getAttribute("data-status"));
        if (steps.length === 0) return;
        const history: string[] = JSON.parse(sessionStorage.getItem("stepHistory") ?? "[]");
        const now = steps.join(",");
        if (history.at(-1) !== now) sessionStorage.setItem("stepHistory", JSON.stringify([...history, now]));
        const text = document.body.textContent ?? "";
        if (text.includes("Please do not close this window")) sessionStorage.setItem("sawDoNotClose", "yes");
        const toast = document.querySelector("[data-testid=toast-title]")?.parentElement?.textContent ?? "";
        if (toast.includes("Upgrade Successful") && toast.includes("Welcome to Premium! You now have access to advanced classes.")) {
          sessionStorage.setItem("sawSuccessToast", "yes");
        }
      };
      new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    await pay.click();

    // The page reloads by itself and now knows the student is Premium; the success
    // toast showed before that (recorded by the page, as the reload may come first).
    await expect(page.getByTestId("premium-badge")).toHaveText("Premium Member");
    expect(await page.evaluate(() => sessionStorage.getItem("sawSuccessToast"))).toBe("yes");
    // The four steps ran in order: validate, process, finalize, complete.
    expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem("stepHistory"))) ?? "[]")).toEqual([
      "active,pending,pending,pending",
      "completed,active,pending,pending",
      "completed,completed,active,pending",
      "completed,completed,completed,active",
      "completed,completed,completed,completed",
    ]);
    expect(await page.evaluate(() => sessionStorage.getItem("sawDoNotClose"))).toBe("yes");
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId("upgrade-banner")).toHaveCount(0);
    await expect(page.getByRole("link", { name: /Upgrade to Premium/ })).toHaveCount(0);
    expect(stripe.confirmations).toBe(1);
    expect((await subscriptionOf(page.request)).isPremium).toBe(true);
  });

  test("a declined card reads Payment Failed and the student stays on the free plan", async ({ page, visit, student: _student }) => {
    await useStripeStandIn(page);
    await visit("/students");
    const dialog = await openUpgradeDialog(page);
    await expect(dialog.getByRole("button", { name: "Pay $9.99 and upgrade" })).toBeEnabled();
    await dialog.getByLabel("Card number").fill(DECLINED_CARD);
    await dialog.getByRole("button", { name: "Pay $9.99 and upgrade" }).click();

    await expect(page.getByTestId("toast-title")).toHaveText("Payment Failed");
    await expect(page.getByText("Your card was declined.", { exact: true })).toBeVisible();
    const steps = dialog.getByTestId("progress-step");
    await expect(steps.nth(0)).toHaveAttribute("data-status", "completed");
    await expect(steps.nth(1)).toHaveAttribute("data-status", "error");
    await expect(steps.nth(2)).toHaveAttribute("data-status", "pending");
    // The form can be used again.
    await expect(dialog.getByRole("button", { name: "Pay $9.99 and upgrade" })).toBeEnabled();

    expect((await subscriptionOf(page.request)).isPremium).toBe(false);
    await visit("/students");
    await expect(page.getByTestId("premium-badge")).toHaveCount(0);
    await expect(page.getByTestId("upgrade-banner")).toBeVisible();
  });

  test("when the payment cannot start, it says so and offers Retry", async ({ page, visit, student: _student }) => {
    await useStripeStandIn(page);
    let refused = false;
    await page.route("**/api/create-subscription", async (route) => {
      if (refused) return route.continue();
      refused = true;
      return route.fulfill({ status: 502, contentType: "application/json", body: JSON.stringify({ message: "The payment service refused the request." }) });
    });
    await visit("/upgrade");
    await expect(page.getByTestId("toast-title")).toHaveText("Error");
    await expect(page.getByText("Failed to initialize payment. Please try again.", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Pay $9.99 and upgrade" })).toHaveCount(0);

    await page.getByRole("button", { name: "Retry" }).click();
    await expect(page.getByRole("button", { name: "Pay $9.99 and upgrade" })).toBeEnabled();
    await expect(page.getByLabel("Card number")).toBeVisible();
  });
});

test.describe("Upgrading without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the /upgrade form goes through Stripe Checkout and back as Premium", async ({ page, visit, student: _student }) => {
    await visit("/upgrade");
    await expect(page.getByTestId("premium-price")).toHaveText("$9.99");
    await page.getByRole("button", { name: "Continue to secure checkout" }).click();

    await expect(page).toHaveURL(new RegExp(`^${FAKE_STRIPE_URL}/checkout/cs_test_`));
    await page.getByRole("button", { name: "Pay and subscribe" }).click();

    await expect(page).toHaveURL(/\/upgrade\/success\?session_id=cs_test_\w+$/);
    await expect(page.getByRole("heading", { level: 1, name: "Upgrade Successful" })).toBeVisible();
    await expect(page.getByTestId("membership-state")).toHaveText("Active");

    await visit("/students");
    await expect(page.getByTestId("premium-badge")).toHaveText("Premium Member");
    await expect(page.getByTestId("upgrade-banner")).toHaveCount(0);
    await visit("/upgrade");
    await expect(page.getByRole("heading", { level: 1, name: "You are already a Premium member" })).toBeVisible();
  });

  test("a made-up checkout session does not grant Premium", async ({ page, visit, student: _student }) => {
    const response = await visit("/upgrade/success?session_id=cs_test_not_a_real_one");
    expect(response?.status()).toBe(502);
    await expect(page.getByRole("heading", { level: 1, name: "Premium was not activated" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to the upgrade page" })).toHaveAttribute("href", "/upgrade");
    expect((await subscriptionOf(page.request)).isPremium).toBe(false);
  });

  test("a visitor is asked to log in first", async ({ page, visit }) => {
    await visit("/upgrade");
    await expect(page).toHaveURL("/login?redirect=%2Fupgrade");
  });
});

test("back from a 3-D Secure redirect, the success page checks the payment with Stripe", async ({ page, visit, student: _student }) => {
  const created = await page.request.post("/api/create-subscription");
  const { clientSecret, publishableKey } = Intent.parse(await created.json());
  const intentId = clientSecret.split("_secret_")[0] ?? "";

  // Returning before the payment went through grants nothing.
  const early = await visit(`/upgrade/success?payment_intent=${intentId}&redirect_status=failed`);
  expect(early?.status()).toBe(402);
  await expect(page.getByRole("heading", { level: 1, name: "Premium was not activated" })).toBeVisible();

  // The bank approved it (what Stripe.js does before redirecting back).
  const paid = await page.request.post(`${FAKE_STRIPE_URL}/v1/payment_intents/${intentId}/confirm`, {
    form: { key: publishableKey, client_secret: clientSecret, card_number: GOOD_CARD },
  });
  expect(paid.ok()).toBe(true);
  await visit(`/upgrade/success?payment_intent=${intentId}&payment_intent_client_secret=${clientSecret}&redirect_status=succeeded`);
  await expect(page.getByRole("heading", { level: 1, name: "Upgrade Successful" })).toBeVisible();
  expect((await subscriptionOf(page.request)).isPremium).toBe(true);
});

test.describe("Premium courses", () => {
  test("a free student sees the upgrade prompt on the course page and the Premium panel in its lessons", async ({ page, visit, student: _student, playwright, baseURL }) => {
    await useStripeStandIn(page);
    const course = await firstPremiumCourse(page.request);
    await visit(`/course/${course.id}`);
    await expect(page.getByTestId("premium-course-badge")).toBeVisible();
    const panel = page.getByTestId("premium-course-panel");
    await expect(panel).toContainText("This course is part of Premium.");
    await expect(page.getByRole("button", { name: /Start Course|Continue Learning/ })).toHaveCount(0);
    const upgrade = panel.getByRole("link", { name: "Upgrade to Premium" });
    await expect(upgrade).toHaveAttribute("href", "/upgrade");
    await upgrade.click();
    await expect(page.getByRole("dialog", { name: "Upgrade to Premium" }).getByRole("button", { name: "Pay $9.99 and upgrade" })).toBeEnabled();

    // The lessons' content is not the free student's to read, through the API either.
    expect((await page.request.get(`/api/courses/${course.id}/lessons`)).status()).toBe(403);
    const headmaster = await playwright.request.newContext({ baseURL });
    await loginThroughApi(headmaster, HEADMASTER);
    const [lesson] = Lessons.parse(await (await headmaster.get(`/api/courses/${course.id}/lessons`)).json());
    await headmaster.dispose();
    if (!lesson) throw new Error("The Premium course has no lessons");
    const response = await visit(`/course/${course.id}/lesson/${lesson.id}`);
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1, name: "Premium membership required" })).toBeVisible();
  });

  test("a visitor is asked to log in, and a Premium member may start the course", async ({ page, visit }) => {
    const course = await firstPremiumCourse(page.request);
    await visit(`/course/${course.id}`);
    await expect(page.getByTestId("premium-course-panel")).toContainText("Please log in first");
    await expect(page.getByRole("link", { name: "Log In to Continue" })).toHaveAttribute("href", `/login?redirect=/course/${course.id}`);

    await page.getByRole("link", { name: "Log In to Continue" }).click();
    await login(page, DEMO_PREMIUM);
    await expect(page).toHaveURL(`/course/${course.id}`);
    await expect(page.getByTestId("premium-course-panel")).toHaveCount(0);
    await expect(page.getByRole("button", { name: /Start Course|Continue Learning/ })).toBeVisible();
  });
});

test.describe("Premium in the portal", () => {
  test("a paying member cancels at the end of the period, sees the end date, and resumes", async ({ page, visit, student: _student }) => {
    await upgradeThroughApi(page.request);
    const { currentPeriodEnd } = await subscriptionOf(page.request);
    if (!currentPeriodEnd) throw new Error("A paid plan has a period end");
    const endDate = shortDate(currentPeriodEnd);

    await visit("/students");
    await expect(page.getByTestId("premium-badge")).toHaveText("Premium Member");
    const card = page.getByTestId("subscription-card");
    await expect(card.getByTestId("membership-renewal")).toHaveText(`Renews on ${endDate}`);

    await card.getByRole("button", { name: "Cancel at period end" }).click();
    await expect(page.getByTestId("toast-title")).toHaveText("Renewal Cancelled");
    await expect(card.getByTestId("membership-renewal")).toHaveText(`Ends on ${endDate}`);
    await expect(card.getByRole("button", { name: "Cancel at period end" })).toHaveCount(0);
    expect((await subscriptionOf(page.request)).cancelAtPeriodEnd).toBe(true);
    // Still Premium until then.
    await expect(page.getByTestId("premium-badge")).toBeVisible();

    await card.getByRole("button", { name: "Resume" }).click();
    await expect(page.getByTestId("toast-title")).toHaveText("Renewal Resumed");
    await expect(card.getByTestId("membership-renewal")).toHaveText(`Renews on ${endDate}`);
    expect((await subscriptionOf(page.request)).cancelAtPeriodEnd).toBe(false);
  });

  test("a Premium member's progress tab shows weekly learning time and time per course", async ({ page, visit, student: _student }) => {
    await upgradeThroughApi(page.request);
    await completeCourseThroughApi(page.request, FIRST_COURSE.id);

    await visit("/students?tab=progress");
    await expect(page.getByRole("heading", { name: "Advanced Analytics" })).toBeVisible();
    await expect(page.getByTestId("weekly-learning-chart")).toBeVisible();
    const rows = page.getByTestId("weekly-learning-table").locator("tbody tr");
    await expect(rows).toHaveCount(12);
    await expect(rows.last().locator("td").last()).not.toHaveText("0 min");
    const courseTime = page.getByTestId("course-time");
    await expect(courseTime).toHaveCount(1);
    await expect(courseTime).toContainText(FIRST_COURSE.title);
    // Some time, not none ("1 h 40 min" holds "0 min" too).
    await expect(courseTime).not.toContainText(/(?<!\d)0 min/);
  });

  test("a free student sees what advanced analytics would offer", async ({ page, visit }) => {
    await visit("/login");
    await login(page, DEMO_STUDENT);
    await expect(page).toHaveURL("/students");
    await visit("/students?tab=progress");
    await expect(page.getByTestId("analytics-teaser")).toBeVisible();
    await expect(page.getByTestId("weekly-learning-chart")).toHaveCount(0);
    await expect(page.getByRole("main").getByRole("link", { name: "Upgrade to Premium" })).toHaveAttribute("href", "/upgrade");
  });

  test("the demo Premium member, paid by arrangement, sees the plan but no online cancel", async ({ page, visit }) => {
    await visit("/login");
    await login(page, DEMO_PREMIUM);
    await expect(page).toHaveURL("/students");
    await expect(page.getByTestId("premium-badge")).toHaveText("Premium Member");
    const card = page.getByTestId("subscription-card");
    await expect(card.getByTestId("membership-renewal")).toHaveText(/^Renews on /);
    await expect(card.getByRole("button", { name: "Cancel at period end" })).toHaveCount(0);
  });
});
