import type { Page } from "@playwright/test";
import { expect, test } from "./helpers";

// The header's, footer's and list rows' links are plain anchors the app follows
// itself (app/components/ui/in-app-links.ts): no page load with JavaScript,
// ordinary links without it.

/** Marks the loaded document; a full page load forgets the mark. */
async function markDocument(page: Page) {
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
}
const stillSameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

test.describe("Links across the site with JavaScript", () => {
  test("header, footer and list links change the page without loading a new document", async ({ page, visit, student: _student }) => {
    await visit("/students");
    await markDocument(page);

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Community" }).click();
    await expect(page).toHaveURL(/\/community$/);
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Community" })).toHaveAttribute("aria-current", "page");

    await page.getByRole("contentinfo").getByRole("link", { name: "Knowledge Base" }).click();
    await expect(page).toHaveURL(/\/knowledge-base$/);
    await expect(page.getByRole("heading", { level: 1, name: "Knowledge Base" })).toBeVisible();

    await page.getByTestId("kb-article-card").first().getByRole("link").click();
    await expect(page).toHaveURL(/\/knowledge-base\/\d+$/);
    expect(await stillSameDocument(page)).toBe(true);
  });

  test("a link to the page already shown does not add a history entry", async ({ page, visit }) => {
    await visit("/");
    const main = page.getByRole("navigation", { name: "Main" });
    await main.getByRole("link", { name: "Community" }).click();
    await expect(page).toHaveURL(/\/community$/);
    await main.getByRole("link", { name: "Community" }).click();
    await expect(page).toHaveURL(/\/community$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
  });

  test("a click with a modifier key is left to the browser", async ({ page, visit, context }) => {
    await visit("/");
    const opened = context.waitForEvent("page");
    await page.getByRole("contentinfo").getByRole("link", { name: "Community Forum" }).click({ modifiers: ["ControlOrMeta"] });
    const tab = await opened;
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe("/community");
    // The page itself stayed where it was.
    expect(new URL(page.url()).pathname).toBe("/");
  });
});

test.describe("Links across the site without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("are ordinary links", async ({ page, visit }) => {
    await visit("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Tools & Templates" }).click();
    await expect(page).toHaveURL(/\/tools-templates$/);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Knowledge" }).click();
    await expect(page).toHaveURL(/\/knowledge-base$/);
  });
});
