import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { THEME_IDS, type ThemeId, DEFAULT_THEME, DEFAULT_THEME_SETTINGS, themeStyle } from "~/utils/themes";
import { expect, HEADMASTER, loginThroughApi, registerThroughApi, newStudentCredentials, test, waitUntilInteractive } from "./helpers";

// Every page of every role (learner-area §2 route map, admin-community-area §2),
// checked by axe-core for WCAG 2.1 A/AA. A theme changes only colours (CSS
// variables on <html>, set by root.tsx from themeStyle), so each page is loaded
// once: the full rule set runs in the default theme, then the colour rules run
// again with each other theme's variables applied in place. One story checks
// that the server renders a saved theme with exactly those variables.

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];
const BLOCKING = new Set(["serious", "critical"]);

// Ids from the demo seed (db/seed.ts): course 1 is free with lessons 1–4,
// course 3 is Premium with lesson 9, conference 1 is the monthly Premium Q&A.
const VISITOR_ROUTES = [
  "/",
  "/login",
  "/login?mode=register",
  "/course/1",
  "/community",
  "/community/category/1",
  "/knowledge-base",
  "/knowledge-base/1",
  "/tools-templates",
  "/themes",
  "/legal",
  "/certificates/MA-0000-0000",
  "/no-such-page",
];

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
  "/course/3",
  "/course/1/lesson/1",
  // The demo lesson's own captioned video, with its transcript (issue 38).
  "/course/1/lesson/2?section=4",
  "/community",
  "/community/category/1",
  "/community/category/1?new=1",
  "/community/topic/1",
  "/community/new-topic",
  "/knowledge-base",
  "/knowledge-base?q=reading",
  "/knowledge-base/1",
  "/tools-templates",
  "/themes",
  "/theme-settings",
  "/settings",
  "/notifications",
  "/recordings",
  "/join-conference/1",
];

const PREMIUM_ROUTES = [
  "/students",
  "/students?tab=progress",
  "/course/3",
  "/course/3/lesson/9",
  "/tools-templates",
  "/recordings",
  "/join-conference/1",
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
  "/admin/courses/1/lessons/2/captions",
  "/admin/courses/1/gradebook",
  "/admin/notifications",
  "/admin/courses/1/lessons?new=1",
  "/admin/forum",
  "/admin/forum?new=1",
  "/admin/knowledge-base",
  "/admin/knowledge-base?new=1",
  "/admin/conference",
  "/admin/conference?new=1",
  "/admin-conference",
  "/admin/recordings",
  "/admin/companion",
  "/tools-templates?upload=1",
];

/**
 * The other six themes differ only in colour: their colour rules run on one
 * page of each layout (public page, form, portal, lesson, forum, settings,
 * admin table, admin dialog, chart), which keeps the sweep inside CI's time.
 * Every text, button and control pair of every theme is also checked
 * exhaustively by tests/unit/theme-contrast.test.ts.
 */
const THEME_SAMPLE = new Set([
  "/",
  "/login",
  "/course/1",
  "/knowledge-base/1",
  "/students",
  "/course/1/lesson/1",
  "/community/topic/1",
  "/settings",
  "/course/3/lesson/9",
  "/dashboard?tab=analytics",
  "/admin/members",
  "/admin/forum?new=1",
  "/admin/conference",
]);

async function setTheme(page: Page, theme: ThemeId) {
  const response = await page.request.put("/api/user/theme", { data: { moodTheme: theme, themeSettings: DEFAULT_THEME_SETTINGS } });
  expect(response.status(), await response.text()).toBe(200);
}

/** What root.tsx puts on <html> for a theme: the same attribute and variables, applied in place. */
async function applyThemeInPlace(page: Page, theme: ThemeId) {
  await page.evaluate(
    ({ id, style }) => {
      document.documentElement.dataset.theme = id;
      for (const [name, value] of Object.entries(style)) document.documentElement.style.setProperty(name, value);
    },
    { id: theme, style: themeStyle(theme, DEFAULT_THEME_SETTINGS) },
  );
}

interface AxeViolation {
  id: string;
  impact?: string | null;
  nodes: { target: unknown[] }[];
}

function describeBlocking(route: string, theme: string, violations: AxeViolation[]): string[] {
  return violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ""))
    .map((violation) => {
      const targets = violation.nodes.slice(0, 5).map((node) => node.target.join(" "));
      return `${route} [${theme}] ${violation.id} (${violation.impact}): ${targets.join(" | ")}`;
    });
}

/**
 * Opens each route once: every WCAG A/AA rule in the current theme, then the
 * colour rules again in each of `otherThemes` on the THEME_SAMPLE pages. Video embeds are third-party
 * frames (and offline here), so frames are left out.
 */
async function sweep(page: Page, routes: string[], { theme, otherThemes }: { theme: string; otherThemes: readonly ThemeId[] }) {
  const found: string[] = [];
  for (const route of routes) {
    await page.goto(route);
    await waitUntilInteractive(page);
    // Buttons fade between colours; a theme switch must not be measured halfway through.
    await page.addStyleTag({ content: "*, *::before, *::after { transition: none !important; animation: none !important; }" });
    const full = await new AxeBuilder({ page })
      .setLegacyMode()
      .options({ iframes: false, resultTypes: ["violations"] })
      .exclude("iframe")
      .withTags(WCAG_TAGS)
      .analyze();
    found.push(...describeBlocking(route, theme, full.violations));
    for (const other of THEME_SAMPLE.has(route) ? otherThemes : []) {
      await applyThemeInPlace(page, other);
      // axe-core is already in the page from the full run above.
      const colours = await page.evaluate(
        async (rules) => {
          const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe;
          const result = await axe.run({ exclude: [["iframe"]] }, { runOnly: rules, iframes: false, resultTypes: ["violations"] });
          return result.violations.map(({ id, impact, nodes }) => ({ id, impact, nodes: nodes.map(({ target }) => ({ target })) }));
        },
        COLOUR_RULES,
      );
      found.push(...describeBlocking(route, other, colours));
    }
  }
  return found;
}

const OTHER_THEMES = THEME_IDS.filter((id) => id !== DEFAULT_THEME);

/** The server renders a saved theme exactly as applyThemeInPlace does. */
async function expectServerRendersTheme(page: Page, theme: ThemeId) {
  await setTheme(page, theme);
  try {
    await page.goto("/themes");
    const html = page.locator("html");
    await expect(html).toHaveAttribute("data-theme", theme);
    for (const [name, value] of Object.entries(themeStyle(theme, DEFAULT_THEME_SETTINGS))) {
      expect(await html.evaluate((element, variable) => element.style.getPropertyValue(variable), name)).toBe(value);
    }
  } finally {
    await setTheme(page, DEFAULT_THEME);
  }
}

// About 90 s for the whole sweep on an idle two-core machine; the limits leave
// room for a busy one.
test.describe("Accessibility (axe-core, WCAG 2.1 AA)", () => {
  // The four roles are independent: let both workers share them.
  test.describe.configure({ mode: "parallel" });

  test("a visitor's pages have no serious or critical violations in any theme", async ({ page }) => {
    test.setTimeout(180_000);
    expect(await sweep(page, VISITOR_ROUTES, { theme: "default", otherThemes: OTHER_THEMES })).toEqual([]);
  });

  test("a student's pages have none in any theme", async ({ page }) => {
    test.setTimeout(360_000);
    await registerThroughApi(page.request, newStudentCredentials());
    await expectServerRendersTheme(page, "solar");
    expect(await sweep(page, STUDENT_ROUTES, { theme: DEFAULT_THEME, otherThemes: OTHER_THEMES })).toEqual([]);
  });

  test("a Premium member's pages have none in any theme", async ({ page }) => {
    test.setTimeout(180_000);
    await loginThroughApi(page.request, { username: "oracle", password: "silver-moon-compass" });
    expect(await sweep(page, PREMIUM_ROUTES, { theme: DEFAULT_THEME, otherThemes: OTHER_THEMES })).toEqual([]);
  });

  test("the admin's pages have none in any theme", async ({ page }) => {
    test.setTimeout(360_000);
    await loginThroughApi(page.request, HEADMASTER);
    expect(await sweep(page, ADMIN_ROUTES, { theme: DEFAULT_THEME, otherThemes: OTHER_THEMES })).toEqual([]);
  });
});
