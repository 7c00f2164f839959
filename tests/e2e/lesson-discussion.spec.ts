import AxeBuilder from "@axe-core/playwright";
import { request, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { z } from "zod";
import { expect, HEADMASTER, loginThroughApi, newStudentCredentials, registerThroughApi, test, waitUntilInteractive, type Credentials } from "./helpers";

// The lesson page's Discussion (issue 46), with and without JavaScript.

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a member asks a question, edits it and deletes it through plain forms", async ({ page, visit, student }) => {
    await visit("/course/1/lesson/1");
    const discussion = page.locator("#discussion");
    await expect(discussion.getByRole("heading", { name: "Discussion" })).toBeVisible();
    const question = `Why the left hand first? (${student.username})`;
    await discussion.getByRole("textbox", { name: "Ask a question about this lesson" }).fill(question);
    await discussion.getByRole("button", { name: "Post question" }).click();
    await expect(page.getByTestId("toast-title")).toHaveText("Question posted");
    expect(new URL(page.url()).hash).toMatch(/^#comment-\d+$/);
    const mine = page.locator(new URL(page.url()).hash);
    await expect(mine).toContainText(question);

    await mine.getByText("Edit", { exact: true }).click();
    await mine.getByRole("textbox", { name: "Edit your comment" }).fill(`${question} And why the moon?`);
    await mine.getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("toast-title")).toHaveText("Comment updated");
    await expect(mine).toContainText("And why the moon?");
    await expect(mine).toContainText("edited");

    await mine.getByText("Delete", { exact: true }).click();
    await mine.getByRole("button", { name: "Yes, delete it" }).click();
    await expect(page.getByTestId("toast-title")).toHaveText("Comment deleted");
    await expect(page.getByText("And why the moon?")).toHaveCount(0);
  });

  test("another member replies, an admin's reply carries the Instructor badge, and the asker marks the answer, shown first", async ({ page, visit, student: _student, browser, baseURL }) => {
    const question = await postComment(page.request, 1, `Which hand holds the deck? ${Date.now()}`);
    const other = await memberPage(browser, baseURL, { javaScriptEnabled: false });
    // Without JavaScript the discussion is one link away.
    await other.goto("/course/1/lesson/1");
    await other.getByRole("link", { name: /^Show the discussion \(\d+ comments?\)$/ }).click();
    await expect(other).toHaveURL(/\?discussion=all#discussion$/);
    const asked = other.locator("li").filter({ has: other.locator(`#comment-${question.id}`) });
    await asked.getByText("Reply", { exact: true }).click();
    await asked.getByRole("textbox", { name: "Your reply" }).fill("The left one, by old custom.");
    await asked.getByRole("button", { name: "Post reply" }).click();
    await expect(other.getByTestId("toast-title")).toHaveText("Reply posted");
    await other.context().close();

    const headmaster = await headmasterApi(baseURL);
    await postComment(headmaster, 1, "Either hand: what matters is that you keep to one.", question.id);
    await headmaster.dispose();

    await visit(`/course/1/lesson/1?discussion=all#comment-${question.id}`);
    const thread = page.locator("#discussion > ol > li").filter({ has: page.locator(`#comment-${question.id}`) });
    const replies = thread.getByRole("list", { name: "Replies" }).getByRole("article");
    await expect(replies).toHaveCount(2);
    await expect(replies.nth(1)).toContainText("Either hand");
    await expect(replies.nth(1).getByText("Instructor", { exact: true })).toBeVisible();
    await expect(replies.nth(0).getByText("Instructor", { exact: true })).toHaveCount(0);
    const open = await openQuestions(page);

    // The asker marks the admin's reply: it moves to the top, marked "Answer", and the question is no longer open.
    await replies.nth(1).getByRole("button", { name: "Mark as answer" }).click();
    await expect(page.getByTestId("toast-title")).toHaveText("Marked as the answer");
    await expect(replies.nth(0)).toContainText("Either hand");
    await expect(replies.nth(0).getByText("Answer", { exact: true })).toBeVisible();
    await expect(replies.nth(0)).toHaveAttribute("aria-label", "Answer");
    expect(await openQuestions(page)).toBe(open - 1);
    await expect(replies.nth(1).getByRole("button", { name: "Mark as answer" })).toBeVisible();
  });

  test("a Premium lesson's discussion never reaches a free member's page or form", async ({ page, visit, student: _student, baseURL }) => {
    const premium = await headmasterApi(baseURL);
    const secret = `A Premium-only question ${Date.now()}`;
    await postComment(premium, PREMIUM_LESSON.id, secret);
    await premium.dispose();

    const response = await visit(`/course/${PREMIUM_LESSON.courseId}/lesson/${PREMIUM_LESSON.id}`);
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1, name: "Premium membership required" })).toBeVisible();
    await expect(page.locator("#discussion")).toHaveCount(0);
    expect(await page.content()).not.toContain(secret);

    // The page's form action refuses a question written by hand, as the API does.
    const posted = await page.request.post(`/course/${PREMIUM_LESSON.courseId}/lesson/${PREMIUM_LESSON.id}`, { form: { intent: "comment", content: "Let me in" }, maxRedirects: 0 });
    expect(posted.status()).toBe(403);
    expect(await posted.text()).not.toContain(secret);
    expect((await page.request.get(`/api/lessons/${PREMIUM_LESSON.id}/comments`)).status()).toBe(403);
  });
});

test("with JavaScript the discussion loads as it scrolls into view", async ({ page, visit, student: _student }) => {
  const question = await postComment(page.request, 1, `Should I shuffle before grounding? ${Date.now()}`);
  // The page itself carries the counts only; the panel fetches the comments when it comes near.
  expect(await (await page.request.get("/course/1/lesson/1")).text()).not.toContain("Should I shuffle before grounding?");
  await visit("/course/1/lesson/1");
  await page.locator("#discussion").scrollIntoViewIfNeeded();
  await expect(page.locator(`#comment-${question.id}`)).toContainText("Should I shuffle before grounding?");
  expect(new URL(page.url()).search).toBe("");
});

test("with JavaScript a member posts a question and a reply without a reload", async ({ page, visit, student }) => {
  await visit("/course/1/lesson/1");
  await page.evaluate(() => Object.assign(window, { stillHere: true }));
  const discussion = page.locator("#discussion");
  const question = `Does the order matter? (${student.username})`;
  await discussion.getByRole("textbox", { name: "Ask a question about this lesson" }).fill(question);
  await discussion.getByRole("button", { name: "Post question" }).click();
  const item = discussion.locator("li").filter({ hasText: question }).first();
  await expect(item).toBeVisible();
  await item.getByText("Reply", { exact: true }).click();
  await item.getByRole("textbox", { name: "Your reply" }).fill("Answering myself: it does not.");
  await item.getByRole("button", { name: "Post reply" }).click();
  await expect(item).toContainText("Answering myself: it does not.");
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
});

test("an empty question is refused with an announced error and no reload", async ({ page, visit, student: _student }) => {
  await visit("/course/1/lesson/1");
  const discussion = page.locator("#discussion");
  const field = discussion.getByRole("textbox", { name: "Ask a question about this lesson" });
  await field.evaluate((element) => element.removeAttribute("required"));
  await field.fill("   ");
  await discussion.getByRole("button", { name: "Post question" }).click();
  await expect(discussion.getByRole("alert")).toHaveText("Write your question or comment first.");
});

test("a moderator hides a comment: members read that it was removed; axe finds nothing on the discussion for either", async ({ page, visit, student: _student, browser, baseURL }) => {
  const question = await postComment(page.request, 1, `Is a **reversed** card a warning? ${Date.now()}`);
  const spam = await postComment(page.request, 1, "Buy my crystals at a discount", question.id);
  const headmaster = await headmasterApi(baseURL);
  const answer = await postComment(headmaster, 1, "Not always: read it *with* its neighbours.", question.id);
  expect((await headmaster.post(`/api/lesson-comments/${answer.id}/answer`)).status()).toBe(200);
  await headmaster.dispose();

  const admin = await memberPage(browser, baseURL, { credentials: HEADMASTER });
  await admin.goto(`/course/1/lesson/1#comment-${spam.id}`);
  await waitUntilInteractive(admin);
  const hidden = admin.locator(`#comment-${spam.id}`);
  await hidden.getByRole("button", { name: "Hide" }).click();
  await expect(hidden).toContainText("This comment was removed by a moderator.");
  // The moderator still reads it, and may show it again.
  await expect(hidden).toContainText("Buy my crystals");
  await expect(hidden.getByRole("button", { name: "Show" })).toBeVisible();
  await expectNoAxeViolations(admin);
  await admin.context().close();

  await visit(`/course/1/lesson/1#comment-${question.id}`);
  const seen = page.locator(`#comment-${spam.id}`);
  await expect(seen).toContainText("This comment was removed by a moderator.");
  await expect(seen).not.toContainText("Buy my crystals");
  await expect(page.locator(`#comment-${answer.id}`).getByText("Answer", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
});

// The demo seed's Premium course (db/seed.ts): course 3, lesson 9.
const PREMIUM_LESSON = { courseId: 3, id: 9 };
const Comment = z.object({ comment: z.object({ id: z.number() }) });

async function postComment(api: APIRequestContext, lessonId: number, content: string, parentId?: number) {
  const response = await api.post(`/api/lessons/${lessonId}/comments`, { data: parentId ? { content, parentId } : { content } });
  expect(response.status(), await response.text()).toBe(201);
  return Comment.parse(await response.json()).comment;
}

async function headmasterApi(baseURL: string | undefined): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL });
  await loginThroughApi(api, HEADMASTER);
  return api;
}

/** A page of its own for a second member (a new one unless credentials are given), signed in. */
async function memberPage(browser: Browser, baseURL: string | undefined, { credentials, javaScriptEnabled = true }: { credentials?: Credentials; javaScriptEnabled?: boolean } = {}) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled });
  if (credentials) await loginThroughApi(context.request, credentials);
  else await registerThroughApi(context.request, newStudentCredentials());
  return await context.newPage();
}

async function openQuestions(page: Page): Promise<number> {
  const text = await page.locator("#discussion").getByText(/^\d+ open questions?$/).textContent();
  return Number.parseInt(text ?? "", 10);
}

async function expectNoAxeViolations(page: Page) {
  const result = await new AxeBuilder({ page }).include("#discussion").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`)).toEqual([]);
}
