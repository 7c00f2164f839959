import { expect, test } from "./helpers";

// Issue 39: signing out is a POST. The portal's Logout is a form that works
// without JavaScript; a GET of /api/logout (a link from any site) signs nobody
// out, and /logout asks before it does.

for (const javaScriptEnabled of [false, true]) {
  test.describe(`Signing out with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("the portal's Logout button signs the member out and goes home", async ({ page, visit, student }) => {
      await visit("/students");
      await expect(page.getByText(student.username).first()).toBeVisible();
      await page.getByRole("button", { name: "Logout" }).click();
      await expect(page).toHaveURL("/");
      await visit("/students");
      await expect(page).toHaveURL(/\/login\?redirect=%2Fstudents$/);
    });

    test("a link to /api/logout does not sign out; /logout asks, and its button does", async ({ page, visit, student }) => {
      // A JSON answer: nothing to hydrate, so not through visit().
      const link = await page.goto("/api/logout");
      expect(link?.status()).toBe(405);
      await visit("/students");
      await expect(page).toHaveURL("/students");

      await visit("/logout");
      await expect(page.getByRole("heading", { name: "Sign out?" })).toBeVisible();
      await expect(page.getByText(`You are signed in as ${student.username}.`)).toBeVisible();
      await page.getByRole("link", { name: "Stay signed in" }).click();
      await expect(page).toHaveURL("/students");

      await visit("/logout");
      await page.getByRole("button", { name: "Sign out" }).click();
      await expect(page).toHaveURL("/");
      await visit("/settings");
      await expect(page).toHaveURL(/\/login\?redirect=%2Fsettings$/);
    });
  });
}
