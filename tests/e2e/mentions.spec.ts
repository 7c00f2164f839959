import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./helpers";

// Issue 47: @ in the reply editor suggests members who may read the category
// (keyboard and screen-reader friendly); a posted mention is marked as one.

test("a member picks a mention from the suggestions with the keyboard, and the posted reply marks it", async ({ page, visit, student }) => {
  const topic = await page.request.post("/api/forum/topics", { data: { categoryId: 1, title: `Mentions ${student.username}`, content: "Who has tried this?" } });
  expect(topic.status()).toBe(201);
  const { id } = (await topic.json()) as { id: number };
  await visit(`/community/topic/${id}`);

  const editor = page.getByLabel("Your reply");
  await editor.click();
  await editor.pressSequentially("Have you tried it, @orac");
  const list = page.getByRole("listbox", { name: "Members to mention" });
  await expect(list).toBeVisible();
  const option = list.getByRole("option", { name: /@oracle/ });
  await expect(option).toBeVisible();
  await expect(option).toContainText("Luna Marsh");
  // The textarea points at the active option for screen readers.
  await expect(editor).toHaveAttribute("aria-activedescendant", (await list.getByRole("option").first().getAttribute("id")) ?? "");
  expect((await new AxeBuilder({ page }).include("form[aria-label='Post a reply']").analyze()).violations).toEqual([]);

  // Enter takes the active suggestion instead of sending the form.
  await page.keyboard.press("Enter");
  await expect(list).toBeHidden();
  await expect(editor).toHaveValue("Have you tried it, @oracle ");
  await editor.pressSequentially("?");
  // Escape closes the list without leaving the editor.
  await editor.pressSequentially(" @seek");
  await expect(list).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(list).toBeHidden();
  await expect(editor).toBeFocused();

  await page.getByRole("button", { name: "Post Reply" }).click();
  const reply = page.getByTestId("forum-reply").last();
  await expect(reply.locator(".mention")).toHaveText(["@oracle", "@seek"]);
});
