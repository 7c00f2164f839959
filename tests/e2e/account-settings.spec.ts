import { expect, login, test } from "./helpers";

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

    await visit("/api/logout");
    await visit("/login");
    await login(page, { username: student.username, password: "a fresh and quiet passphrase" });
    await expect(page).toHaveURL("/students");
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
