import type { Page } from "@playwright/test";
import { DEMO_STUDENT, expect, HEADMASTER, loginThroughApi, test } from "./helpers";

// Two things a screen reader relies on and axe's WCAG rules do not catch
// (issue 31): every id on a page names one element (labels, aria-labelledby
// and skip links point at ids), and a page has exactly one main landmark
// (the root layout's <main>; a route must not add its own). Checked in the
// browser after hydration, so ids the scripts add count too.

interface PageStructure {
  duplicateIds: string[];
  mainLandmarks: number;
}

async function structureOf(page: Page): Promise<PageStructure> {
  return page.evaluate(() => {
    const ids = [...document.querySelectorAll("[id]")].map((element) => element.id);
    return {
      duplicateIds: [...new Set(ids.filter((id, index) => ids.indexOf(id) !== index))],
      mainLandmarks: document.querySelectorAll("main, [role=main]").length,
    };
  });
}

const WELL_FORMED: PageStructure = { duplicateIds: [], mainLandmarks: 1 };

test.describe("Every page has unique ids and one main landmark", () => {
  test("the landing page, for a visitor", async ({ page, visit }) => {
    await visit("/");
    await expect(page.getByTestId("course-card")).toHaveCount(3);
    expect(await structureOf(page)).toEqual(WELL_FORMED);
  });

  test("the portal with its conference banner, for a free student", async ({ page, visit }) => {
    await loginThroughApi(page.request, DEMO_STUDENT);
    await visit("/students");
    await expect(page.getByTestId("conference-banner")).toBeVisible();
    expect(await structureOf(page)).toEqual(WELL_FORMED);
    await visit("/students?tab=courses");
    await expect(page.getByTestId("course-card").first()).toBeVisible();
    expect(await structureOf(page)).toEqual(WELL_FORMED);
  });

  test("a course page with its rating form, for a student who started it", async ({ page, visit, student: _student }) => {
    expect((await page.request.post("/api/courses/1/start")).status()).toBe(200);
    await visit("/course/1");
    await expect(page.getByRole("heading", { name: "Rate this course" })).toBeVisible();
    expect(await structureOf(page)).toEqual(WELL_FORMED);
  });

  test("the study companion's admin page", async ({ page, visit }) => {
    await loginThroughApi(page.request, HEADMASTER);
    await visit("/admin/companion");
    await expect(page.getByRole("heading", { level: 1, name: "Study Companion" })).toBeVisible();
    expect(await structureOf(page)).toEqual(WELL_FORMED);
  });
});
