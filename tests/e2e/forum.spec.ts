import { expect, HEADMASTER, login, test, uniqueUsername } from "./helpers";

const LOCKED = "This discussion has been locked and no longer accepts new replies.";

test.describe("The community forum without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a student starts a discussion and replies; an admin locks it", async ({ page, visit, student, browser, baseURL }) => {
    const title = `Moon water rituals ${uniqueUsername("t")}`;

    await visit("/community");
    const category = page.getByRole("article", { name: "Reading Practice Circle" });
    await expect(category.getByText("Free", { exact: true })).toBeVisible();
    await category.getByRole("link", { name: "Enter Forum" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Reading Practice Circle" })).toBeVisible();

    await page.getByRole("link", { name: "New Topic" }).click();
    const dialog = page.getByRole("dialog", { name: "Create New Topic" });
    // An empty form is refused with the spec's message, and nothing is created.
    await dialog.getByRole("button", { name: "Create Topic" }).click();
    await expect(page.getByText("Please provide both a title and content for your topic.").first()).toBeVisible();

    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Content").fill("How do you **charge** your water under a full moon?");
    await dialog.getByRole("button", { name: "Create Topic" }).click();

    await expect(page).toHaveURL(/\/community\/topic\/\d+$/);
    await expect(page.getByTestId("toast-title")).toHaveText("Topic Created");
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByTestId("topic-content").locator("strong")).toHaveText("charge");
    const topicUrl = new URL(page.url()).pathname;

    await page.getByLabel("Your reply").fill("I leave mine on the windowsill overnight.");
    await page.getByRole("button", { name: "Post Reply" }).click();
    await expect(page.getByTestId("toast-title")).toHaveText("Reply Posted");
    const reply = page.getByTestId("forum-reply").first();
    await expect(reply).toContainText("I leave mine on the windowsill overnight.");
    await expect(reply).toContainText(student.username);
    await expect(reply).toContainText("#1");
    await expect(reply.getByTestId("author-avatar")).toHaveText(student.username.slice(0, 2).toUpperCase());

    // The headmaster, in another browser, locks the discussion.
    const adminContext = await browser.newContext({ baseURL, javaScriptEnabled: false });
    try {
      const admin = await adminContext.newPage();
      await admin.goto("/login");
      await login(admin, HEADMASTER);
      await expect(admin).toHaveURL("/dashboard");
      await admin.goto(topicUrl);
      await admin.getByRole("button", { name: "Lock", exact: true }).click();
      await expect(admin.getByTestId("toast-title")).toHaveText("Topic Locked");
      await expect(admin.getByRole("button", { name: "Unlock", exact: true })).toBeVisible();
    } finally {
      await adminContext.close();
    }

    await visit(topicUrl);
    await expect(page.getByText(LOCKED)).toBeVisible();
    await expect(page.getByLabel("Your reply")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Post Reply" })).toHaveCount(0);
  });

  test("a visitor is asked to log in", async ({ page, visit }) => {
    await visit("/community");
    await expect(page.getByRole("link", { name: "Login to Enter" }).first()).toBeVisible();
    await visit("/community/category/1");
    await expect(page.getByRole("heading", { name: "Access Restricted" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Login to Continue" })).toHaveAttribute("href", "/login?redirect=%2Fcommunity%2Fcategory%2F1");
  });
});

test.describe("Forum management", () => {
  test("an admin creates, edits and deletes a category, and cannot delete one with topics", async ({ page, visit }) => {
    const name = `Dream Circle ${uniqueUsername("c")}`;
    await visit("/login");
    await login(page, HEADMASTER);
    await expect(page).toHaveURL("/dashboard");

    await visit("/admin/forum");
    await expect(page.getByRole("heading", { level: 1, name: "Forum Management" })).toBeVisible();
    await page.getByRole("link", { name: "New Category" }).click();
    const dialog = page.getByRole("dialog", { name: "Create Category" });
    await dialog.getByRole("button", { name: "Create Category" }).click();
    await expect(dialog.getByText("Please provide both name and description for the category.").first()).toBeVisible();
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByLabel("Description").fill("Sharing and interpreting dreams.");
    await dialog.getByLabel("Access").selectOption("advanced");
    await dialog.getByLabel("Cyan").check();
    await dialog.getByRole("button", { name: "Create Category" }).click();
    await expect(page.getByTestId("toast-title")).toHaveText("Category Created");

    const row = page.getByTestId("admin-forum-category").filter({ hasText: name });
    await expect(row).toContainText("Premium");
    await expect(row).toContainText("0 topics");
    await row.getByRole("link", { name: "Edit" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Category" });
    await expect(edit.getByLabel("Cyan")).toBeChecked();
    await edit.getByLabel("Description").fill("Sharing, recording and interpreting dreams.");
    await edit.getByRole("button", { name: "Update Category" }).click();
    await expect(page.getByTestId("toast-title")).toHaveText("Updated");
    await expect(row).toContainText("Sharing, recording and interpreting dreams.");

    // Deleting asks first (a confirm dialog with JavaScript); the admin says yes.
    page.on("dialog", (dialog) => void dialog.accept());
    const busy = page.getByTestId("admin-forum-category").filter({ hasText: "Reading Practice Circle" });
    await busy.getByRole("button", { name: /Delete/ }).click();
    await expect(page.getByTestId("toast-title")).toHaveText("Failed to delete category");
    await expect(busy).toBeVisible();

    await row.getByRole("button", { name: /Delete/ }).click();
    await expect(page.getByTestId("toast-title")).toHaveText("Deleted");
    await expect(row).toHaveCount(0);
  });
});
