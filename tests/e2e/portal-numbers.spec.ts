import { z } from "zod";
import { expect, test } from "./helpers";
import { FIRST_COURSE } from "./learning-helpers";

// Issue 14's honest numbers, in the browser: time on a lesson page raises the
// portal's learning time (JavaScript on), and a course is rated with the plain
// form (JavaScript off).

const LessonList = z.array(z.object({ id: z.number() }));

test.describe("Learning time", () => {
  test("time spent on a lesson page shows in the portal", async ({ page, visit, student: _student }) => {
    await visit("/students");
    await expect(page.getByTestId("stat-hours")).toHaveText("0 min");
    await expect(page.getByTestId("learning-time-rule")).toContainText("measured while a lesson page is open");

    const [lesson] = LessonList.parse(await (await page.request.get(`/api/courses/${FIRST_COURSE.id}/lessons`)).json());
    if (!lesson) throw new Error("the first course has lessons");
    // Heartbeats every 2 s instead of 30 s: the server still credits no more than the time that passed.
    let beats = 0;
    page.on("response", (response) => {
      if (response.url().endsWith("/api/learning-time") && response.request().method() === "POST" && response.ok()) beats += 1;
    });
    const opened = Date.now();
    await visit(`/course/${FIRST_COURSE.id}/lesson/${lesson.id}?heartbeat=2`);
    await page.mouse.move(200, 200);
    await expect.poll(() => beats, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    await page.mouse.move(300, 250);

    await visit("/students");
    const openSeconds = (Date.now() - opened) / 1000;
    const figure = (await page.getByTestId("stat-hours").textContent()) ?? "";
    expect(figure).toMatch(/^\d+ s$/);
    const seconds = Number.parseInt(figure, 10);
    expect(seconds).toBeGreaterThanOrEqual(2);
    // Never more than the seconds the page was open.
    expect(seconds).toBeLessThanOrEqual(openSeconds);
    await expect(page.getByTestId("learning-time-estimated")).toHaveCount(0);
  });
});

test.describe("Rating a course without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a student who started a course rates it with the radio buttons and a submit", async ({ page, visit, student: _student }) => {
    await visit(`/course/${FIRST_COURSE.id}`);
    await expect(page.getByRole("heading", { name: "Rate this course" })).toHaveCount(0);
    await page.getByRole("button", { name: "Start Course" }).click();
    await expect(page).toHaveURL(new RegExp(`/course/${FIRST_COURSE.id}/lesson/\\d+`));
    await expect(page.getByTestId("learning-time-unmeasured")).toBeVisible();

    await visit(`/course/${FIRST_COURSE.id}`);
    const form = page.getByRole("region", { name: "Rate this course" });
    await form.getByRole("button", { name: "Save rating" }).click();
    await expect(page.getByText("Choose from 1 to 5 stars")).toBeVisible();

    await page.getByRole("radio", { name: "4 stars" }).check();
    await page.getByRole("button", { name: "Save rating" }).click();
    await expect(page).toHaveURL(`/course/${FIRST_COURSE.id}`);
    await expect(page.getByTestId("toast-title")).toHaveText("Thank you for rating");
    await expect(page.getByText("You rated it 4 of 5.")).toBeVisible();
    await expect(page.getByRole("radio", { name: "4 stars" })).toBeChecked();
    await expect(page.getByRole("button", { name: "Update rating" })).toBeVisible();
  });
});
