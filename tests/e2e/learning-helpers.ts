import { expect, request as requests, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { z } from "zod";
import { HEADMASTER, loginThroughApi } from "./helpers";

// Steps shared by the learning stories: the demo course's facts, walking a
// lesson in the player, and finishing a course quickly through the JSON API.

/** The first course of the demo data, with its four lessons; the last one has a quiz. */
export const FIRST_COURSE = { id: 1, title: "Foundations of Intuitive Reading", lessons: 4, quizLessonId: 4 };

export const lessonPosition = (page: Page): Locator => page.getByTestId("lesson-position");

/** Reads "Lesson {order} • Section {n} of {total}" from the player. */
export async function readLessonPosition(page: Page): Promise<{ order: number; section: number; total: number }> {
  const text = (await lessonPosition(page).textContent()) ?? "";
  const match = /Lesson (\d+) • Section (\d+) of (\d+)/.exec(text);
  if (!match) throw new Error(`Not a lesson position: "${text}"`);
  return { order: Number(match[1]), section: Number(match[2]), total: Number(match[3]) };
}

/** From the first section, clicks Next Section until the last one, checking the way (a quiz lesson ends at its quiz). */
export async function walkToLastSection(page: Page, { quiz = false } = {}): Promise<void> {
  const { order, section, total } = await readLessonPosition(page);
  expect(section).toBe(1);
  await expect(page.getByRole("button", { name: "Previous Section" })).toBeDisabled();
  for (let n = 2; n <= total; n++) {
    await page.getByRole("link", { name: "Next Section" }).click();
    await expect(lessonPosition(page)).toHaveText(`Lesson ${order} • Section ${n} of ${total}`);
    await expect(page.getByRole("link", { name: "Previous Section" })).toBeVisible();
  }
  await expect(page.getByRole("link", { name: "Next Section" })).toHaveCount(0);
  if (quiz) {
    await expect(page.getByRole("button", { name: "Complete Lesson" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Pass the quiz to complete this lesson" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Lesson quiz" })).toBeVisible();
  } else {
    await expect(page.getByRole("button", { name: "Complete Lesson" })).toBeVisible();
  }
}

const LessonList = z.array(z.object({ id: z.number(), order: z.number() }));
const Completion = z.object({ certificate: z.object({ certificateNumber: z.string() }).nullable() });

/** Completes every lesson of a course as the signed-in student; returns the certificate number. */
export async function completeCourseThroughApi(request: APIRequestContext, courseId: number): Promise<string> {
  const lessons = LessonList.parse(await (await request.get(`/api/courses/${courseId}/lessons`)).json());
  let certificateNumber: string | null = null;
  for (const lesson of lessons) {
    const response = await request.post(`/api/lessons/${lesson.id}/complete`);
    // A lesson with a quiz is completed by passing it.
    const completion = response.status() === 409 ? (await passQuizThroughApi(request, lesson.id)).completion : await response.json();
    expect(completion, `lesson ${lesson.id}: ${response.status()}`).toBeTruthy();
    certificateNumber = Completion.parse(completion).certificate?.certificateNumber ?? certificateNumber;
  }
  if (!certificateNumber) throw new Error("Completing the course issued no certificate");
  return certificateNumber;
}

const AdminQuiz = z.object({
  quiz: z.object({
    questions: z.array(
      z.object({
        id: z.number(),
        type: z.string(),
        prompt: z.string(),
        options: z.array(z.string()).optional(),
        correct: z.array(z.number()).optional(),
        accepted: z.array(z.string()).optional(),
      }),
    ),
  }),
});
const Attempt = z.object({ attempt: z.object({ passed: z.boolean(), score: z.number() }), completion: z.unknown() });

/** The right answers to a lesson's quiz, read as the headmaster (a member never sees them). */
export type QuizQuestionWithAnswers = z.infer<typeof AdminQuiz>["quiz"]["questions"][number];

export async function quizAnswers(baseURL: string, lessonId: number): Promise<QuizQuestionWithAnswers[]> {
  const admin = await requests.newContext({ baseURL });
  try {
    await loginThroughApi(admin, HEADMASTER);
    const { quiz } = AdminQuiz.parse(await (await admin.get(`/api/lessons/${lessonId}/quiz`)).json());
    return quiz.questions;
  } finally {
    await admin.dispose();
  }
}

/** Passes a lesson's quiz as the signed-in member through the JSON API. */
export async function passQuizThroughApi(request: APIRequestContext, lessonId: number) {
  const base = new URL((await request.get("/healthz")).url()).origin;
  const questions = await quizAnswers(base, lessonId);
  const answers = questions.map((q) => (q.type === "short" ? { questionId: q.id, text: q.accepted?.[0] ?? "" } : { questionId: q.id, choices: q.correct ?? [] }));
  const response = await request.post(`/api/lessons/${lessonId}/quiz/attempts`, { data: { answers } });
  expect(response.status(), await response.text()).toBe(201);
  const result = Attempt.parse(await response.json());
  expect(result.attempt.passed).toBe(true);
  return result;
}

/**
 * Fills the lesson page's quiz form as a member would: the right answers,
 * except for the questions listed in `wrong` (answered with a wrong option or text).
 */
export async function answerQuizInPage(page: Page, questions: QuizQuestionWithAnswers[], { wrong = [] as number[] } = {}) {
  const form = page.getByTestId("quiz-form");
  for (const [index, question] of questions.entries()) {
    const group = form.getByRole("group", { name: question.prompt });
    const miss = wrong.includes(index);
    if (question.type === "short") {
      await group.getByRole("textbox").fill(miss ? "something else" : `  ${(question.accepted?.[0] ?? "").toUpperCase()}  `);
      continue;
    }
    const options = question.type === "true_false" ? ["True", "False"] : (question.options ?? []);
    const correct = question.correct ?? [];
    const chosen = miss ? [options.findIndex((_, i) => !correct.includes(i))] : correct;
    for (const choice of chosen) await group.getByLabel(options[choice] ?? "", { exact: true }).check();
  }
  await form.getByRole("button", { name: "Submit answers" }).click();
}
