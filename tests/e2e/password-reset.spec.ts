import { HEADMASTER, expect, login, loginThroughApi, newStudentCredentials, registerThroughApi, test } from "./helpers";

// The browser server runs without SMTP: a member who forgot a password is
// told to ask an administrator, who makes a single-use link in the member
// directory and passes it on. All of it without JavaScript.
test.use({ javaScriptEnabled: false });

test("an admin makes a reset link and the member sets a new password with it", async ({ page, browser }) => {
  // Two people, two sign-ins and a password hash each: longer than one page's story.
  test.setTimeout(60_000);
  const member = newStudentCredentials();
  const memberContext = await browser.newContext({ javaScriptEnabled: false });
  const memberPage = await memberContext.newPage();
  await registerThroughApi(memberContext.request, member);
  await memberContext.clearCookies();

  await memberPage.goto("/login");
  await memberPage.getByRole("link", { name: "Forgot password?" }).click();
  await expect(memberPage).toHaveURL("/forgot-password");
  await expect(memberPage.getByTestId("reset-by-admin-only")).toContainText("An administrator can make a single-use reset link");

  await loginThroughApi(page.request, HEADMASTER);
  await page.goto(`/admin/members?q=${member.username}`);
  await page.getByRole("button", { name: `Create password reset link for ${member.username}` }).click();
  const panel = page.getByTestId("reset-link-panel");
  await expect(panel).toContainText(`Reset link for ${member.username}`);
  const link = await panel.getByLabel("Reset link").inputValue();
  expect(link).toMatch(/\/reset-password\/[A-Za-z0-9_-]{43}$/);

  await memberPage.goto(link);
  await expect(memberPage.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  const newPassword = "a-new-dawn-over-the-hills";
  await memberPage.getByLabel("New password", { exact: true }).fill(newPassword);
  await memberPage.getByLabel("Confirm new password").fill(newPassword);
  await memberPage.getByRole("button", { name: "Set new password" }).click();

  await expect(memberPage).toHaveURL("/login");
  await expect(memberPage.getByText("Password changed", { exact: true })).toBeVisible();

  await login(memberPage, { username: member.username, password: newPassword });
  await expect(memberPage).toHaveURL("/students");

  await memberPage.goto(link);
  await expect(memberPage.getByTestId("reset-link-dead")).toContainText("This reset link has already been used");
  await memberContext.close();
});
