import { expect, test } from "./helpers";
import { answerQuizInPage, lessonPosition, quizAnswers, walkToLastSection } from "./learning-helpers";

// Issue 24: the lesson quiz as a member takes it with plain forms. (With
// JavaScript on it is taken in learning-player.spec.ts, on the way to the certificate.)
const TAROT_COURSE = 4;

test.describe("a lesson quiz without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("is answered, graded with explanations, retried and passed, which completes the lesson", async ({ page, visit, student: _student }) => {
    const lessons = (await (await page.request.get(`/api/courses/${TAROT_COURSE}/lessons`)).json()) as Array<{ id: number }>;
    const lessonId = lessons[0]?.id ?? 0;
    const questions = await quizAnswers(test.info().project.use.baseURL ?? "", lessonId);

    await visit(`/course/${TAROT_COURSE}`);
    await page.getByRole("button", { name: "Start Course" }).click();
    await expect(lessonPosition(page)).toContainText("Lesson 1 • Section 1 of ");
    await walkToLastSection(page, { quiz: true });
    await expect(page.getByTestId("quiz-summary")).toContainText(`${questions.length} questions · pass mark 80%`);
    // Nothing of the answers is on the page before an attempt.
    expect(await page.content()).not.toContain("Cups are Water");

    await answerQuizInPage(page, questions, { wrong: [0, 1] });
    await expect(page).toHaveURL(/attempt=1#quiz$/);
    await expect(page.getByTestId("toast-title")).toHaveText("Not passed yet");
    await expect(page.getByTestId("quiz-score")).toHaveText(`Score: ${Math.round(((questions.length - 2) / questions.length) * 100)}%`);
    await expect(page.getByTestId("quiz-result")).toContainText("Cups are Water");
    await page.screenshot({ path: "/tmp/shots/quiz-result-nojs.png", fullPage: true });

    // The Complete Lesson form is not offered, and the lesson is not done.
    await expect(page.getByRole("button", { name: "Complete Lesson" })).toHaveCount(0);
    await page.getByRole("link", { name: "Try again" }).click();
    await answerQuizInPage(page, questions);
    await expect(page.getByTestId("toast-title")).toHaveText("Quiz passed!");
    await expect(page.getByTestId("quiz-score")).toHaveText("Score: 100%");
    await expect(page.getByText("You have completed this lesson")).toBeVisible();
    // At the lesson's end: it says the lesson is complete, with no Complete Lesson button beside it (issue 47).
    while (await page.getByRole("link", { name: "Next Section" }).count()) await page.getByRole("link", { name: "Next Section" }).click();
    await expect(page.getByTestId("lesson-complete")).toContainText("This lesson is complete");
    await expect(page.getByRole("button", { name: "Complete Lesson" })).toHaveCount(0);
    // Back at the quiz later: it says it was passed instead of a blank form, and taking it again is a step of its own.
    const later = new URL(page.url());
    later.searchParams.delete("attempt");
    await visit(`${later.pathname}${later.search}#quiz`);
    await expect(page.getByTestId("quiz-passed")).toContainText("You passed this quiz with 100%.");
    await expect(page.getByTestId("quiz-form")).toHaveCount(0);
    await page.getByRole("link", { name: "Take it again" }).click();
    await expect(page.getByTestId("quiz-form")).toBeVisible();

    await visit("/students");
    await expect(page.getByTestId("quizzes-to-pass")).toHaveCount(0);
  });
});

test("the portal lists quizzes still to pass", async ({ page, visit, student: _student }) => {
  await page.request.post(`/api/courses/${TAROT_COURSE}/start`);
  await visit("/students");
  const card = page.getByTestId("quizzes-to-pass");
  await expect(card.getByRole("heading", { name: "Quizzes to pass" })).toBeVisible();
  await expect(card.getByRole("link", { name: /The Structure of the Deck/ })).toBeVisible();
  await page.screenshot({ path: "/tmp/shots/portal-quizzes.png", fullPage: true });
  await card.getByRole("link", { name: /The Structure of the Deck/ }).click();
  await expect(lessonPosition(page)).toContainText("Lesson 1 • Section 1 of ");
});
