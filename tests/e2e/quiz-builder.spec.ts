import type { Page } from "@playwright/test";
import { expect, HEADMASTER, loginThroughApi, newStudentCredentials, registerThroughApi, test, uniqueUsername } from "./helpers";

// Issue 24: the admin's quiz builder and gradebook, with JavaScript on and off.
// Each story makes its own hidden course (through the API) so no other story's counts change.

async function hiddenCourseWithLesson(page: Page) {
  await loginThroughApi(page.request, HEADMASTER);
  const course = (await (
    await page.request.post("/api/courses", {
      data: { title: `Quiz builder ${uniqueUsername("course")}`, description: "Made for a test.", level: "Beginner", rating: "4.0", lessons: 1, duration: "1 day", isActive: false },
    })
  ).json()) as { id: number };
  const lesson = (await (
    await page.request.post(`/api/courses/${course.id}/lessons`, {
      data: {
        title: "Reading the waxing moon",
        contentSections: [
          { type: "text", title: "The waxing moon", content: "The **waxing moon** favours new beginnings. A **full moon** invites completion and gratitude. The dark moon is a time for rest." },
        ],
      },
    })
  ).json()) as { id: number };
  return { courseId: course.id, lessonId: lesson.id, builder: `/admin/courses/${course.id}/lessons/${lesson.id}/quiz` };
}

test("with JavaScript: the headmaster builds, checks, reorders and saves a quiz; the gradebook shows a member's score", async ({ page, visit, browser, baseURL }) => {
  const { courseId, lessonId, builder } = await hiddenCourseWithLesson(page);
  await visit(`/admin/courses/${courseId}/lessons`);
  await page.getByRole("article", { name: "Reading the waxing moon" }).getByRole("link", { name: "Add quiz" }).click();
  await expect(page).toHaveURL(builder);
  await expect(page.getByRole("heading", { level: 1, name: "Lesson quiz" })).toBeVisible();

  const form = page.locator("#quiz-form");
  await form.getByLabel("Pass mark (%)").fill("60");
  const first = form.getByRole("group", { name: "Question 1" });
  await first.getByLabel("Question", { exact: true }).fill("Which moon favours new beginnings?");
  await first.getByLabel(/^Options/).fill("Full moon\nWaxing moon\nDark moon");
  // No option marked correct: the schema's message, nothing saved.
  await form.getByRole("button", { name: "Create quiz" }).click();
  await expect(first.getByText("Mark exactly one correct answer")).toBeVisible();
  await first.getByLabel(/^Options/).fill("Full moon\n* Waxing moon\nDark moon");

  await form.getByRole("button", { name: "Add question" }).click();
  const second = form.getByRole("group", { name: "Question 2" });
  await second.getByLabel("Type", { exact: true }).selectOption("true_false");
  await second.getByLabel("Question", { exact: true }).fill("The dark moon is a time for rest.");
  await second.getByLabel("The statement is").selectOption("true");
  await form.getByRole("button", { name: "Add question" }).click();
  const third = form.getByRole("group", { name: "Question 3" });
  await third.getByLabel("Type", { exact: true }).selectOption("short");
  await third.getByLabel("Question", { exact: true }).fill("Which moon invites completion?");
  await third.getByLabel(/^Accepted answers/).fill("full moon\nthe full moon");
  await third.getByLabel(/^Explanation/).fill("The full moon invites completion and gratitude.");
  // Move the short question to the top, then drop the true/false one.
  await form.getByRole("button", { name: "Move question 3 up" }).click();
  await form.getByRole("button", { name: "Move question 2 up" }).click();
  await expect(form.getByRole("group", { name: "Question 1" }).getByLabel("Question", { exact: true })).toHaveValue("Which moon invites completion?");
  await form.getByRole("button", { name: "Remove question 3" }).click();
  await expect(form.getByRole("group", { name: "Question 3" })).toHaveCount(0);
  await page.screenshot({ path: "/tmp/shots/quiz-builder.png", fullPage: true });
  await form.getByRole("button", { name: "Create quiz" }).click();
  await expect(page.getByTestId("toast-title")).toHaveText("Quiz saved");
  await expect(page.getByRole("article", { name: "Reading the waxing moon" }).getByRole("link", { name: "Quiz (2)" })).toBeVisible();

  const saved = (await (await page.request.get(`/api/lessons/${lessonId}/quiz`)).json()) as { quiz: { passingScore: number; questions: Array<{ type: string; prompt: string; correct?: number[]; accepted?: string[] }> } };
  expect(saved.quiz.passingScore).toBe(60);
  expect(saved.quiz.questions.map((q) => [q.type, q.prompt])).toEqual([
    ["short", "Which moon invites completion?"],
    ["single", "Which moon favours new beginnings?"],
  ]);
  expect(saved.quiz.questions[1]?.correct).toEqual([1]);

  // "Draft questions from this lesson" fills the builder with questions that quote the lesson.
  await visit(builder);
  await page.getByRole("button", { name: "Draft questions from this lesson" }).click();
  await expect(page.getByText(/questions drafted/).first()).toBeVisible();
  await expect(page.getByTestId("draft-source").first()).toContainText("moon");

  // A member passes it through the API; the gradebook shows them.
  const context = await browser.newContext({ baseURL });
  const member = newStudentCredentials();
  await registerThroughApi(context.request, member);
  const answers = [
    { questionId: (saved as unknown as { quiz: { questions: Array<{ id: number }> } }).quiz.questions[0]!.id, text: "Full Moon" },
    { questionId: (saved as unknown as { quiz: { questions: Array<{ id: number }> } }).quiz.questions[1]!.id, choices: [1] },
  ];
  // The course is hidden from members, so the headmaster opens it for this story.
  await page.request.put(`/api/courses/${courseId}`, {
    data: { title: `Quiz builder open ${uniqueUsername("c")}`, description: "Made for a test.", level: "Beginner", rating: "4.0", lessons: 1, duration: "1 day", isActive: true },
  });
  expect((await context.request.post(`/api/lessons/${lessonId}/quiz/attempts`, { data: { answers } })).status()).toBe(201);
  await page.request.put(`/api/courses/${courseId}`, {
    data: { title: `Quiz builder closed ${uniqueUsername("c")}`, description: "Made for a test.", level: "Beginner", rating: "4.0", lessons: 1, duration: "1 day", isActive: false },
  });
  await context.close();
  await visit(`/admin/courses/${courseId}/gradebook`);
  const row = page.getByRole("row", { name: new RegExp(member.username) });
  await expect(row).toContainText("100%");
  await expect(row).toContainText("passed · 1 attempt");
  await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute("href", `/api/admin/courses/${courseId}/gradebook?format=csv`);
  await page.screenshot({ path: "/tmp/shots/gradebook.png", fullPage: true });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the headmaster adds questions with plain forms and saves the quiz", async ({ page, visit }) => {
    const { lessonId, builder } = await hiddenCourseWithLesson(page);
    await visit(builder);
    const form = page.locator("#quiz-form");
    const first = form.getByRole("group", { name: "Question 1" });
    await first.getByLabel("Question", { exact: true }).fill("Which moon favours new beginnings?");
    await first.getByLabel(/^Options/).fill("Full moon\n* Waxing moon");
    // Adding a question posts the form and comes back with what was typed, nothing saved.
    await form.getByRole("button", { name: "Add question" }).click();
    const second = form.getByRole("group", { name: "Question 2" });
    await expect(second).toBeVisible();
    await expect(first.getByLabel("Question", { exact: true })).toHaveValue("Which moon favours new beginnings?");
    expect((await page.request.get(`/api/lessons/${lessonId}/quiz`)).status()).toBe(404);
    await second.getByLabel("Type", { exact: true }).selectOption("true_false");
    await second.getByLabel("Question", { exact: true }).fill("A full moon invites completion.");
    await second.getByLabel(/^The statement is/).selectOption("true");
    await form.getByRole("button", { name: "Create quiz" }).click();
    await expect(page.getByTestId("toast-title")).toHaveText("Quiz saved");
    const saved = (await (await page.request.get(`/api/lessons/${lessonId}/quiz`)).json()) as { quiz: { questions: Array<{ type: string; correct?: number[] }> } };
    expect(saved.quiz.questions.map((q) => [q.type, q.correct])).toEqual([
      ["single", [1]],
      ["true_false", [0]],
    ]);
    // Drafting without JavaScript posts the form and comes back with the drafts after the saved questions.
    await visit(builder);
    await page.getByRole("button", { name: "Draft questions from this lesson" }).click();
    await expect(page.getByText(/questions drafted/).first()).toBeVisible();
    await expect(form.getByRole("group", { name: "Question 3" })).toBeVisible();
    await expect(page.getByTestId("draft-source").first()).toContainText("moon");
    expect(((await (await page.request.get(`/api/lessons/${lessonId}/quiz`)).json()) as { quiz: { questions: unknown[] } }).quiz.questions).toHaveLength(2);
    // A bad pass mark comes back with its message.
    await visit(builder);
    await form.getByLabel("Pass mark (%)").fill("150");
    await form.getByRole("button", { name: "Save quiz" }).click();
    await expect(page.getByText("Pass mark must be between 0 and 100")).toBeVisible();
  });
});
