import {
  DEMO_STUDENT,
  HEADMASTER,
  captchaField,
  expect,
  login,
  newStudentCredentials,
  register,
  solveCaptcha,
  test,
} from "./helpers";

test.describe("Signing up", () => {
  test("a newcomer registers and lands in the student portal", async ({ page, visit }) => {
    await visit("/login");
    await page.getByRole("link", { name: "New to the University? Register as a Student" }).click();
    await expect(page).toHaveURL("/login?mode=register");

    const newcomer = newStudentCredentials();
    await register(page, newcomer);

    await expect(page).toHaveURL("/students");
    await expect(page.getByRole("heading", { level: 1, name: "Student Portal" })).toBeVisible();
    await expect(page.getByText(`Welcome, ${newcomer.username}.`)).toBeVisible();
    await expect(page.getByTestId("toast-title")).toHaveText("Welcome to the Academy");
  });

  test("mistyped confirmation is caught before the form is sent", async ({ page, visit }) => {
    await visit("/login?mode=register");
    await register(page, newStudentCredentials(), { confirmPassword: "a-different-passphrase" });

    await expect(page.getByLabel("Confirm Password")).toHaveAccessibleDescription(
      "Passwords do not match. Please try again.",
    );
    await expect(page).toHaveURL("/login?mode=register");
  });

  test("an existing member switches back to the login form", async ({ page, visit }) => {
    await visit("/login?mode=register");
    await page.getByRole("link", { name: "Already have an account? Login here" }).click();
    await expect(page).toHaveURL("/login");
    await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
    await expect(page.getByLabel("Confirm Password")).toHaveCount(0);
  });
});

test.describe("Signing in", () => {
  test("a wrong captcha answer is refused and a fresh question is asked", async ({ page, visit }) => {
    await visit("/login");
    const tokenBefore = await page.locator('input[name="captchaToken"]').inputValue();

    await page.getByLabel("Username").fill(DEMO_STUDENT.username);
    await page.getByLabel("Password", { exact: true }).fill(DEMO_STUDENT.password);
    await solveCaptcha(page, { wrongly: true });
    await page.getByRole("button", { name: "Login" }).click();

    const alert = page.getByRole("alert");
    await expect(alert).toContainText("Captcha Error");
    await expect(alert).toContainText("Please solve the math problem correctly.");
    await expect(page.getByTestId("toast-title")).toHaveText("Captcha Error");
    await expect(page).toHaveURL("/login");

    // Each challenge is single-use: a new one replaces it, with an empty answer
    // field. (A + B may come out the same by chance, so compare the challenge.)
    await expect(page.locator('input[name="captchaToken"]')).not.toHaveValue(tokenBefore);
    await expect(captchaField(page)).toHaveValue("");

    // The new question is a real one: answering it signs the student in.
    await page.getByLabel("Password", { exact: true }).fill(DEMO_STUDENT.password);
    await solveCaptcha(page);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL("/students");
  });

  test("the headmaster is taken to the administrative realm", async ({ page, visit }) => {
    await visit("/login");
    await login(page, HEADMASTER);
    await expect(page).toHaveURL("/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Sacred Administrative Realm" })).toBeVisible();
  });

  test("a visitor sent to sign in from the portal returns to it afterwards", async ({ page, visit }) => {
    await visit("/students");
    await expect(page).toHaveURL("/login?redirect=%2Fstudents");
    await login(page, DEMO_STUDENT);
    await expect(page).toHaveURL("/students");
    await expect(page.getByRole("heading", { level: 1, name: "Student Portal" })).toBeVisible();
  });
});

test.describe("Without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the demo student signs in with the plain HTML form", async ({ page, visit }) => {
    await visit("/login");
    await login(page, DEMO_STUDENT);
    await expect(page).toHaveURL("/students");
    await expect(page.getByRole("heading", { level: 1, name: "Student Portal" })).toBeVisible();
    await expect(page.getByText("Welcome, Sage.")).toBeVisible();
  });

  test("a wrong password is refused with an explanation", async ({ page, visit }) => {
    await visit("/login");
    const firstToken = await page.locator('input[name="captchaToken"]').inputValue();

    const responsePromise = page.waitForResponse((r) => r.request().method() === "POST");
    await login(page, { username: DEMO_STUDENT.username, password: "not-the-right-passphrase" });
    expect((await responsePromise).status()).toBe(401);

    const alert = page.getByRole("alert");
    await expect(alert).toContainText("Login failed");
    await expect(alert).toContainText("Invalid username or password. Please try again.");
    await expect(page.getByLabel("Username")).toHaveValue(DEMO_STUDENT.username);
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
    // A fresh captcha comes with the refusal.
    await expect(page.locator('input[name="captchaToken"]')).not.toHaveValue(firstToken);
    await expect(captchaField(page)).toHaveValue("");
  });

  test("mismatched passwords are refused by the server", async ({ page, visit }) => {
    await visit("/login?mode=register");
    await register(page, newStudentCredentials(), { confirmPassword: "a-different-passphrase" });

    const alert = page.getByRole("alert");
    await expect(alert).toContainText("Password Mismatch");
    await expect(alert).toContainText("Passwords do not match. Please try again.");
  });
});
