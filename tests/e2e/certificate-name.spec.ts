import { expect, newStudentCredentials, register, test } from "./helpers";
import { completeCourseThroughApi, FIRST_COURSE } from "./learning-helpers";

// Issue 47: the name on certificates. A member who never chose it is asked once on their
// certificate page; one who gave it at sign-up changes it in settings (JavaScript off) and the
// certificate keeps its number, carries the new name and says when it was reissued.

const QUESTION = "Is this the name you want on your certificate?";

test("a member who never chose a certificate name is asked once, on their certificate page", async ({ page, visit, student }) => {
  const number = await completeCourseThroughApi(page.request, FIRST_COURSE.id);
  await visit(`/certificates/${number}`);
  const question = page.getByRole("region", { name: QUESTION });
  await expect(question).toBeVisible();
  // The name the certificate carries so far (the display name, the username at sign-up) is offered.
  const field = question.getByLabel("Name on certificates");
  await expect(field).toHaveValue(student.username);
  await page.screenshot({ path: "/work/shots47/certificate-question.png", fullPage: true });

  await field.fill("Ada Quill Ravensworth");
  await question.getByRole("button", { name: "Use this name" }).click();
  await expect(page.getByText("Awarded to Ada Quill Ravensworth")).toBeVisible();
  await expect(page.getByRole("region", { name: QUESTION })).toHaveCount(0);
  // The first choice completes issuing: it is not a reissue.
  await expect(page.getByTestId("certificate-reissued")).toHaveCount(0);

  await visit(`/certificates/${number}`);
  await expect(page.getByText("Awarded to Ada Quill Ravensworth")).toBeVisible();
  await expect(page.getByRole("region", { name: QUESTION })).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a name given at sign-up is changed in settings: same certificate number, new name, 'Reissued on'", async ({ page, visit }) => {
    const credentials = newStudentCredentials();
    await visit("/login?mode=register");
    await page.getByLabel("Name on certificates (optional)").fill("Morgan Lefay");
    await register(page, credentials);
    await expect(page).not.toHaveURL(/\/login/);

    const number = await completeCourseThroughApi(page.request, FIRST_COURSE.id);
    await visit(`/certificates/${number}`);
    await expect(page.getByText("Awarded to Morgan Lefay")).toBeVisible();
    await expect(page.getByText(QUESTION)).toHaveCount(0);

    await visit("/settings");
    const profile = page.getByTestId("profile-settings");
    const field = profile.getByLabel("Name on certificates");
    await expect(field).toHaveValue("Morgan Lefay");
    await field.fill("Morgan Le Fay");
    await profile.getByRole("button", { name: "Save profile" }).click();
    await expect(page).toHaveURL("/settings");
    await expect(page.getByTestId("profile-settings").getByLabel("Name on certificates")).toHaveValue("Morgan Le Fay");

    await visit(`/certificates/${number}`);
    await expect(page.getByText("Awarded to Morgan Le Fay")).toBeVisible();
    await expect(page.getByText(number, { exact: true })).toBeVisible();
    await expect(page.getByTestId("certificate-reissued")).toHaveText(/^Reissued on \w{3} \d{1,2}, \d{4}$/);
    await page.screenshot({ path: "/work/shots47/certificate-reissued.png", fullPage: true });
  });
});
