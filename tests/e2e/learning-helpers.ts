import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { z } from "zod";

// Steps shared by the learning stories: the demo course's facts, walking a
// lesson in the player, and finishing a course quickly through the JSON API.

/** The first course of the demo data, with its four lessons. */
export const FIRST_COURSE = { id: 1, title: "Foundations of Intuitive Reading", lessons: 4 };

export const lessonPosition = (page: Page): Locator => page.getByTestId("lesson-position");

/** Reads "Lesson {order} • Section {n} of {total}" from the player. */
export async function readLessonPosition(page: Page): Promise<{ order: number; section: number; total: number }> {
  const text = (await lessonPosition(page).textContent()) ?? "";
  const match = /Lesson (\d+) • Section (\d+) of (\d+)/.exec(text);
  if (!match) throw new Error(`Not a lesson position: "${text}"`);
  return { order: Number(match[1]), section: Number(match[2]), total: Number(match[3]) };
}

/** From the first section, clicks Next Section until the last one, checking the way. */
export async function walkToLastSection(page: Page): Promise<void> {
  const { order, section, total } = await readLessonPosition(page);
  expect(section).toBe(1);
  await expect(page.getByRole("button", { name: "Previous Section" })).toBeDisabled();
  for (let n = 2; n <= total; n++) {
    await page.getByRole("link", { name: "Next Section" }).click();
    await expect(lessonPosition(page)).toHaveText(`Lesson ${order} • Section ${n} of ${total}`);
    await expect(page.getByRole("link", { name: "Previous Section" })).toBeVisible();
  }
  await expect(page.getByRole("link", { name: "Next Section" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Complete Lesson" })).toBeVisible();
}

const LessonList = z.array(z.object({ id: z.number(), order: z.number() }));
const Completion = z.object({ certificate: z.object({ certificateNumber: z.string() }).nullable() });

/** Completes every lesson of a course as the signed-in student; returns the certificate number. */
export async function completeCourseThroughApi(request: APIRequestContext, courseId: number): Promise<string> {
  const lessons = LessonList.parse(await (await request.get(`/api/courses/${courseId}/lessons`)).json());
  let certificateNumber: string | null = null;
  for (const lesson of lessons) {
    const response = await request.post(`/api/lessons/${lesson.id}/complete`);
    expect(response.ok(), await response.text()).toBe(true);
    certificateNumber = Completion.parse(await response.json()).certificate?.certificateNumber ?? certificateNumber;
  }
  if (!certificateNumber) throw new Error("Completing the course issued no certificate");
  return certificateNumber;
}
