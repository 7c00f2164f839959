import { startAcademy, type AcademyProcess } from "../../scripts/academy-process";
import { expect, login, newStudentCredentials, registerThroughApi, test } from "./helpers";

test.describe("Account settings without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a member changes their password with the plain form and signs in with the new one", async ({ page, visit, student }) => {
    await visit("/settings");
    await page.getByLabel("Current password", { exact: true }).fill(student.password);
    await page.getByLabel("New password", { exact: true }).fill("a fresh and quiet passphrase");
    await page.getByLabel("Confirm new password", { exact: true }).fill("a fresh and quiet passphrase");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page).toHaveURL("/settings");
    await expect(page.getByText("Password changed", { exact: true })).toBeVisible();

    await visit("/students");
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL("/");
    await visit("/login");
    await login(page, { username: student.username, password: "a fresh and quiet passphrase" });
    await expect(page).toHaveURL("/students");
  });
});

// Issues 30 and 39: a session's wrong current passwords are limited, and the
// one that spends the allowance signs it out. On its own server with a small
// limit, so the shared server's addresses stay unlimited.
test.describe("Too many wrong current passwords, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  const MAX_FAILURES = 3;
  let academy: AcademyProcess;
  test.beforeAll(async () => {
    academy = await startAcademy({ LOGIN_MAX_FAILURES: String(MAX_FAILURES) });
  });
  test.afterAll(async () => {
    await academy?.stop();
  });

  test("the password form says so with 429, and the browser is signed out", async ({ browser }) => {
    const context = await browser.newContext({ baseURL: academy.baseUrl, javaScriptEnabled: false });
    const page = await context.newPage();
    const member = newStudentCredentials();
    await registerThroughApi(context.request, member);

    await page.goto("/settings");
    const changePassword = async (current: string) => {
      await page.getByLabel("Current password", { exact: true }).fill(current);
      await page.getByLabel("New password", { exact: true }).fill("a fresh and quiet passphrase");
      await page.getByLabel("Confirm new password", { exact: true }).fill("a fresh and quiet passphrase");
      const answer = page.waitForResponse((response) => response.url().endsWith("/settings") && response.request().method() === "POST");
      await page.getByRole("button", { name: "Change password" }).click();
      return answer;
    };
    for (let attempt = 0; attempt < MAX_FAILURES - 1; attempt++) {
      expect((await changePassword(`wrong guess number ${attempt}`)).status()).toBe(400);
      await expect(page.getByText("Your current password is not correct.")).toBeVisible();
    }
    // The wrong guess that spends the allowance.
    const refused = await changePassword("the last wrong guess");
    expect(refused.status()).toBe(429);
    expect(Number(await refused.headerValue("Retry-After"))).toBeGreaterThan(0);
    await expect(page.getByRole("heading", { name: "Signed out" })).toBeVisible();
    await expect(page.getByText("Too many wrong passwords.")).toBeVisible();

    await page.getByRole("link", { name: "Sign in again" }).click();
    await expect(page).toHaveURL("/login?redirect=%2Fsettings");
    await page.goto("/settings");
    await expect(page).toHaveURL(/\/login\?redirect=%2Fsettings$/);
    await context.close();
  });
});

test.describe("Account settings with JavaScript", () => {
  test("a member reaches settings from the portal, saves a private email and is told a wrong current password", async ({ page, visit, student }) => {
    await visit("/students");
    await page.getByRole("link", { name: "Settings", exact: true }).click();
    await expect(page).toHaveURL("/settings");
    await expect(page.getByText(`You sign in as ${student.username}.`)).toBeVisible();

    await page.getByLabel("Email (optional)").fill("not an email");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByLabel("Email (optional)")).toHaveAccessibleDescription("Enter a real email address, like name@example.com.");
    await page.getByLabel("Email (optional)").fill(`${student.username}@Example.com`);
    await page.getByLabel("First name").fill("Luna");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByTestId("toast-title")).toHaveText("Profile saved");
    await expect(page.getByLabel("Email (optional)")).toHaveValue(`${student.username}@example.com`);

    await page.getByLabel("Current password", { exact: true }).fill("this is not it at all");
    await page.getByLabel("New password", { exact: true }).fill("a fresh and quiet passphrase");
    await page.getByLabel("Confirm new password", { exact: true }).fill("a fresh and quiet passphrase");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByLabel("Current password", { exact: true })).toHaveAccessibleDescription("Your current password is not correct.");
  });
});
