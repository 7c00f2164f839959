import { z } from "zod";
import { expect, test } from "./helpers";
import { completeCourseThroughApi, FIRST_COURSE } from "./learning-helpers";

const CourseList = z.array(z.object({ id: z.number(), level: z.string() }));

test.describe("The course catalogue", () => {
  test("groups the courses by level with counts", async ({ page, visit, student: _student }) => {
    const courses = CourseList.parse(await (await page.request.get("/api/courses")).json());
    await visit("/courses");
    for (const level of ["Beginner", "Intermediate", "Advanced"]) {
      const count = courses.filter((course) => course.level === level).length;
      if (count > 0) await expect(page.getByRole("heading", { level: 2, name: `${level} (${count})` })).toBeVisible();
    }
    await expect(page.getByRole("link", { name: "View Course" })).toHaveCount(courses.length);
    await expect(page.getByRole("link", { name: "View Course" }).first()).toHaveAttribute("href", `/course/${FIRST_COURSE.id}`);
    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    await expect(page).toHaveURL("/students");
  });
});

test.describe("The student portal", () => {
  test("starts empty for a new student, with every tab a link", async ({ page, visit, student: _student }) => {
    await visit("/students?tab=something-else");
    const tabs = page.getByRole("navigation", { name: "Portal sections" });
    await expect(tabs.getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("stat-enrolled")).toHaveText("0");
    await expect(page.getByTestId("stat-completed")).toHaveText("0");
    await expect(page.getByTestId("stat-hours")).toHaveText("0 min");
    await expect(page.getByTestId("stat-streak")).toHaveText("0 days");
    await expect(page.getByTestId("journey-course")).toHaveCount(3);
    await expect(page.getByTestId("journey-course").first()).toHaveAttribute("href", `/course/${FIRST_COURSE.id}`);
    await expect(page.getByTestId("journey-course").first()).toContainText("0%");
    // Premium courses reach a free member only as a marked upsell that leads to the upgrade.
    await expect(page.getByTestId("journey-upsell")).toHaveAttribute("href", "/upgrade");
    await expect(page.getByTestId("journey-upsell")).toContainText("Premium course");

    await tabs.getByRole("link", { name: "Courses" }).click();
    await expect(page).toHaveURL("/students?tab=courses");
    await expect(page.getByRole("link", { name: "Start Learning" }).first()).toHaveAttribute("href", `/course/${FIRST_COURSE.id}`);

    await tabs.getByRole("link", { name: "Progress" }).click();
    await expect(page.getByRole("heading", { name: "Learning Path" })).toBeVisible();
    await expect(page.getByTestId("achievement").filter({ hasText: "Locked" })).toHaveCount(3);
    await page.getByRole("navigation", { name: "Progress views" }).getByRole("link", { name: "Recent Activity" }).click();
    await expect(page).toHaveURL("/students?tab=progress&view=activity");
    await expect(page.getByText("No learning activity yet")).toBeVisible();

    await tabs.getByRole("link", { name: "Certificates" }).click();
    await expect(page.getByText("No Certificates Yet")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Start Learning" })).toHaveAttribute("href", "/dashboard");
  });

  test("shows a finished course's progress, and downloads and shares its certificate", async ({ page, context, visit, baseURL, student: _student }) => {
    const certificateNumber = await completeCourseThroughApi(page.request, FIRST_COURSE.id);

    await visit("/students");
    await expect(page.getByTestId("stat-enrolled")).toHaveText("1");
    await expect(page.getByTestId("stat-completed")).toHaveText("1");
    await expect(page.getByTestId("stat-streak")).toHaveText("1 day");
    // A finished course leaves the journey; its lessons count at their estimate, labelled.
    await expect(page.getByTestId("journey-course")).toHaveCount(3);
    await expect(page.getByTestId("journey-course").filter({ hasText: FIRST_COURSE.title })).toHaveCount(0);
    await expect(page.getByTestId("learning-time-estimated")).toBeVisible();

    await visit("/students?tab=progress");
    await expect(page.getByTestId("achievement").filter({ hasText: "Earned" })).toHaveCount(3);
    await visit("/students?tab=progress&view=courses");
    const record = page.getByTestId("course-progress-card");
    await expect(record).toHaveCount(1);
    await expect(record).toContainText(FIRST_COURSE.title);
    await expect(record).toContainText("Completed");
    await expect(record.getByRole("link", { name: "Continue Learning" })).toHaveAttribute("href", `/course/${FIRST_COURSE.id}`);

    await visit("/students?tab=certificates");
    const card = page.getByTestId("certificate-card");
    await expect(card.getByTestId("certificate-number")).toHaveText(certificateNumber);

    const download = page.waitForEvent("download");
    await card.getByRole("link", { name: "Download" }).click();
    expect((await download).suggestedFilename()).toBe(`certificate-${certificateNumber}.pdf`);
    await expect(page.getByTestId("toast-title")).toHaveText("Certificate Downloaded");

    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    await card.getByRole("button", { name: "Share" }).click();
    await expect(page.getByTestId("toast-title")).toHaveText("Share Link Copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/certificates/${certificateNumber}$`));
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("certificates download and share through plain links", async ({ page, visit, student: _student }) => {
      const certificateNumber = await completeCourseThroughApi(page.request, FIRST_COURSE.id);
      await visit("/students");
      await page.getByRole("navigation", { name: "Portal sections" }).getByRole("link", { name: "Certificates" }).click();
      await expect(page).toHaveURL("/students?tab=certificates");

      const card = page.getByTestId("certificate-card");
      const downloadLink = card.getByRole("link", { name: "Download" });
      await expect(downloadLink).toHaveAttribute("download", `certificate-${certificateNumber}.pdf`);
      const download = page.waitForEvent("download");
      await downloadLink.click();
      expect((await download).suggestedFilename()).toBe(`certificate-${certificateNumber}.pdf`);

      await card.getByRole("link", { name: "Share" }).click();
      await expect(page).toHaveURL(`/certificates/${certificateNumber}`);
      await expect(page.getByText("Valid certificate")).toBeVisible();
    });
  });

  test("an unknown certificate number reads Certificate not found", async ({ page, visit }) => {
    const response = await visit("/certificates/ACD-1999-NOPE22");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Certificate not found" })).toBeVisible();
  });
});
