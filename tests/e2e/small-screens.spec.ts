import type { Page } from "@playwright/test";
import { expect, HEADMASTER, loginThroughApi, test, waitUntilInteractive } from "./helpers";

// A phone 360 px wide (issue 14): nothing scrolls sideways, and the portal's
// first screen reaches "Continue Your Journey".

const STUDENT_ROUTES = [
  "/",
  "/students",
  "/students?tab=courses",
  "/students?tab=progress",
  "/students?tab=progress&view=courses",
  "/students?tab=progress&view=activity",
  "/students?tab=certificates",
  "/courses",
  "/course/1",
  "/course/1/lesson/1",
  "/community",
  "/community/category/1",
  "/community/topic/1",
  "/community/new-topic",
  "/knowledge-base",
  "/knowledge-base/1",
  "/tools-templates",
  "/themes",
  "/settings",
  "/notifications",
  "/recordings",
  "/join-conference/1",
  "/legal",
];

const ADMIN_ROUTES = [
  "/dashboard",
  "/dashboard?tab=courses",
  "/dashboard?tab=members",
  "/dashboard?tab=knowledge-base",
  "/dashboard?tab=analytics",
  "/admin",
  "/admin/members",
  "/admin/courses",
  "/admin/courses?new=1",
  "/admin/courses/1/lessons",
  "/admin/courses/1/lessons/4/quiz",
  "/admin/courses/1/lessons/4/assignment",
  "/reviews",
  "/admin/courses/1/gradebook",
  "/admin/notifications",
  "/admin/forum",
  "/admin/knowledge-base",
  "/admin/conference",
  "/admin/recordings",
  "/admin/companion",
];

/** The routes whose page is wider than the screen, with the widest culprit of each. */
async function overflowingRoutes(page: Page, routes: string[]) {
  const wide: string[] = [];
  for (const route of routes) {
    await page.goto(route);
    await waitUntilInteractive(page);
    const overflow = await page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      if (document.documentElement.scrollWidth <= width) return null;
      const culprit = [...document.body.querySelectorAll<HTMLElement>("*")].find((element) => element.getBoundingClientRect().right > width + 1);
      return `${document.documentElement.scrollWidth}px, e.g. <${culprit?.tagName.toLowerCase()} class="${culprit?.className}">`;
    });
    if (overflow) wide.push(`${route}: ${overflow}`);
  }
  return wide;
}

test.describe("On a phone (360 × 740)", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("no student page scrolls sideways", async ({ page, student: _student }) => {
    test.setTimeout(120_000);
    expect(await overflowingRoutes(page, STUDENT_ROUTES)).toEqual([]);
  });

  test("no admin page scrolls sideways, the analytics tab included", async ({ page }) => {
    test.setTimeout(120_000);
    await loginThroughApi(page.request, HEADMASTER);
    expect(await overflowingRoutes(page, ADMIN_ROUTES)).toEqual([]);
  });

  test("the portal's first screen shows Continue Your Journey", async ({ page, visit, student: _student }) => {
    await visit("/students");
    const heading = page.getByRole("heading", { name: "Continue Your Journey" });
    await expect(heading).toBeVisible();
    const box = await heading.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.y ?? Infinity) + (box?.height ?? 0)).toBeLessThanOrEqual(740);
    // Not pushed down by the upgrade banner or the four figures: they follow the journey on a phone.
    const figures = await page.getByRole("region", { name: "Your figures" }).boundingBox();
    expect(figures?.y ?? 0).toBeGreaterThan(box?.y ?? Infinity);
    const upgrade = await page.getByTestId("upgrade-banner").boundingBox();
    expect(upgrade?.y ?? 0).toBeGreaterThan(box?.y ?? Infinity);
  });
});
