import { DEMO_STUDENT, expect, login, test } from "./helpers";

const ENROLL_AFTER_LOGIN_KEY = "academy.enrollAfterLogin";

test.describe("Enrolling before signing in", () => {
  test("a visitor picks a course, signs in and is taken straight to it", async ({ page, visit }) => {
    await visit("/");
    const firstCourse = page.getByTestId("course-card").first();
    await expect(firstCourse.getByRole("heading")).toHaveText("Foundations of Intuitive Reading");
    const enrol = firstCourse.getByRole("link", { name: "Enroll Now" });
    // Without JavaScript the same link goes to sign-in and then to the course.
    await expect(enrol).toHaveAttribute("href", "/login?redirect=%2Fcourse%2F1");

    await enrol.click();
    await expect(firstCourse.getByRole("link", { name: "Enrolling..." })).toBeVisible();

    await expect(page).toHaveURL("/login");
    expect(await page.evaluate((key) => window.localStorage.getItem(key), ENROLL_AFTER_LOGIN_KEY)).toBe("1");

    await login(page, DEMO_STUDENT);

    await expect(page).toHaveURL("/course/1");
    // The choice is used once, not again at the next sign-in.
    expect(await page.evaluate((key) => window.localStorage.getItem(key), ENROLL_AFTER_LOGIN_KEY)).toBeNull();
  });
});
