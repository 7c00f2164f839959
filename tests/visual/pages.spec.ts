import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { VISUAL_NOW } from "../../playwright.visual.config";
import { DEMO_STUDENT, HEADMASTER, login, waitUntilInteractive } from "../e2e/helpers";

// What the academy looks like, page by page (issue 31: every button lost its
// style and no test noticed). Each page is compared with its committed
// baseline at a desktop and a phone width, in the default theme, a dark mood
// theme and the lightest one. Refresh the baselines after an intended change
// with `npm run test:visual -- --update-snapshots`, and look at every picture
// that changed before committing it.

type Viewer = "visitor" | "student" | "admin";

// Celestial is the default; every theme has a dark background, and Crystal
// Clarity's pale primary and accent are the lightest (its buttons carry dark text).
const THEMES = ["celestial", "storm", "crystal"] as const;
const WIDTHS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const;

const PAGES: { name: string; path: string; viewer: Viewer }[] = [
  { name: "landing", path: "/", viewer: "visitor" },
  { name: "login", path: "/login", viewer: "visitor" },
  { name: "portal", path: "/students", viewer: "student" },
  { name: "course", path: "/course/1", viewer: "student" },
  { name: "lesson", path: "/course/1/lesson/1", viewer: "student" },
  { name: "forum-topic", path: "/community/topic/1", viewer: "student" },
  { name: "settings", path: "/settings", viewer: "student" },
  { name: "admin-dashboard", path: "/admin", viewer: "admin" },
  { name: "course-editor", path: "/admin/courses?edit=1", viewer: "admin" },
];

// One signed-in browser context per viewer for the whole run (one worker: the
// theme is saved on the account, so two themes must never be shot at once).
const contexts = new Map<Viewer, BrowserContext>();

async function openContext(browser: Browser, viewer: Viewer): Promise<BrowserContext> {
  const context = await browser.newContext();
  if (viewer !== "visitor") {
    const page = await context.newPage();
    await page.goto("/login");
    await waitUntilInteractive(page);
    await login(page, viewer === "admin" ? HEADMASTER : DEMO_STUDENT);
    await expect(page).not.toHaveURL(/\/login/);
    await page.close();
  }
  return context;
}

/**
 * Saves the theme the way the themes page does (a member's profile, a
 * visitor's cookie), with particles off, and follows the redirect so the
 * "Theme Applied" toast is shown there and not on the page to be compared.
 */
async function chooseTheme(page: Page, baseURL: string, theme: string): Promise<void> {
  const response = await page.request.post("/themes", {
    form: { moodTheme: theme, animationSpeed: "1", glowIntensity: "50" },
    headers: { Origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test.beforeAll(async ({ browser }) => {
  for (const viewer of ["visitor", "student", "admin"] as const) contexts.set(viewer, await openContext(browser, viewer));
});

test.afterAll(async () => {
  for (const context of contexts.values()) await context.close();
});

for (const theme of THEMES) {
  for (const { name, path, viewer } of PAGES) {
    test(`${name} in ${theme}`, async ({ baseURL }) => {
      const context = contexts.get(viewer);
      if (!context) throw new Error(`no browser context for ${viewer}`);
      const page = await context.newPage();
      // The browser's clock agrees with the server's (playwright.visual.config.ts).
      await page.clock.install({ time: new Date(VISUAL_NOW) });
      await chooseTheme(page, baseURL ?? "", theme);
      for (const { name: width, ...size } of WIDTHS) {
        await page.setViewportSize(size);
        await page.goto(`${baseURL}${path}`);
        await waitUntilInteractive(page);
        await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
        await expect(page).toHaveScreenshot(`${name}-${theme}-${width}.png`, {
          // The sign-in captcha asks a new sum each time.
          // The member's learning time grows with this suite's own lesson visits.
          mask: [page.getByText(/What is \d+ \+ \d+\?/), page.getByText(/^Learning time/).locator("..")],
        });
      }
      await page.close();
    });
  }
}
