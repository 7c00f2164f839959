import type { APIRequestContext } from "@playwright/test";
import { expect, HEADMASTER, loginThroughApi, test } from "./helpers";

/** Starts a topic in the first free category, with one reply, as whoever `request` is signed in as. */
async function topicWithReply(request: APIRequestContext, title: string, reply: string) {
  const categories = (await (await request.get("/api/forum/categories")).json()) as Array<{ id: number; permission: string }>;
  const categoryId = categories.find((c) => c.permission === "base")?.id;
  const topic = await request.post("/api/forum/topics", { data: { title, content: "What do you keep on yours?", categoryId } });
  expect(topic.status()).toBe(201);
  const { id } = (await topic.json()) as { id: number };
  expect((await request.post("/api/forum/replies", { data: { topicId: id, content: reply } })).status()).toBe(201);
  return { id, categoryId };
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an author edits their reply and deletes their topic", async ({ page, visit, student }) => {
    const title = `Altar essentials ${student.username}`;
    const { id, categoryId } = await topicWithReply(page.request, title, "A candle and a bowl of salt.");
    await visit(`/community/topic/${id}`);

    const reply = page.getByTestId("forum-reply").first();
    await reply.getByRole("link", { name: "Edit reply" }).click();
    const form = page.getByRole("form", { name: "Edit reply" });
    await form.getByLabel("Your reply").fill("A candle, a bowl of salt and a feather.");
    await form.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByTestId("toast-title")).toHaveText("Reply Updated");
    await expect(reply).toContainText("A candle, a bowl of salt and a feather.");
    await expect(reply.getByTestId("edited-mark")).toContainText("edited");

    await page.getByRole("link", { name: "Delete topic" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete this topic?" });
    await confirm.getByRole("button", { name: "Delete Topic" }).click();
    await expect(page).toHaveURL(`/community/category/${categoryId}`);
    await expect(page.getByTestId("toast-title")).toHaveText("Topic Deleted");
    await expect(page.getByText(title)).toHaveCount(0);
  });
});

test("a moderator's delete asks for confirmation first", async ({ page, student, browser, baseURL }) => {
  const { id } = await topicWithReply(page.request, `Moon phases ${student.username}`, "Waxing for beginnings.");
  const moderator = await browser.newContext({ baseURL });
  try {
    await loginThroughApi(moderator.request, HEADMASTER);
    const admin = await moderator.newPage();
    await admin.goto(`/community/topic/${id}`);
    await expect(admin.getByRole("region", { name: /Notifications/ })).toBeAttached({ timeout: 15_000 });
    const reply = admin.getByTestId("forum-reply").filter({ hasText: "Waxing for beginnings." });

    // Saying no leaves the reply where it was.
    admin.once("dialog", (dialog) => void dialog.dismiss());
    await reply.getByRole("button", { name: "Delete reply" }).click();
    await expect(reply).toBeVisible();

    const question = new Promise<string>((resolve) =>
      admin.once("dialog", (dialog) => {
        resolve(dialog.message());
        void dialog.accept();
      }),
    );
    await reply.getByRole("button", { name: "Delete reply" }).click();
    expect(await question).toBe("Delete this reply? This cannot be undone.");
    await expect(admin.getByTestId("toast-title")).toHaveText("Reply Deleted");
    await expect(reply).toHaveCount(0);
  } finally {
    await moderator.close();
  }
});

test("with JavaScript, an author's edit form opens with the post's current text and saves the change", async ({ page, student }) => {
  const { id } = await topicWithReply(page.request, `Incense notes ${student.username}`, "Sandalwood *before* a reading.");
  await page.goto(`/community/topic/${id}`);
  await expect(page.getByRole("region", { name: /Notifications/ })).toBeAttached({ timeout: 15_000 });
  const reply = page.getByTestId("forum-reply").first();
  await reply.getByRole("link", { name: "Edit reply" }).click();
  const form = page.getByRole("form", { name: "Edit reply" });
  // The page itself carries only the rendered HTML; the Markdown source arrives with the edit form.
  await expect(form.getByLabel("Your reply")).toHaveValue("Sandalwood *before* a reading.");
  await form.getByLabel("Your reply").fill("Sandalwood *after* a reading.");
  await form.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByTestId("toast-title")).toHaveText("Reply Updated");
  await expect(reply.locator("em")).toHaveText("after");
  await expect(form).toHaveCount(0);

  await page.getByRole("link", { name: "Edit topic" }).click();
  await expect(page.getByRole("form", { name: "Edit topic" }).getByLabel("Content", { exact: true })).toHaveValue("What do you keep on yours?");
});
