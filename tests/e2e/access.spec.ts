import { DEMO_STUDENT, expect, login, test } from "./helpers";

test.describe("The administrative realm", () => {
  test("turns a student back to the portal with a notice", async ({ page, visit, student }) => {
    await visit("/admin");

    await expect(page).toHaveURL("/students");
    await expect(page.getByRole("heading", { level: 1, name: "Student Portal" })).toBeVisible();
    await expect(page.getByText(`Welcome, ${student.username}.`)).toBeVisible();
    await expect(page.getByTestId("toast-title")).toHaveText("Access Denied");
    await expect(page.getByText("This area is restricted to administrators only.", { exact: true })).toBeVisible();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("still shows the student why they were turned back", async ({ page, visit }) => {
      await visit("/login");
      await login(page, DEMO_STUDENT);
      await expect(page).toHaveURL("/students");

      await visit("/admin");
      await expect(page).toHaveURL("/students");
      await expect(page.getByTestId("toast-title")).toHaveText("Access Denied");
      await expect(page.getByText("This area is restricted to administrators only.", { exact: true })).toBeVisible();
    });
  });

  test("sends a visitor to sign in first", async ({ page, visit }) => {
    await visit("/admin");
    await expect(page).toHaveURL("/login?redirect=%2Fadmin");
  });
});
