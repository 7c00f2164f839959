import type { Page } from "@playwright/test";
import { expect, test } from "./helpers";

const html = (page: Page) => page.locator("html");

test("a member previews a theme locally, and only Apply saves it for every page", async ({ page, student: _student, visit }) => {
  await visit("/themes");
  await page.getByText("Solar Power").click();
  await expect(html(page)).toHaveAttribute("data-theme", "solar"); // the preview
  const before = await (await page.request.get("/api/auth-status")).json();
  expect(before.user.moodTheme).toBe("celestial");

  await page.getByRole("button", { name: "Apply Spiritual Theme" }).click();
  await expect(page.getByTestId("toast-title")).toHaveText("Theme Applied");
  await expect(page.getByTestId("current-theme")).toHaveText("Solar Power");
  const served = await (await page.request.get("/knowledge-base")).text();
  expect(served).toMatch(/<html[^>]*data-theme="solar"/);
});

test("the particle layer is there by default and absent for reduced motion", async ({ page, student: _student, visit }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await visit("/");
  await expect(page.getByTestId("particle-layer")).toHaveCount(0);
  await page.emulateMedia({ reducedMotion: "no-preference" });
  await expect(page.getByTestId("particle-layer")).toHaveAttribute("data-state", "running");
  await page.emulateMedia({ reducedMotion: "reduce" });
  await expect(page.getByTestId("particle-layer")).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a visitor saves a theme with the plain form", async ({ page, visit }) => {
    await visit("/themes");
    await page.getByText("Heart Chakra").click();
    await page.getByRole("button", { name: "Apply Spiritual Theme" }).click();
    await expect(page.getByTestId("toast-title")).toHaveText("Theme Applied");
    await expect(html(page)).toHaveAttribute("data-theme", "heart");
    await visit("/knowledge-base");
    await expect(html(page)).toHaveAttribute("data-theme", "heart");
  });
});
