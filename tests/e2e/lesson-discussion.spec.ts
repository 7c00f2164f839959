import { expect, test } from "./helpers";

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
