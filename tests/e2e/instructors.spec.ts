import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { expect, HEADMASTER, login, loginThroughApi, newStudentCredentials, registerThroughApi, test, uniqueUsername, type Credentials } from "./helpers";

// Instructors (issue 29): the headmaster makes a member an instructor in the
// member directory and names them on a course; the instructor edits that
// course and its lessons from "My Courses", with JavaScript off and on, and
// the course page shows them with their bio.

async function memberId(api: APIRequestContext): Promise<number> {
  const status = (await (await api.get("/api/auth-status")).json()) as { user: { id: number } };
  return status.user.id;
}

/** A new member, made an instructor through the directory's form and named on a new hidden course through its edit form (JavaScript off). */
async function instructorWithCourse(browser: Browser, baseURL: string | undefined): Promise<{ credentials: Credentials; courseId: number; title: string }> {
  const credentials = newStudentCredentials();
  const admin = await browser.newContext({ baseURL, javaScriptEnabled: false });
  try {
    const page = await admin.newPage();
    await registerThroughApi(page.request, credentials);
    const id = await memberId(page.request);
    await page.request.post("/api/logout");
    await loginThroughApi(page.request, HEADMASTER);

    await page.goto(`/admin/members?q=${encodeURIComponent(credentials.username)}`);
    const row = page.getByTestId("member-row").filter({ hasText: credentials.username });
    await row.getByRole("combobox", { name: `Role of ${credentials.username}` }).selectOption("instructor");
    await row.getByRole("button", { name: `Save role of ${credentials.username}` }).click();
    await expect(page.getByTestId("toast-title")).toHaveText("Role changed");
    await expect(page.getByTestId("member-row").filter({ hasText: credentials.username }).getByTestId("member-type")).toHaveText("Instructor");

    const title = `Candle Magic ${uniqueUsername("course")}`;
    const created = await page.request.post("/api/courses", {
      data: { title, description: "Flames, colours and intent.", level: "Beginner", rating: "4.5", duration: "2 weeks", isActive: false, isPremium: false },
    });
    expect(created.status()).toBe(201);
    const courseId = ((await created.json()) as { id: number }).id;

    // The headmaster names them on the course from its edit form.
    await page.goto(`/admin/courses?edit=${courseId}`);
    const form = page.getByRole("dialog", { name: "Edit Course" });
    await form.getByRole("group", { name: "Instructors" }).getByLabel(credentials.username).check();
    await form.getByRole("button", { name: "Update Course" }).click();
    await expect(page.getByTestId("toast-title")).toHaveText("Course updated successfully!");
    const course = (await (await page.request.get(`/api/courses/${courseId}`)).json()) as { instructorIds: number[] };
    expect(course.instructorIds).toEqual([id]);
    return { credentials, courseId, title };
  } finally {
    await admin.close();
  }
}

async function signIn(page: Page, visit: (path: string) => Promise<unknown>, credentials: Credentials) {
  await visit("/login");
  await login(page, credentials);
  await expect(page).toHaveURL("/students");
}

test.describe("An instructor without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("edits their course and adds a lesson from My Courses, and cannot reach the rest of the admin area", async ({ page, visit, browser, baseURL }) => {
    const { credentials, courseId, title } = await instructorWithCourse(browser, baseURL);
    await signIn(page, visit, credentials);

    await page.getByRole("link", { name: "My Courses" }).first().click();
    await expect(page).toHaveURL("/admin/courses");
    await expect(page.getByRole("heading", { name: "My Courses" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Create Course" })).toHaveCount(0);
    const card = page.getByRole("article", { name: title });
    await expect(page.getByTestId("admin-course-card")).toHaveCount(1);

    await card.getByRole("link", { name: "Edit" }).click();
    const form = page.getByRole("dialog", { name: "Edit Course" });
    await form.getByLabel("Title").fill(`${title} (revised)`);
    await form.getByRole("button", { name: "Update Course" }).click();
    await expect(page.getByTestId("toast-title")).toHaveText("Course updated successfully!");
    await expect(page.getByRole("article", { name: `${title} (revised)` })).toBeVisible();

    await page.getByRole("article", { name: `${title} (revised)` }).getByRole("link", { name: "Manage Lessons" }).click();
    await expect(page).toHaveURL(`/admin/courses/${courseId}/lessons`);
    await page.getByRole("link", { name: "Add Lesson" }).click();
    const lessonForm = page.getByRole("dialog", { name: "Create Lesson" });
    await lessonForm.getByLabel("Title", { exact: true }).fill("Choosing a candle");
    const section = lessonForm.getByRole("group", { name: "Section 1" });
    await section.getByLabel("Section title").fill("Colours");
    await section.getByLabel("Section content").fill("White for clarity, green for growth.");
    await lessonForm.getByRole("button", { name: "Create Lesson" }).click();
    await expect(page.getByTestId("toast-title")).toHaveText("Lesson created");
    await expect(page.getByRole("article", { name: "Choosing a candle" })).toBeVisible();

    // Everything else sends them back to their courses with the reason.
    await visit("/admin/members");
    await expect(page).toHaveURL("/admin/courses");
    await expect(page.getByTestId("toast-title")).toHaveText("Access Denied");
  });
});

test.describe("An instructor with JavaScript", () => {
  test("writes a bio that the course page shows, and edits a lesson of their course", async ({ page, visit, browser, baseURL }) => {
    const { credentials, courseId, title } = await instructorWithCourse(browser, baseURL);
    await signIn(page, visit, credentials);

    await visit("/settings");
    await page.getByLabel("Display name").fill("Ilse Wick");
    await page.getByLabel("Short bio").fill("Twenty years of candle work and quiet rituals.");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByTestId("toast-title")).toHaveText(/Profile/);

    // An archived course is still visible to its own instructor.
    await visit(`/course/${courseId}`);
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    const instructor = page.getByTestId("course-instructor");
    await expect(instructor).toContainText("Ilse Wick");
    await expect(instructor).toContainText("Twenty years of candle work and quiet rituals.");

    await visit(`/admin/courses/${courseId}/lessons`);
    await page.getByRole("link", { name: "Add Lesson" }).click();
    const lessonForm = page.getByRole("dialog", { name: "Create Lesson" });
    await lessonForm.getByLabel("Title", { exact: true }).fill("Lighting with intent");
    const section = lessonForm.getByRole("group", { name: "Section 1" });
    await section.getByLabel("Section title").fill("The first flame");
    await section.getByLabel("Section content").fill("Say what the candle is for before you strike the match.");
    await lessonForm.getByRole("button", { name: "Create Lesson" }).click();
    await expect(page.getByTestId("toast-title")).toHaveText("Lesson created");
    await expect(page.getByRole("article", { name: "Lighting with intent" })).toBeVisible();
  });
});
