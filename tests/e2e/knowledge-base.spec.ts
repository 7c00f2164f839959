import { expect, test } from "./helpers";

test.describe("A visitor reading the knowledge base", () => {
  test("searches, filters by category and opens an article", async ({ page, visit }) => {
    await visit("/knowledge-base");
    await expect(page.getByRole("heading", { level: 1, name: "Knowledge Base" })).toBeVisible();
    const categories = page.getByRole("navigation", { name: "Categories" });
    await expect(categories.getByRole("link", { name: "all", exact: true })).toHaveAttribute("aria-current", "page");

    const search = page.getByRole("searchbox", { name: "Search articles" });
    await search.fill("habit");
    await search.press("Enter");
    await expect(page).toHaveURL(/\/knowledge-base\?q=habit/);
    const card = page.getByTestId("kb-article-card").filter({ hasText: "How to Build a Steady Study Habit" });
    await expect(card).toBeVisible();
    await expect(card.locator("mark").first()).toHaveText(/habit/i);

    await categories.getByRole("link", { name: "Community", exact: true }).click();
    await expect(page).toHaveURL(/category=Community/);
    await expect(page.getByText("No articles found")).toBeVisible();
    await categories.getByRole("link", { name: "all", exact: true }).click();
    await expect(card).toBeVisible();

    await card.getByRole("link", { name: "How to Build a Steady Study Habit" }).click();
    await expect(page).toHaveURL(/\/knowledge-base\/\d+$/);
    await expect(page.getByRole("heading", { level: 1, name: "How to Build a Steady Study Habit" })).toBeVisible();
    await expect(page.locator(".prose-academy")).not.toBeEmpty();

    await page.getByRole("link", { name: "Back to Knowledge Base" }).click();
    await expect(page).toHaveURL(/\/knowledge-base$/);
    await expect(page.getByTestId("kb-article-card").first()).toBeVisible();
  });
});
