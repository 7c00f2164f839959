import type { Page } from "@playwright/test";
import { expect, HEADMASTER, loginThroughApi, test, uniqueUsername } from "./helpers";

// Scheduled release (issue 29) in the browser, with JavaScript on and off: the
// headmaster schedules a lesson in the lesson editor, and a Premium member who
// has just started "Mindful Presence & Energy Practice" finds its week-one
// review lesson ("Your Practice, One Week On", released 7 days after starting)
// locked, with the day it opens.
const PREMIUM_MEMBER = { username: "oracle", password: "silver-moon-compass" };
const DRIP_LESSON = "Your Practice, One Week On";

/** A course kept out of the catalogue, so other stories' counts do not change. */
async function hiddenCourse(page: Page): Promise<number> {
  await loginThroughApi(page.request, HEADMASTER);
  const response = await page.request.post("/api/courses", {
    data: { title: uniqueUsername("Cohort course"), description: "Made for a test.", level: "Beginner", rating: "4.5", duration: "3 weeks", isActive: false },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`Scheduled release with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("the headmaster schedules a lesson, and the editor refuses a delay beyond ten years", async ({ page, visit }) => {
      const courseId = await hiddenCourse(page);
      await visit(`/admin/courses/${courseId}/lessons?new=1`);
      let form = page.getByRole("dialog", { name: "Create Lesson" });
      await form.getByLabel("Title", { exact: true }).fill("Week two");
      await form.getByRole("group", { name: "Section 1" }).getByLabel("Section title").fill("Opening");
      await form.getByLabel("Release after (days)").fill("4000");
      await form.getByRole("button", { name: "Create Lesson" }).click();
      form = page.getByRole("dialog", { name: "Create Lesson" });
      await expect(form.getByText("Release after (days) must be a whole number from 0 to 3650")).toBeVisible();

      await form.getByLabel("Release after (days)").fill("7");
      await form.getByLabel("Release on (date)").fill("2030-01-15");
      await form.getByRole("button", { name: "Create Lesson" }).click();
      await expect(page.getByTestId("toast-title")).toHaveText("Lesson created");
      const card = page.getByRole("article", { name: "Week two" });
      await expect(card.getByTestId("lesson-schedule")).toHaveText("Opens 7 days after start, not before Tue, Jan 15, 2030");

      // The editor shows the schedule back, and clearing it opens the lesson from the start.
      await card.getByRole("link", { name: "Edit" }).click();
      form = page.getByRole("dialog", { name: "Edit Lesson" });
      await expect(form.getByLabel("Release after (days)")).toHaveValue("7");
      await expect(form.getByLabel("Release on (date)")).toHaveValue("2030-01-15");
      await form.getByLabel("Release after (days)").fill("");
      await form.getByRole("button", { name: "Update Lesson" }).click();
      await expect(page.getByTestId("toast-title")).toHaveText("Lesson updated");
      await expect(card.getByTestId("lesson-schedule")).toHaveText("Opens on Tue, Jan 15, 2030");
    });

    test("a member who just started the course sees the week-one review locked, with the day it opens", async ({ page, visit }) => {
      await loginThroughApi(page.request, PREMIUM_MEMBER);
      expect((await page.request.post("/api/courses/7/start")).status()).toBe(200);
      const lessons = (await (await page.request.get("/api/courses/7/lessons")).json()) as Array<{ id: number; title: string; isLocked: boolean }>;
      const drip = lessons.find((lesson) => lesson.title === DRIP_LESSON);
      expect(drip?.isLocked).toBe(true);

      await visit("/course/7");
      const outline = page.getByRole("list", { name: "Lessons" });
      const locked = outline.getByTestId("locked-lesson");
      await expect(locked).toContainText(DRIP_LESSON);
      await expect(locked).toContainText(/Opens on \w{3}, \w{3} \d{1,2}, \d{4}/);
      await expect(outline.getByRole("link", { name: new RegExp(DRIP_LESSON) })).toHaveCount(0);
      await expect(outline.getByRole("link")).toHaveCount(lessons.length - 1);

      const response = await visit(`/course/7/lesson/${drip?.id}`);
      expect(response?.status()).toBe(403);
      await expect(page.getByRole("heading", { name: DRIP_LESSON })).toBeVisible();
      await expect(page.getByText(/This lesson is not open yet\. Opens on \w{3}, \w{3} \d{1,2}, \d{4}\./)).toBeVisible();
      await page.getByRole("link", { name: "Back to Course" }).click();
      await expect(page).toHaveURL("/course/7");
    });
  });
}
