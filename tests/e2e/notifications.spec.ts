import type { APIRequestContext } from "@playwright/test";
import { expect, newStudentCredentials, registerThroughApi, test } from "./helpers";

// Issue 25: the bell's unread count, and marking read on /notifications with
// JavaScript on and off. A second member (their own request context) replies
// to the student's topic, which notifies the student.

async function topicBy(request: APIRequestContext, title: string): Promise<number> {
  const response = await request.post("/api/forum/topics", { data: { categoryId: 1, title, content: "Has anyone tried this with a new client?" } });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function replyAsAnother(baseURL: string, topicId: number, content: string) {
  const { request } = await import("@playwright/test");
  const other = await request.newContext({ baseURL });
  await registerThroughApi(other, newStudentCredentials());
  expect((await other.post("/api/forum/replies", { data: { topicId, content } })).status()).toBe(201);
  await other.dispose();
}

test("the bell counts unread notifications, and the page marks one and then all read", async ({ page, visit, student: _student, baseURL }) => {
  const first = await topicBy(page.request, "Grounding before a first session");
  const second = await topicBy(page.request, "Which spread for career questions");
  await visit("/students");
  // The header's bell (on a phone a second one sits beside the menu).
  const bell = page.getByRole("navigation", { name: "Main" }).getByTestId("notification-bell");
  await expect(bell).toHaveAccessibleName("Notifications");
  await expect(page.getByTestId("notification-count")).toHaveCount(0);
  const before = await bell.boundingBox();

  await replyAsAnother(baseURL ?? "", first, "A few slow breaths help me.");
  await replyAsAnother(baseURL ?? "", second, "The Celtic cross works for me.");
  // The next navigation brings the new figure; the bell does not move.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Courses" }).click();
  await expect(bell.getByTestId("notification-count")).toHaveText("2");
  await expect(bell).toHaveAccessibleName("Notifications: 2 unread");
  expect(await bell.boundingBox()).toEqual(before);

  await bell.click();
  await expect(page).toHaveURL("/notifications");
  await expect(page.getByTestId("unread-summary")).toHaveText("2 unread");
  await page.getByRole("article", { name: "New replies in “Grounding before a first session”" }).getByRole("button", { name: "Mark as read" }).click();
  await expect(page.getByTestId("unread-summary")).toHaveText("1 unread");
  await expect(bell.getByTestId("notification-count")).toHaveText("1");
  await page.screenshot({ path: "/tmp/shots/notifications.png", fullPage: true });
  await page.getByRole("button", { name: "Mark all as read" }).click();
  await expect(page.getByTestId("unread-summary")).toHaveText("You are all caught up.");
  await expect(bell.getByTestId("notification-count")).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a member reads their notifications, marks them read and chooses a daily digest with plain forms", async ({ page, visit, student: _student, baseURL }) => {
    const topicId = await topicBy(page.request, "Pricing a first reading");
    await replyAsAnother(baseURL ?? "", topicId, "Start with an introductory rate.");
    await visit("/students");
    await expect(page.getByTestId("portal-unread")).toHaveText("1 unread notification");
    await expect(page.getByTestId("notification-count").first()).toHaveText("1");
    await visit("/notifications");
    await expect(page.getByTestId("unread-summary")).toHaveText("1 unread");
    await page.getByRole("button", { name: "Mark as read" }).click();
    await expect(page.getByTestId("unread-summary")).toHaveText("You are all caught up.");
    await expect(page.getByTestId("toast-title")).toHaveText("Marked as read");

    await page.getByLabel("Replies in topics you started or replied in").selectOption("daily");
    await page.getByRole("button", { name: "Save email preferences" }).click();
    await expect(page.getByTestId("toast-title")).toHaveText("Email preferences saved");
    await expect(page.getByLabel("Replies in topics you started or replied in")).toHaveValue("daily");
    const saved = (await (await page.request.get("/api/user/notification-preferences")).json()) as { forumReplies: string };
    expect(saved.forumReplies).toBe("daily");
  });
});
