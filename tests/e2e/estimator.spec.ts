import type { Page } from "@playwright/test";
import { expect, test } from "./helpers";

// The Mystical Revenue Oracle on the landing page:
// commissions = 50% of personal sales + store sales + 10% of what referred advisors and clients spend;
// a 10% sales bonus above $5,000 of personal sales; a 10% team bonus above $5,000 of referral sales.

const FIGURE_LABELS = {
  personalSales: "Personal sales ($ per month)",
  storeSales: "Store sales ($ per month)",
  referredAdvisors: "Referred advisors",
  referredAdvisorSales: "Average sales per referred advisor ($)",
  referredClients: "Referred clients",
  referredClientPurchases: "Average purchases per referred client ($)",
} as const;
type Figure = keyof typeof FIGURE_LABELS;
const FIGURES: Figure[] = [
  "personalSales",
  "storeSales",
  "referredAdvisors",
  "referredAdvisorSales",
  "referredClients",
  "referredClientPurchases",
];

const figureField = (page: Page, figure: Figure) => page.getByLabel(FIGURE_LABELS[figure], { exact: true });
const itemPriceField = (page: Page) => page.getByLabel("Store item price ($)", { exact: true });

async function enterFigures(page: Page, figures: Partial<Record<Figure, number>>): Promise<void> {
  for (const figure of FIGURES) {
    const value = figures[figure];
    if (value !== undefined) await figureField(page, figure).fill(String(value));
  }
}

function carriesFigures(body: unknown, figures: Record<Figure, number>): boolean {
  if (typeof body !== "object" || body === null) return false;
  const sent = new Map(Object.entries(body));
  return FIGURES.every((figure) => sent.get(figure) === figures[figure]);
}

async function expectEstimate(
  page: Page,
  estimate: { total: string; commissions: string; salesBonus: string; teamBonus: string },
): Promise<void> {
  await expect(page.getByTestId("oracle-total")).toHaveText(estimate.total);
  await expect(page.getByTestId("oracle-commissions")).toHaveText(estimate.commissions);
  await expect(page.getByTestId("oracle-sales-bonus")).toHaveText(estimate.salesBonus);
  await expect(page.getByTestId("oracle-team-bonus")).toHaveText(estimate.teamBonus);
}

// Personal 6,000 earns the sales bonus; advisors 10 × 400 + clients 20 × 100 = 6,000 earns the team bonus.
const THRIVING_MONTH = {
  personalSales: 6000,
  storeSales: 200,
  referredAdvisors: 10,
  referredAdvisorSales: 400,
  referredClients: 20,
  referredClientPurchases: 100,
};
const THRIVING_ESTIMATE = { commissions: "$3,800", salesBonus: "$600", teamBonus: "$600", total: "$5,000" };

test.describe("A visitor consulting the Revenue Oracle", () => {
  test("sees commissions and both bonuses as they type", async ({ page, visit }) => {
    await visit("/");
    await expectEstimate(page, { total: "$0", commissions: "$0", salesBonus: "$0", teamBonus: "$0" });

    await enterFigures(page, THRIVING_MONTH);

    await expectEstimate(page, THRIVING_ESTIMATE);
  });

  test("earns no bonus at exactly $5,000, only above it", async ({ page, visit }) => {
    await visit("/");
    // Personal sales of 5,000 and referral sales of 10 × 300 + 20 × 100 = 5,000: on the line, not over it.
    await enterFigures(page, {
      personalSales: 5000,
      storeSales: 0,
      referredAdvisors: 10,
      referredAdvisorSales: 300,
      referredClients: 20,
      referredClientPurchases: 100,
    });
    await expectEstimate(page, { commissions: "$3,000", salesBonus: "$0", teamBonus: "$0", total: "$3,000" });

    await enterFigures(page, { personalSales: 5010 });
    await expectEstimate(page, { commissions: "$3,005", salesBonus: "$501", teamBonus: "$0", total: "$3,506" });
  });

  test("counts empty and unreadable figures as zero", async ({ page, visit }) => {
    await visit("/");
    await enterFigures(page, THRIVING_MONTH);
    await expectEstimate(page, THRIVING_ESTIMATE);

    // No referred advisors any more: 3,000 + 200 + 200 in commissions, referral sales 2,000 (no team bonus).
    await figureField(page, "referredAdvisors").clear();
    await expectEstimate(page, { commissions: "$3,400", salesBonus: "$600", teamBonus: "$0", total: "$4,000" });

    // Something that is not a number at all.
    const personal = figureField(page, "personalSales");
    await personal.clear();
    await personal.pressSequentially("--6");
    await expectEstimate(page, { commissions: "$400", salesBonus: "$0", teamBonus: "$0", total: "$400" });
  });

  test("sees what store visitors pay once the 15% fee is added", async ({ page, visit }) => {
    await visit("/");
    await itemPriceField(page).fill("25");
    await expect(page.getByTestId("oracle-store-price")).toHaveText("$28.75");
    await itemPriceField(page).fill("10");
    await expect(page.getByTestId("oracle-store-price")).toHaveText("$11.50");
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("asks the server to calculate", async ({ page, visit }) => {
      await visit("/");
      await enterFigures(page, THRIVING_MONTH);
      await itemPriceField(page).fill("20");
      await page.getByRole("button", { name: "Calculate", exact: true }).click();

      await expectEstimate(page, THRIVING_ESTIMATE);
      await expect(page.getByTestId("oracle-store-price")).toHaveText("$23.00");
      await expect(figureField(page, "personalSales")).toHaveValue("6000");
      await expect(figureField(page, "referredClients")).toHaveValue("20");
    });
  });
});

test.describe("A signed-in student consulting the Revenue Oracle", () => {
  test("finds their figures again after reloading", async ({ page, visit, student }) => {
    await visit("/");
    await expect(page.getByText(`Welcome back, ${student.username}.`)).toBeVisible();
    await expect(page.getByRole("button", { name: "Calculate & save" })).toBeVisible();

    // Saving is debounced while typing: wait for the save that carries the final figures.
    const saved = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === "/api/calculator" &&
        response.request().method() === "PUT" &&
        carriesFigures(response.request().postDataJSON(), THRIVING_MONTH),
    );
    await enterFigures(page, THRIVING_MONTH);
    await expectEstimate(page, THRIVING_ESTIMATE);
    expect((await saved).ok()).toBe(true);

    await page.reload();

    await expectEstimate(page, THRIVING_ESTIMATE);
    for (const figure of FIGURES) {
      await expect(figureField(page, figure)).toHaveValue(String(THRIVING_MONTH[figure]));
    }
  });
});
