import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Browser, BrowserContext, Page } from "@playwright/test";
import { expect, HEADMASTER, loginThroughApi, newStudentCredentials, registerThroughApi, test, uniqueUsername, waitUntilInteractive } from "./helpers";

// Issue 45: assignments with mentor feedback, in the browser. A member hands
// in a file with JavaScript off, the headmaster asks for a revision, the
// member hands in again, the headmaster passes it: the one-lesson course is
// complete and its certificate issued. And the builder with JavaScript on.
// Each story makes its own course through the API, so no other story's queue changes.

const SHOTS = "/work/shots45";
fs.mkdirSync(SHOTS, { recursive: true });

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

async function expectNoAxeViolations(page: Page, what: string) {
  const result = await new AxeBuilder({ page }).options({ iframes: false, resultTypes: ["violations"] }).exclude("iframe").withTags(WCAG_TAGS).analyze();
  const found = result.violations.map((violation) => `${what}: ${violation.id} (${violation.impact}) ${violation.nodes.slice(0, 3).map((node) => node.target.join(" ")).join(" | ")}`);
  expect(found).toEqual([]);
}

/** Full-page screenshots at a laptop's and a phone's width. */
async function shoot(page: Page, name: string) {
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  // From the top, nothing focused: the sticky header would otherwise sit in the middle of a full-page shot.
  await page.evaluate(() => {
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    window.scrollTo(0, 0);
  });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(size);
}

/**
 * axe runs scripts in the page, so a story without JavaScript has the same
 * person open the page again in a browser with it (their cookies copied),
 * checks it there and takes its screenshots.
 */
async function checkWithJavaScript(browser: Browser, from: BrowserContext, url: string, name: string) {
  // (A context made in a test takes the test's options: JavaScript is asked for explicitly.)
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, javaScriptEnabled: true, storageState: await from.storageState() });
  const page = await context.newPage();
  await page.goto(url);
  await waitUntilInteractive(page);
  await expectNoAxeViolations(page, url);
  await shoot(page, name);
  await context.close();
}

const course = (title: string, isActive: boolean) => ({ title, description: "Made for a test.", level: "Beginner", rating: "4.0", lessons: 1, duration: "1 day", isActive, isPremium: false });

async function courseWithOneLesson(api: APIRequestContext, { isActive }: { isActive: boolean }) {
  const created = await api.post("/api/courses", { data: course(`Assignments ${uniqueUsername("course")}`, isActive) });
  expect(created.status(), await created.text()).toBe(201);
  const { id: courseId } = (await created.json()) as { id: number };
  const lesson = await api.post(`/api/courses/${courseId}/lessons`, {
    data: { title: "A reading for a client", contentSections: [{ type: "text", title: "Three cards", content: "Lay out **three cards**: past, present, future. Speak to the person, not the cards." }] },
  });
  expect(lesson.status(), await lesson.text()).toBe(201);
  const { id: lessonId } = (await lesson.json()) as { id: number };
  return { courseId, lessonId };
}

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
const PNG = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000" + "1f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082", "hex");

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a member hands in a file, is asked for a revision, hands in again and passes: the lesson is complete and the certificate issued", async ({ page, browser, baseURL }) => {
    // A long story (two people, two rounds, seven pages checked with axe and photographed at two widths).
    test.setTimeout(180_000);
    // The headmaster sets the course up through the JSON API, as a script would.
    await loginThroughApi(page.request, HEADMASTER);
    const { courseId, lessonId } = await courseWithOneLesson(page.request, { isActive: true });
    const saved = await page.request.put(`/api/lessons/${lessonId}/assignment`, {
      data: {
        instructions: "Give a **three-card reading** to a friend and hand in your notes as a PDF, or a photo of them.",
        kinds: ["file"],
        maxFileMb: 5,
        rubric: [
          { criterion: "Reading of the cards", description: "Each card's meaning, in its position.", points: 6 },
          { criterion: "Care for the client", description: "Plain words, no fear.", points: 4 },
        ],
        passPoints: 7,
        required: true,
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    const lessonPath = `/course/${courseId}/lesson/${lessonId}`;

    const memberContext = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const member = await memberContext.newPage();
    const credentials = newStudentCredentials();
    await registerThroughApi(member.request, credentials);
    await member.goto(`/course/${courseId}`);
    await member.getByRole("button", { name: "Start Course" }).click();
    await expect(member).toHaveURL(new RegExp(`${lessonPath}$`));

    const panel = member.locator("#assignment");
    await expect(panel.getByRole("heading", { name: "Assignment" })).toBeVisible();
    await expect(panel.getByTestId("assignment-summary")).toHaveText("Pass with 7 of 10 points · required to complete this lesson");
    await expect(panel.getByTestId("assignment-instructions").locator("strong")).toHaveText("three-card reading");
    await expect(panel.getByRole("row", { name: /Reading of the cards/ })).toContainText("6");
    await expect(panel.getByTestId("assignment-file-hint")).toContainText("up to 5 MB");
    // Only a file is taken: no text area.
    await expect(panel.getByLabel(/Your answer/)).toHaveCount(0);
    // The lesson cannot be completed yet, and the page says why.
    await expect(member.getByRole("button", { name: "Complete Lesson" })).toHaveCount(0);
    await expect(member.getByTestId("assignment-gate")).toContainText("Your assignment must pass review to complete this lesson");
    await checkWithJavaScript(browser, memberContext, lessonPath, "lesson-assignment");

    // Nothing chosen: the server's message comes back as a toast.
    await panel.getByRole("button", { name: "Hand in" }).click();
    await expect(member.getByTestId("toast-title")).toHaveText("Not handed in");
    await expect(member.getByText("Write your answer or attach a file")).toBeVisible();

    await panel.getByLabel("Your file").setInputFiles({ name: "my-reading.pdf", mimeType: "application/pdf", buffer: PDF });
    await panel.getByRole("button", { name: "Hand in" }).click();
    await expect(member).toHaveURL(new RegExp(`${lessonPath}#assignment$`));
    await expect(member.getByTestId("toast-title")).toHaveText("Assignment handed in");
    await expect(panel.getByTestId("assignment-standing")).toContainText("Version 1 is waiting for review");
    await expect(panel.getByTestId("assignment-form")).toHaveCount(0);
    const firstVersion = panel.getByTestId("assignment-version").first();
    await expect(firstVersion.getByTestId("submission-status")).toHaveText("Waiting for review");
    await expect(firstVersion.getByRole("link", { name: /my-reading\.pdf/ })).toHaveAttribute("href", /^\/api\/submissions\/\d+\/file$/);
    await checkWithJavaScript(browser, memberContext, lessonPath, "lesson-assignment-waiting");
    // The portal lists it as waiting, linking back to the assignment.
    await member.goto("/students");
    const open = member.getByTestId("open-assignments");
    await expect(open.getByRole("link", { name: /A reading for a client/ })).toContainText("Waiting for review");
    await expect(open.getByRole("link", { name: /A reading for a client/ })).toHaveAttribute("href", `${lessonPath}#assignment`);

    // Removing the assignment while work waits for review is refused with the model's words.
    await page.goto(`/admin/courses/${courseId}/lessons/${lessonId}/assignment`);
    await page.getByRole("button", { name: "Remove assignment" }).click();
    await expect(page.getByTestId("toast-title")).toHaveText("Assignment not removed");
    await expect(page.getByText("Submissions are waiting for review: review them before removing the assignment")).toBeVisible();

    // The headmaster finds it in the queue, oldest first, filtered to this course.
    await page.goto("/reviews");
    await page.getByLabel("Course").selectOption(String(courseId));
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(new RegExp(`/reviews\\?courseId=${courseId}&status=submitted$`));
    await expect(page.getByTestId("queue-count")).toHaveText("1 submission · Waiting for review");
    await checkWithJavaScript(browser, page.context(), page.url(), "review-queue");
    await page.getByRole("link", { name: new RegExp(`^Review ${credentials.username}`) }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${credentials.username}: A reading for a client`);
    await expect(page.getByTestId("submission-file")).toContainText("my-reading.pdf");
    await checkWithJavaScript(browser, page.context(), page.url(), "review-page");

    const form = page.getByTestId("review-form");
    await form.getByLabel("Reading of the cards").fill("3");
    await form.getByLabel("Care for the client").fill("2");
    await form.getByLabel("Feedback for the member").fill("Good start. Say what the **present** card asks of her.");
    // Passing with 5 of the 7 points needed: the model refuses, and what was typed stays.
    await form.getByRole("button", { name: "Pass" }).click();
    await expect(page.getByRole("alert")).toContainText("Passing needs 7 points; these scores give 5");
    await expect(form.getByLabel("Reading of the cards")).toHaveValue("3");
    await form.getByRole("button", { name: "Ask for revision" }).click();
    await expect(page).toHaveURL(/\/reviews$/);
    await expect(page.getByTestId("toast-title")).toHaveText("Revision requested");

    // The member reads the feedback and hands in a photo of new notes.
    // (Not `#assignment`: the page is there already, and a fragment alone would not load it again.)
    await member.goto(lessonPath);
    await expect(panel.getByTestId("assignment-standing")).toContainText("asked for a revision");
    const reviewed = panel.getByTestId("assignment-version").first();
    await expect(reviewed.getByTestId("submission-status")).toHaveText("Needs revision");
    await expect(reviewed.getByTestId("submission-review")).toContainText("5 of 10 points");
    await expect(reviewed.getByTestId("submission-review").locator("strong")).toHaveText("present");
    await expect(reviewed.getByRole("row", { name: /Care for the client/ })).toContainText("2 / 4");
    await member.goto("/students");
    await expect(member.getByTestId("open-assignments").getByRole("link", { name: /A reading for a client/ })).toContainText("Needs revision");
    await checkWithJavaScript(browser, memberContext, "/students", "portal-assignments");
    await member.goto(lessonPath);
    await checkWithJavaScript(browser, memberContext, lessonPath, "lesson-assignment-revise");
    await panel.getByLabel("Your file").setInputFiles({ name: "notes-photo.png", mimeType: "image/png", buffer: PNG });
    await panel.getByRole("button", { name: "Hand in a new version" }).click();
    await expect(member.getByTestId("toast-title")).toHaveText("Assignment handed in");
    await expect(panel.getByTestId("assignment-version")).toHaveCount(2);
    await expect(panel.getByTestId("assignment-version").first()).toContainText("Version 2");

    // The headmaster passes version 2, with version 1 and its review beside it.
    await page.goto(`/reviews?courseId=${courseId}`);
    await page.getByRole("link", { name: new RegExp(`^Review ${credentials.username}`) }).click();
    await expect(page.getByRole("heading", { name: "Earlier versions" })).toBeVisible();
    await expect(page.getByRole("img", { name: "Handed-in image: notes-photo.png" })).toBeVisible();
    await checkWithJavaScript(browser, page.context(), page.url(), "review-page-version-2");
    await form.getByLabel("Reading of the cards").fill("5");
    await form.getByLabel("Care for the client").fill("4");
    await form.getByRole("button", { name: "Pass" }).click();
    await expect(page.getByTestId("toast-title")).toHaveText("Passed");
    await expect(page.getByText(/The course is complete and the certificate was issued\./)).toBeVisible();
    await page.goto(`/reviews?courseId=${courseId}&status=all`);
    await expect(page.getByTestId("queue-count")).toHaveText("2 submissions · All");

    // The lesson is complete, and so is the course: the certificate is the member's.
    await member.goto(lessonPath);
    await expect(member.getByText("You have completed this lesson")).toBeVisible();
    await expect(panel.getByTestId("assignment-standing")).toHaveText("Your assignment passed review. There is nothing more to hand in.");
    await expect(panel.getByTestId("assignment-form")).toHaveCount(0);
    await expect(member.getByTestId("assignment-gate")).toHaveCount(0);
    await checkWithJavaScript(browser, memberContext, lessonPath, "lesson-assignment-passed");
    const certificates = (await (await member.request.get("/api/user/certificates")).json()) as Array<{ courseId: number }>;
    expect(certificates.map((certificate) => certificate.courseId)).toContain(courseId);
    await memberContext.close();
  });
});

test.describe("the builder without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("adds, moves and removes criteria with plain forms, nothing saved until Save", async ({ page }) => {
    await loginThroughApi(page.request, HEADMASTER);
    const { courseId, lessonId } = await courseWithOneLesson(page.request, { isActive: false });
    await page.goto(`/admin/courses/${courseId}/lessons/${lessonId}/assignment`);
    const form = page.locator("#assignment-form");
    await form.getByLabel("Instructions").fill("Describe the card you drew this morning.");
    await form.getByRole("group", { name: "Criterion 1" }).getByLabel("Criterion", { exact: true }).fill("Honesty");
    await form.getByRole("group", { name: "Criterion 1" }).getByLabel("Points").fill("4");
    // Each list button posts the form and it comes back changed, with what was typed.
    await form.getByRole("button", { name: "Add criterion" }).click();
    const second = form.getByRole("group", { name: "Criterion 2" });
    await expect(second).toBeVisible();
    await expect(form.getByLabel("Instructions")).toHaveValue("Describe the card you drew this morning.");
    expect((await page.request.get(`/api/lessons/${lessonId}/assignment`)).status()).toBe(404);
    await second.getByLabel("Criterion", { exact: true }).fill("Detail");
    await second.getByLabel("Points").fill("6");
    await form.getByRole("button", { name: "Move criterion 2 up" }).click();
    await expect(form.getByRole("group", { name: "Criterion 1" }).getByLabel("Criterion", { exact: true })).toHaveValue("Detail");
    await form.getByRole("button", { name: "Add criterion" }).click();
    await form.getByRole("button", { name: "Remove criterion 3" }).click();
    await expect(form.getByRole("group", { name: "Criterion 3" })).toHaveCount(0);
    // Text only, not required.
    await form.getByLabel("A file (document, image or audio recording)").uncheck();
    await form.getByLabel("Passing review is required to complete the lesson").uncheck();
    await form.getByLabel("Points to pass").fill("8");
    await form.getByRole("button", { name: "Create assignment" }).click();
    await expect(page.getByTestId("toast-title")).toHaveText("Assignment saved");
    const answer = (await (await page.request.get(`/api/lessons/${lessonId}/assignment`)).json()) as {
      assignment: { kinds: string[]; rubric: Array<{ criterion: string; points: number }>; passPoints: number; required: boolean };
    };
    expect(answer.assignment).toMatchObject({ kinds: ["text"], passPoints: 8, required: false });
    expect(answer.assignment.rubric.map((row) => [row.criterion, row.points])).toEqual([
      ["Detail", 6],
      ["Honesty", 4],
    ]);
  });
});

test("with JavaScript: the headmaster builds a rubric, reorders and removes criteria, and saves the assignment", async ({ page, visit }) => {
  await loginThroughApi(page.request, HEADMASTER);
  const { courseId, lessonId } = await courseWithOneLesson(page.request, { isActive: false });
  await visit(`/admin/courses/${courseId}/lessons`);
  await page.getByRole("article", { name: "A reading for a client" }).getByRole("link", { name: "Add assignment" }).click();
  await expect(page).toHaveURL(`/admin/courses/${courseId}/lessons/${lessonId}/assignment`);
  await expect(page.getByRole("heading", { level: 1, name: "Lesson assignment" })).toBeVisible();

  const form = page.locator("#assignment-form");
  await form.getByLabel("Instructions").fill("Record yourself giving a reading, or write it down.");
  const first = form.getByRole("group", { name: "Criterion 1" });
  await first.getByLabel("Criterion", { exact: true }).fill("Meaning of each card");
  await first.getByLabel("Points").fill("5");
  await form.getByRole("button", { name: "Add criterion" }).click();
  const second = form.getByRole("group", { name: "Criterion 2" });
  await second.getByLabel("Criterion", { exact: true }).fill("A criterion to drop");
  await second.getByLabel("Points").fill("2");
  await form.getByRole("button", { name: "Add criterion" }).click();
  const third = form.getByRole("group", { name: "Criterion 3" });
  await third.getByLabel("Criterion", { exact: true }).fill("Kindness");
  await third.getByLabel(/What a reviewer looks for/).fill("Speaks gently.");
  await third.getByLabel("Points").fill("3");
  await expect(form.getByTestId("rubric-total")).toHaveText("Total: 10 points");

  // Pass points above the total: the schema's message, nothing saved.
  await form.getByLabel("Points to pass").fill("12");
  await form.getByRole("button", { name: "Create assignment" }).click();
  await expect(form.getByText("Points to pass (12) cannot be more than the rubric's total (10)")).toBeVisible();
  expect((await page.request.get(`/api/lessons/${lessonId}/assignment`)).status()).toBe(404);

  // Kindness to the top, then the second criterion (now the one to drop) goes.
  await form.getByRole("button", { name: "Move criterion 3 up" }).click();
  await form.getByRole("button", { name: "Move criterion 2 up" }).click();
  await expect(form.getByRole("group", { name: "Criterion 1" }).getByLabel("Criterion", { exact: true })).toHaveValue("Kindness");
  await expect(form.getByRole("group", { name: "Criterion 3" }).getByLabel("Criterion", { exact: true })).toHaveValue("A criterion to drop");
  await form.getByRole("button", { name: "Remove criterion 3" }).click();
  await expect(form.getByRole("group", { name: "Criterion 3" })).toHaveCount(0);
  await expect(form.getByTestId("rubric-total")).toHaveText("Total: 8 points");
  await form.getByLabel("Points to pass").fill("6");
  await form.getByLabel("File size limit (MB)").fill("10");
  await expectNoAxeViolations(page, "assignment builder");
  await shoot(page, "assignment-builder");
  await form.getByRole("button", { name: "Create assignment" }).click();
  await expect(page.getByTestId("toast-title")).toHaveText("Assignment saved");
  await expect(page.getByRole("article", { name: "A reading for a client" }).getByRole("link", { name: "Assignment" })).toBeVisible();

  const answer = (await (await page.request.get(`/api/lessons/${lessonId}/assignment`)).json()) as {
    assignment: { kinds: string[]; maxFileMb: number; rubric: Array<{ criterion: string; description: string; points: number }>; passPoints: number; required: boolean };
  };
  expect(answer.assignment).toMatchObject({ kinds: ["text", "file"], maxFileMb: 10, passPoints: 6, required: true });
  expect(answer.assignment.rubric).toEqual([
    { criterion: "Kindness", description: "Speaks gently.", points: 3 },
    { criterion: "Meaning of each card", description: "", points: 5 },
  ]);
});

test("with JavaScript: a member hands in text; the reviewer's form checks points at once and moves the focus to what is wrong", async ({ page, visit, browser, baseURL }) => {
  await loginThroughApi(page.request, HEADMASTER);
  const { courseId, lessonId } = await courseWithOneLesson(page.request, { isActive: true });
  const saved = await page.request.put(`/api/lessons/${lessonId}/assignment`, {
    data: { instructions: "Write the reading down.", kinds: ["text"], rubric: [{ criterion: "Clarity", points: 5 }], passPoints: 3, required: false },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  const memberContext = await browser.newContext({ baseURL });
  const member = await memberContext.newPage();
  await registerThroughApi(member.request, newStudentCredentials());
  await member.request.post(`/api/courses/${courseId}/start`);
  await member.goto(`/course/${courseId}/lesson/${lessonId}`);
  await waitUntilInteractive(member);
  const panel = member.locator("#assignment");
  await expect(panel.getByTestId("assignment-summary")).toHaveText("Pass with 3 of 5 points · optional practice");
  // Not required: the lesson can be completed before any review.
  await expect(member.getByRole("button", { name: "Complete Lesson" })).toBeVisible();
  // Checked in the browser: nothing to send yet.
  await panel.getByRole("button", { name: "Hand in" }).click();
  await expect(panel.getByText("Write your answer")).toBeVisible();
  await panel.getByLabel("Your answer").fill("The Tower, then the Star: what falls makes room for hope.");
  await panel.getByRole("button", { name: "Hand in" }).click();
  await expect(member.getByTestId("toast-title")).toHaveText("Assignment handed in");
  await expect(panel.getByTestId("assignment-version")).toContainText("The Tower, then the Star");
  await expect(panel.getByTestId("assignment-form")).toHaveCount(0);
  await memberContext.close();

  const queue = (await (await page.request.get(`/api/reviews?courseId=${courseId}`)).json()) as { items: Array<{ id: number }> };
  const submissionId = queue.items[0]?.id;
  await visit(`/reviews/${submissionId}`);
  const form = page.getByTestId("review-form");
  await expect(page.getByText("The Tower, then the Star: what falls makes room for hope.")).toBeVisible();
  await form.getByLabel("Clarity").fill("7");
  await form.getByRole("button", { name: "Pass" }).click();
  await expect(form.getByText("At most 5 points")).toBeVisible();
  await expect(form.getByLabel("Clarity")).toBeFocused();
  // Within the rubric but short of the pass mark: the server's rule, and the focus on its message.
  await form.getByLabel("Clarity").fill("2");
  await form.getByRole("button", { name: "Pass" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "Passing needs 3 points; these scores give 2" });
  await expect(alert).toBeVisible();
  await expect(page.locator(":focus")).toContainText("Passing needs 3 points");
  await form.getByRole("button", { name: "Ask for revision" }).click();
  await expect(page.getByTestId("toast-title")).toHaveText("Revision requested");
  await expect(page).toHaveURL(/\/reviews$/);
  // Reviewed once only: the page now shows the review instead of the form.
  await visit(`/reviews/${submissionId}`);
  await expect(page.getByTestId("already-reviewed")).toHaveText("This version has been reviewed: revision requested.");
  await expect(page.getByTestId("review-form")).toHaveCount(0);
});
