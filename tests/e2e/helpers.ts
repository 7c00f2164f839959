import { test as base, expect, type APIRequestContext, type Page, type Response } from "@playwright/test";
import { z } from "zod";

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
  // Loading and running the bundle takes longer than one assertion on a busy machine.
  await expect(page.getByRole("region", { name: /Notifications/ })).toBeAttached({ timeout: 15_000 });
}

export const captchaField = (page: Page) => page.getByLabel(/^Security check: What is \d+ \+ \d+\?$/);

/** Works out "What is A + B?". */
export function answerCaptchaQuestion(question: string): number {
  const match = question.match(/What is (\d+) \+ (\d+)\?/);
  if (!match) throw new Error(`Not a captcha question: "${question}"`);
  return Number(match[1]) + Number(match[2]);
}

/** Reads "Security check: What is A + B?" from the open page. */
export async function readCaptcha(page: Page): Promise<{ question: string; answer: number }> {
  const question = (await page.locator("label", { hasText: "Security check:" }).textContent()) ?? "";
  return { question, answer: answerCaptchaQuestion(question) };
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

const CaptchaChallenge = z.object({ token: z.string(), question: z.string() });

/**
 * Signs a new student up through the JSON API. The request context shares the
 * browser's cookies, so the page is signed in as that student afterwards.
 */
/** Signs a request context in through the JSON API (captcha answered), as the browser's form would. */
export async function loginThroughApi(request: APIRequestContext, credentials: Credentials): Promise<void> {
  const challenge = CaptchaChallenge.parse(await (await request.get("/api/captcha")).json());
  const response = await request.post("/api/login", {
    data: { ...credentials, captchaToken: challenge.token, captchaAnswer: answerCaptchaQuestion(challenge.question) },
  });
  expect(response.status(), await response.text()).toBe(200);
}

export async function registerThroughApi(request: APIRequestContext, credentials: Credentials): Promise<void> {
  const challenge = CaptchaChallenge.parse(await (await request.get("/api/captcha")).json());
  const response = await request.post("/api/register", {
    data: { ...credentials, captchaToken: challenge.token, captchaAnswer: answerCaptchaQuestion(challenge.question) },
  });
  expect(response.status(), await response.text()).toBe(201);
}

export const test = base.extend<{
  /** Opens a path and, when JavaScript is on, waits for the page to hydrate. */
  visit: (path: string) => Promise<Response | null>;
  /** A brand-new student, signed in on `page`. */
  student: Credentials;
}>({
  visit: async ({ page, javaScriptEnabled }, use) => {
    await use(async (path) => {
      const response = await page.goto(path);
      if (javaScriptEnabled) await waitUntilInteractive(page);
      return response;
    });
  },
  student: async ({ page }, use) => {
    const credentials = newStudentCredentials();
    await registerThroughApi(page.request, credentials);
    await use(credentials);
  },
});

export { expect };

/** 'Go Live' through the API as the headmaster, waiting (up to 30 s) for another story's session to end first. */
export async function goLiveThroughApi(api: APIRequestContext): Promise<number> {
  await loginThroughApi(api, HEADMASTER);
  let id: number | null = null;
  await expect
    .poll(
      async () => {
        const response = await api.post("/api/conferences/go-live");
        if (response.status() === 201) id = z.object({ id: z.number().int() }).parse(await response.json()).id;
        return response.status();
      },
      { timeout: 30_000, intervals: [250, 500, 1000] },
    )
    .toBe(201);
  if (id === null) throw new Error("Go Live answered 201 without a conference");
  return id;
}

/** Ends a session through the API (409: it had already ended). */
export async function endSessionThroughApi(api: APIRequestContext, id: number): Promise<void> {
  const response = await api.post(`/api/conferences/${id}/end`);
  expect([200, 409], await response.text()).toContain(response.status());
}
