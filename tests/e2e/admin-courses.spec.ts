import type { Locator, Page } from "@playwright/test";
import {
  expect,
  HEADMASTER,
  login,
  newStudentCredentials,
  registerThroughApi,
  test,
  uniqueUsername,
  waitUntilInteractive,
} from "./helpers";

// A real 1x1 PNG, so the server's check by content accepts it.
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f0a0c50000000049454e44ae426082",
  "hex",
);

async function signInAsHeadmaster(page: Page, visit: (path: string) => Promise<unknown>) {
  await visit("/login");
  await login(page, HEADMASTER);
  await expect(page).toHaveURL("/dashboard");
}

function courseIdFrom(url: string): number {
  const match = /\/admin\/courses\/(\d+)\/lessons/.exec(url);
  if (!match?.[1]) throw new Error(`Not a lesson management address: ${url}`);
  return Number(match[1]);
}

async function fillSection(form: Locator, number: number, section: { title: string; content: string }) {
  const row = form.getByRole("group", { name: `Section ${number}` });
  await row.getByLabel("Section title").fill(section.title);
  await row.getByLabel("Section content").fill(section.content);
}

/** A course kept out of the catalogue (Active unticked), so other stories' counts do not change. */
async function createHiddenCourse(page: Page, visit: (path: string) => Promise<unknown>, title: string) {
  await visit("/admin/courses?new=1");
  const courseForm = page.getByRole("dialog", { name: "Create Course" });
  await courseForm.getByLabel("Title").fill(title);
  await courseForm.getByLabel("Description").fill("Made for a test.");
  await courseForm.getByLabel("Duration").fill("1 week");
  await courseForm.getByLabel("Active").uncheck();
  await courseForm.getByRole("button", { name: "Create Course" }).click();
  await expect(page.getByTestId("toast-title")).toHaveText("Course created successfully!");
  const card = page.getByRole("article", { name: title });
  await expect(card.getByText("Not published")).toBeVisible();
  await expect(card.getByRole("link", { name: "Preview" })).toHaveAttribute("href", /^\/course\/\d+$/);
}

test.describe("Course management without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the headmaster builds a course with lessons, and a new student can open it", async ({ page, visit, browser, baseURL }) => {
    test.slow(); // a long story across three pages and two browsers
    const courseTitle = `Lunar Timing ${uniqueUsername("course")}`;
    const firstLesson = "Reading the waxing moon";
    const secondLesson = "Working with eclipses";

    await signInAsHeadmaster(page, visit);
    await visit("/admin/courses");
    await expect(page.getByRole("link", { name: "Back to Dashboard" })).toHaveAttribute("href", "/dashboard");

    // The create form, rendered by the server from ?new=1.
    await page.getByRole("link", { name: "Create Course" }).click();
    await expect(page).toHaveURL(/\/admin\/courses\?(index&)?new=1$/);
    const courseForm = page.getByRole("dialog", { name: "Create Course" });
    await expect(courseForm.getByLabel("Level")).toHaveValue("Beginner");
    await expect(courseForm.getByLabel("Rating")).toHaveValue("4.5");
    // A new course starts unpublished (issue 47); this story publishes it at once.
    await expect(courseForm.getByLabel("Active")).not.toBeChecked();
    await courseForm.getByLabel("Active").check();
    await courseForm.getByLabel("Title").fill(courseTitle);
    await courseForm.getByLabel("Description").fill("Plan readings around the phases of the moon.");
    await courseForm.getByLabel("Image", { exact: true }).setInputFiles({ name: "moon.png", mimeType: "image/png", buffer: PNG });
    await courseForm.getByLabel("Level").selectOption("Intermediate");
    await courseForm.getByLabel("Duration").fill("3 weeks");
    await courseForm.getByRole("button", { name: "Create Course" }).click();

    await expect(page).toHaveURL("/admin/courses");
    await expect(page.getByTestId("toast-title")).toHaveText("Course created successfully!");
    const card = page.getByRole("article", { name: courseTitle });
    await expect(card.getByText("Intermediate")).toBeVisible();
    await expect(card.getByText("0 lessons")).toBeVisible();
    const cardImage = card.locator("img");
    await expect(cardImage).toHaveAttribute("src", /^\/uploads\/images\/[\w-]+\.png$/);
    const imageSrc = await cardImage.getAttribute("src");

    await card.getByRole("link", { name: "Manage Lessons" }).click();
    await expect(page.getByRole("heading", { name: "Lesson Management" })).toBeVisible();
    await expect(page.getByTestId("course-title")).toHaveText(courseTitle);
    const courseId = courseIdFrom(page.url());

    // First lesson: the one text section the form starts with.
    await page.getByRole("link", { name: "Add Lesson" }).click();
    let lessonForm = page.getByRole("dialog", { name: "Create Lesson" });
    await lessonForm.getByLabel("Title", { exact: true }).fill(firstLesson);
    await lessonForm.getByLabel("Description").fill("What the growing light asks of a reader.");
    await fillSection(lessonForm, 1, { title: "The growing light", content: "New beginnings favour **fresh questions**." });
    await lessonForm.getByRole("button", { name: "Create Lesson" }).click();
    await expect(page.getByTestId("toast-title")).toHaveText("Lesson created");
    await expect(page.getByRole("article", { name: firstLesson }).getByText("1 section")).toBeVisible();

    // Second lesson: "Add section" posts the form and comes back with a second row, nothing saved yet.
    await page.getByRole("link", { name: "Add Lesson" }).click();
    lessonForm = page.getByRole("dialog", { name: "Create Lesson" });
    await lessonForm.getByLabel("Title", { exact: true }).fill(secondLesson);
    await fillSection(lessonForm, 1, { title: "Before the eclipse", content: "Prepare the client for intensity." });
    await lessonForm.getByRole("button", { name: "Add section" }).click();
    lessonForm = page.getByRole("dialog", { name: "Create Lesson" });
    await expect(lessonForm.getByRole("group", { name: "Section 2" })).toBeVisible();
    await expect(lessonForm.getByLabel("Title", { exact: true })).toHaveValue(secondLesson);
    await expect(lessonForm.getByRole("group", { name: "Section 1" }).getByLabel("Section title")).toHaveValue("Before the eclipse");
    await fillSection(lessonForm, 2, { title: "After the eclipse", content: "Integrate what surfaced." });
    await lessonForm.getByRole("button", { name: "Create Lesson" }).click();
    await expect(page.getByTestId("toast-title")).toHaveText("Lesson created");
    await expect(page.getByRole("article", { name: secondLesson }).getByText("2 sections")).toBeVisible();

    const stats = page.getByRole("region", { name: "Lesson statistics" });
    await expect(stats).toContainText("Total Lessons2");
    await expect(stats).toContainText("Content Sections3");
    await expect(stats).toContainText("Active Lessons2");

    // A freshly registered student, with JavaScript on, finds the course and its lessons.
    const studentContext = await browser.newContext({ baseURL, javaScriptEnabled: true });
    try {
      const student = await studentContext.newPage();
      await registerThroughApi(student.request, newStudentCredentials());
      await student.goto(`/course/${courseId}`);
      await waitUntilInteractive(student);
      await expect(student.getByRole("heading", { name: courseTitle })).toBeVisible();
      await expect(student.locator(`img[src="${imageSrc}"]`).first()).toBeVisible();
      await expect(student.getByText(firstLesson).first()).toBeVisible();
      await expect(student.getByText(secondLesson).first()).toBeVisible();

      await student.getByRole("link", { name: firstLesson }).first().click();
      await expect(student).toHaveURL(new RegExp(`/course/${courseId}/lesson/\\d+$`));
      await expect(student.getByRole("heading", { name: firstLesson })).toBeVisible();
    } finally {
      await studentContext.close();
    }
  });

  test("a text file named .png is refused and what was typed is kept", async ({ page, visit }) => {
    await signInAsHeadmaster(page, visit);
    await visit("/admin/courses?new=1");
    const courseForm = page.getByRole("dialog", { name: "Create Course" });
    await courseForm.getByLabel("Title").fill("Not really an image");
    await courseForm
      .getByLabel("Image", { exact: true })
      .setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("just some words, not a picture at all") });
    await courseForm.getByRole("button", { name: "Create Course" }).click();

    await expect(page).toHaveURL(/\/admin\/courses\?(index&)?new=1$/);
    const form = page.getByRole("dialog", { name: "Create Course" });
    await expect(form.getByRole("alert")).toContainText("Failed to upload image");
    await expect(form.getByRole("listitem").filter({ hasText: "Please select a valid image file" })).toBeVisible();
    await expect(form.getByLabel("Title")).toHaveValue("Not really an image");
    await expect(form.getByText("Description is required")).toBeVisible();
  });

  test("a course is deleted after confirming on its own page", async ({ page, visit }) => {
    const courseTitle = `Short-lived ${uniqueUsername("course")}`;
    await signInAsHeadmaster(page, visit);
    await createHiddenCourse(page, visit, courseTitle);

    await page.getByRole("article", { name: courseTitle }).getByRole("link", { name: `Delete ${courseTitle}` }).click();
    const confirm = page.getByRole("dialog", { name: "Delete this course?" });
    await confirm.getByRole("button", { name: "Delete Course" }).click();
    await expect(page.getByTestId("toast-title")).toHaveText("Course deleted successfully!");
    await expect(page.getByRole("article", { name: courseTitle })).toHaveCount(0);
  });
  test("the section builder, lesson order, edits and deletion all work by posting the form", async ({ page, visit }) => {
    test.slow(); // every click is a round trip to the server
    const courseTitle = `Crystal Care ${uniqueUsername("course")}`;
    await signInAsHeadmaster(page, visit);
    await createHiddenCourse(page, visit, courseTitle);
    await page.getByRole("article", { name: courseTitle }).getByRole("link", { name: "Manage Lessons" }).click();
    await expect(page.getByText("No lessons yet")).toBeVisible();

    await page.getByRole("link", { name: "Add Lesson" }).click();
    let lessonForm = page.getByRole("dialog", { name: "Create Lesson" });
    await lessonForm.getByRole("button", { name: "Generate with AI" }).click();
    lessonForm = page.getByRole("dialog", { name: "Create Lesson" });
    await expect(lessonForm.getByText("Please enter a lesson title first")).toBeVisible();

    await lessonForm.getByLabel("Title", { exact: true }).fill("Cleansing stones");
    await lessonForm.getByRole("button", { name: "Generate with AI" }).click();
    lessonForm = page.getByRole("dialog", { name: "Create Lesson" });
    await expect(lessonForm.getByRole("status")).toContainText("Sample Content Added");
    // The outline scaffold: introduction, key concepts, practice and reflection, summary.
    await expect(lessonForm.getByRole("group", { name: /^Section \d$/ })).toHaveCount(4);
    await expect(lessonForm.getByRole("group", { name: "Section 1" }).getByLabel("Section title")).toHaveValue("Introduction to Cleansing stones");

    await lessonForm.getByRole("button", { name: "Remove section 1" }).click();
    lessonForm = page.getByRole("dialog", { name: "Create Lesson" });
    await expect(lessonForm.getByRole("group", { name: /^Section \d$/ })).toHaveCount(3);
    await lessonForm.getByRole("button", { name: "Move section 2 up" }).click();
    lessonForm = page.getByRole("dialog", { name: "Create Lesson" });
    await expect(lessonForm.getByRole("group", { name: "Section 1" }).getByLabel("Section title")).toHaveValue("Practice and reflection");
    await expect(lessonForm.getByLabel("Title", { exact: true })).toHaveValue("Cleansing stones");
    await lessonForm.getByRole("button", { name: "Create Lesson" }).click();
    await expect(page.getByTestId("toast-title")).toHaveText("Lesson created");
    await expect(page.getByRole("article", { name: "Cleansing stones" }).getByText("3 sections")).toBeVisible();

    await page.getByRole("link", { name: "Add Lesson" }).click();
    lessonForm = page.getByRole("dialog", { name: "Create Lesson" });
    await lessonForm.getByLabel("Title", { exact: true }).fill("Charging under the moon");
    await lessonForm.getByLabel("Active").uncheck();
    await fillSection(lessonForm, 1, { title: "Timing", content: "Full moon nights." });
    await lessonForm.getByRole("button", { name: "Create Lesson" }).click();
    await expect(page.getByTestId("toast-title")).toHaveText("Lesson created");
    const lessonCards = page.getByTestId("lesson-card");
    await expect(lessonCards.nth(1)).toContainText("Draft");

    await page.getByRole("button", { name: "Move Charging under the moon up" }).click();
    await expect(lessonCards.first()).toContainText("Charging under the moon");

    await page.getByRole("article", { name: "Charging under the moon" }).getByRole("link", { name: "Edit" }).click();
    lessonForm = page.getByRole("dialog", { name: "Edit Lesson" });
    await expect(lessonForm.getByRole("group", { name: "Section 1" }).getByLabel("Section title")).toHaveValue("Timing");
    await lessonForm.getByLabel("Title", { exact: true }).fill("Charging crystals under the moon");
    await lessonForm.getByLabel("Active").check();
    await lessonForm.getByRole("button", { name: "Update Lesson" }).click();
    await expect(page.getByTestId("toast-title")).toHaveText("Lesson updated");
    await expect(lessonCards.first()).toContainText("Charging crystals under the moon");
    await expect(lessonCards.first()).toContainText("Active");

    await page.getByRole("link", { name: "Delete Cleansing stones" }).click();
    await page.getByRole("dialog", { name: "Delete this lesson?" }).getByRole("button", { name: "Delete Lesson" }).click();
    await expect(page.getByTestId("toast-title")).toHaveText("Lesson deleted");
    await expect(lessonCards).toHaveCount(1);
    const stats = page.getByRole("region", { name: "Lesson statistics" });
    await expect(stats).toContainText("Total Lessons1");
    await expect(stats).toContainText("Content Sections1");
  });
});

test.describe("Course management with JavaScript", () => {
  test("uploads at once, generates sections and confirms deletion", async ({ page, visit }) => {
    test.slow(); // a long story across two pages
    const courseTitle = `Candle Magic ${uniqueUsername("course")}`;
    await signInAsHeadmaster(page, visit);
    await visit("/admin/courses");

    await page.getByRole("link", { name: "Create Course" }).click();
    const courseForm = page.getByRole("dialog", { name: "Create Course" });
    await courseForm.getByLabel("Title").fill(courseTitle);
    await courseForm.getByLabel("Description").fill("Colour, intention and timing.");
    await courseForm.getByLabel("Duration").fill("2 weeks");
    await courseForm.getByLabel("Image", { exact: true }).setInputFiles({ name: "candle.png", mimeType: "image/png", buffer: PNG });
    await expect(page.getByTestId("toast-title")).toHaveText("Image uploaded successfully!");
    await expect(courseForm.getByLabel("Image URL")).toHaveValue(/^\/uploads\/images\/[\w-]+\.png$/);
    await courseForm.getByRole("button", { name: "Create Course" }).click();
    await expect(page.getByTestId("toast-title")).toHaveText("Course created successfully!");
    await expect(courseForm).toBeHidden();

    const card = page.getByRole("article", { name: courseTitle });
    await card.getByRole("link", { name: "Edit" }).click();
    const editForm = page.getByRole("dialog", { name: "Edit Course" });
    await expect(editForm.getByLabel("Title")).toHaveValue(courseTitle);
    await expect(editForm.getByRole("img", { name: "Course image preview" })).toBeVisible();
    await editForm.getByLabel("Level").selectOption("Advanced");
    await editForm.getByLabel("Premium only").check();
    await editForm.getByRole("button", { name: "Update Course" }).click();
    await expect(page.getByTestId("toast-title")).toHaveText("Course updated successfully!");
    await expect(card.getByText("Advanced")).toBeVisible();
    await expect(card.getByText("Premium")).toBeVisible();

    await card.getByRole("link", { name: "Manage Lessons" }).click();
    await expect(page.getByRole("heading", { name: "Lesson Management" })).toBeVisible();

    await page.getByRole("link", { name: "Add Lesson" }).click();
    const lessonForm = page.getByRole("dialog", { name: "Create Lesson" });
    await lessonForm.getByRole("button", { name: "Generate with AI" }).click();
    await expect(page.getByTestId("toast-title")).toHaveText("Please enter a lesson title first");
    await lessonForm.getByLabel("Title", { exact: true }).fill("Choosing a colour");
    await lessonForm.getByRole("button", { name: "Generate with AI" }).click();
    await expect(page.getByTestId("toast-title")).toHaveText("Sample Content Added");
    await expect(lessonForm.getByRole("group", { name: "Section 1" }).getByLabel("Section title")).toHaveValue(
      "Introduction to Choosing a colour",
    );
    await expect(lessonForm.getByRole("group", { name: /^Section \d$/ })).toHaveCount(4);
    await lessonForm.getByRole("button", { name: "Move section 3 up" }).click();
    await expect(lessonForm.getByRole("group", { name: "Section 2" }).getByLabel("Section title")).toHaveValue("Practice and reflection");
    await lessonForm.getByRole("button", { name: "Remove section 3" }).click();
    await expect(lessonForm.getByRole("group", { name: /^Section \d$/ })).toHaveCount(3);
    await lessonForm.getByRole("button", { name: "Create Lesson" }).click();
    await expect(page.getByTestId("toast-title")).toHaveText("Lesson created");
    await expect(page.getByRole("article", { name: "Choosing a colour" }).getByText("3 sections")).toBeVisible();

    await page.getByRole("link", { name: "Back to Courses" }).click();
    page.once("dialog", (dialog) => {
      expect(dialog.message()).toBe("Delete this course?");
      void dialog.accept();
    });
    await page.getByRole("button", { name: `Delete ${courseTitle}` }).click();
    await expect(page.getByTestId("toast-title")).toHaveText("Course deleted successfully!");
    await expect(page.getByRole("article", { name: courseTitle })).toHaveCount(0);
  });

  test("sends a student who opens the course admin back to the portal", async ({ page, visit, student }) => {
    await visit("/admin/courses");
    await expect(page).toHaveURL("/students");
    await expect(page.getByText(`Welcome, ${student.username}.`)).toBeVisible();
    await expect(page.getByTestId("toast-title")).toHaveText("Access Denied");
  });

  test("answers an unknown course with Course Not Found", async ({ page, visit }) => {
    await signInAsHeadmaster(page, visit);
    const response = await visit("/admin/courses/999999/lessons");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Course Not Found" })).toBeVisible();
  });
});
