import { test as base, expect, type Page, type Response } from "@playwright/test";

// Shared steps for the browser stories: who the demo people are, how a person
// answers the captcha, signs in and signs up, and fixtures that open pages and
// create fresh students.

export interface Credentials {
  username: string;
  password: string;
}

// Seeded at boot on the empty test database (db/seed.ts, playwright.config.ts).
export const DEMO_STUDENT: Credentials = { username: "seeker", password: "quiet-river-lantern" };
export const HEADMASTER: Credentials = { username: "headmaster", password: "correct-horse-battery-staple" };

/** A username no other test (or earlier run on the same server) has taken. */
export function uniqueUsername(prefix = "student"): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
}

export function newStudentCredentials(): Credentials {
  return { username: uniqueUsername(), password: "a-long-and-lovely-passphrase" };
}

/**
 * Waits until React has hydrated the page, so clicks and typing reach the
 * app's handlers. The toaster mounts its "Notifications" landmark only once
 * the page is hydrated.
 */
export async function waitUntilInteractive(page: Page): Promise<void> {
  await expect(page.getByRole("region", { name: /Notifications/ })).toBeAttached();
}

export const captchaField = (page: Page) => page.getByLabel(/^Security check: What is \d+ \+ \d+\?$/);

/** Reads "Security check: What is A + B?" and returns A + B. */
export async function readCaptcha(page: Page): Promise<{ question: string; answer: number }> {
  const label = page.locator("label", { hasText: "Security check:" });
  const question = (await label.textContent()) ?? "";
  const match = question.match(/What is (\d+) \+ (\d+)\?/);
  if (!match) throw new Error(`No captcha question on the page (label read "${question}")`);
  return { question, answer: Number(match[1]) + Number(match[2]) };
}

/** Answers the captcha like a person would; `wrongly` gives an answer that is off by one. */
export async function solveCaptcha(page: Page, { wrongly = false } = {}): Promise<string> {
  const { question, answer } = await readCaptcha(page);
  await captchaField(page).fill(String(wrongly ? answer + 1 : answer));
  return question;
}

/** Fills and sends the login form on the page that is open (/login). */
export async function login(page: Page, { username, password }: Credentials): Promise<void> {
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await solveCaptcha(page);
  await page.getByRole("button", { name: "Login" }).click();
}

/** Fills and sends the registration form on the page that is open (/login?mode=register). */
export async function register(
  page: Page,
  { username, password }: Credentials,
  { confirmPassword = password }: { confirmPassword?: string } = {},
): Promise<void> {
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm Password").fill(confirmPassword);
  await solveCaptcha(page);
  await page.getByRole("button", { name: "Register" }).click();
}

export const test = base.extend<{
  /** Opens a path and, when JavaScript is on, waits for the page to hydrate. */
  visit: (path: string) => Promise<Response | null>;
  /** A brand-new student, registered through the form and signed in on `page`. */
  student: Credentials;
}>({
  visit: async ({ page, javaScriptEnabled }, use) => {
    await use(async (path) => {
      const response = await page.goto(path);
      if (javaScriptEnabled) await waitUntilInteractive(page);
      return response;
    });
  },
  student: async ({ page, visit }, use) => {
    const credentials = newStudentCredentials();
    await visit("/login?mode=register");
    await register(page, credentials);
    await expect(page).toHaveURL("/students");
    await use(credentials);
  },
});

export { expect };
