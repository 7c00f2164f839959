import type { APIRequestContext } from "@playwright/test";
import { z } from "zod";
import { FAKE_STRIPE_URL } from "../../playwright.config";
import { startAcademy, type AcademyProcess } from "../../scripts/academy-process";
import { expect, HEADMASTER, login, loginThroughApi, newStudentCredentials, registerThroughApi, test } from "./helpers";
import { useStripeStandIn } from "./stripe-js";

// Promotion codes and trials in the browser: a member redeems a code on the
// embedded payment form (JavaScript on); an admin makes a code from the members
// page and a new member starts a Checkout trial (JavaScript off).

const GOOD_CARD = "4242 4242 4242 4242";
const Listing = z.object({ id: z.string(), code: z.string(), timesRedeemed: z.number() });
const uniqueCode = (prefix: string) => `${prefix}-${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1000)}`;

async function createCodeThroughApi(admin: APIRequestContext, body: Record<string, unknown>) {
  const response = await admin.post("/api/admin/promotion-codes", { data: body });
  expect(response.status(), await response.text()).toBe(201);
  return Listing.parse(await response.json());
}

test.describe("with JavaScript", () => {
  test("a student applies a promotion code, sees the discounted price and pays it", async ({ page, visit, student: _student, playwright, baseURL }) => {
    const admin = await playwright.request.newContext({ baseURL });
    await loginThroughApi(admin, HEADMASTER);
    const code = uniqueCode("HALF");
    const created = await createCodeThroughApi(admin, { code, discountType: "percent", percentOff: 50, duration: "repeating", durationInMonths: 3 });

    const stripe = await useStripeStandIn(page);
    await visit("/upgrade");
    const pay = page.getByRole("button", { name: "Pay $9.99 and upgrade" });
    await expect(pay).toBeEnabled();

    // A wrong code says so and leaves the form as it was.
    await page.getByLabel("Promotion code", { exact: true }).fill("NOT-A-CODE");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByRole("alert").filter({ hasText: 'The promotion code "NOT-A-CODE" is not valid.' })).toBeVisible();
    await expect(pay).toBeEnabled();

    await page.getByLabel("Promotion code", { exact: true }).fill(code.toLowerCase());
    await page.getByRole("button", { name: "Apply" }).click();
    const summary = page.getByTestId("payment-summary");
    await expect(summary.getByTestId("amount-due")).toHaveText("$4.99");
    await expect(summary.getByTestId("promotion-applied")).toContainText(`Code ${code}: 50% off for 3 months — $4.99/month instead of $9.99/month.`);
    const discounted = page.getByRole("button", { name: "Pay $4.99 and upgrade" });
    await expect(discounted).toBeEnabled();
    await page.getByLabel("Card number").fill(GOOD_CARD);
    await discounted.click();

    await expect(page.getByRole("heading", { level: 1, name: "You are already a Premium member" })).toBeVisible({ timeout: 15_000 });
    expect(stripe.confirmations).toBe(1);
    const listed = z.array(Listing).parse(await (await admin.get("/api/admin/promotion-codes")).json());
    expect(listed.find((entry) => entry.id === created.id)?.timesRedeemed).toBe(1);
    await admin.dispose();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an admin creates a promotion code on the members page, sees it listed, and deactivates it", async ({ page, visit }) => {
    await visit("/login");
    await login(page, HEADMASTER);
    await visit("/admin/members");
    const form = page.getByRole("form", { name: "New promotion code" });
    const code = uniqueCode("SPRING");

    // Checked on the server: a missing percentage comes back as the field's error.
    await form.getByLabel("Code members type").fill(code);
    await form.getByRole("button", { name: "Create Promotion Code" }).click();
    await expect(page.getByText("Enter the percentage off")).toBeVisible();

    await form.getByLabel("Code members type").fill(code);
    await form.getByLabel("Discount", { exact: true }).selectOption("amount");
    await form.getByLabel("Amount off in dollars").fill("2.50");
    await form.getByLabel("Applies").selectOption("forever");
    await form.getByLabel("Max redemptions (optional)").fill("20");
    await form.getByLabel("Last day it works (optional)").fill("2099-06-30");
    await form.getByRole("button", { name: "Create Promotion Code" }).click();

    const row = page.getByTestId("promotion-code-row").filter({ hasText: code });
    await expect(row).toContainText("$2.50 off every month");
    await expect(row.getByTestId("promotion-code-redemptions")).toHaveText("0 of 20");
    await expect(row).toContainText("Jun 30, 2099");
    await expect(row.getByTestId("promotion-code-status")).toHaveText("Active");

    await row.getByRole("button", { name: `Deactivate ${code}` }).click();
    await expect(page.getByTestId("promotion-code-row").filter({ hasText: code }).getByTestId("promotion-code-status")).toHaveText("Inactive");
  });

  test.describe("with a 7-day trial configured", () => {
    let trialAcademy: AcademyProcess;
    test.beforeAll(async () => {
      trialAcademy = await startAcademy({
        STRIPE_SECRET_KEY: "sk_test_e2e_trial",
        STRIPE_PUBLISHABLE_KEY: "pk_test_e2e_trial",
        STRIPE_WEBHOOK_SECRET: "whsec_e2e_trial",
        STRIPE_API_URL: FAKE_STRIPE_URL,
        STRIPE_TRIAL_DAYS: "7",
      });
    });
    test.afterAll(async () => {
      await trialAcademy?.stop();
    });

    test("a new member starts the trial through Checkout and the portal says when it ends", async ({ browser }) => {
      const context = await browser.newContext({ baseURL: trialAcademy.baseUrl, javaScriptEnabled: false });
      const page = await context.newPage();
      await registerThroughApi(context.request, newStudentCredentials());

      await page.goto("/upgrade");
      await expect(page.getByTestId("trial-offer")).toContainText("Start with 7 days free");
      await page.getByRole("button", { name: "Continue to secure checkout" }).click();

      await expect(page).toHaveURL(new RegExp(`^${FAKE_STRIPE_URL}/checkout/cs_test_`));
      await expect(page.getByTestId("checkout-trial")).toHaveText("7-day free trial: $0.00 due today");
      await page.getByRole("button", { name: "Start trial" }).click();

      await expect(page.getByRole("heading", { level: 1, name: "Upgrade Successful" })).toBeVisible();
      await expect(page.getByTestId("membership-renewal")).toHaveText(/^Trial ends on [A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
      await page.goto("/students");
      await expect(page.getByTestId("premium-badge")).toHaveText("Premium Member");
      await expect(page.getByTestId("subscription-card").getByTestId("membership-renewal")).toHaveText(/^Trial ends on /);
      await context.close();
    });
  });
});
