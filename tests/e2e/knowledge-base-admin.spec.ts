import { expect, HEADMASTER, login, test, uniqueUsername } from "./helpers";

test.describe("The headmaster curating the knowledge base", () => {
  test("writes, edits and deletes an article", async ({ page, visit }) => {
    await visit("/login");
    await login(page, HEADMASTER);
    await expect(page).toHaveURL("/dashboard");

    // Kept as a draft, so visitors' stories running alongside never see it.
    const title = `Draft ${uniqueUsername("article")}`;
    await visit("/admin/knowledge-base");
    await page.getByRole("link", { name: "Create Article" }).click();
    const form = page.getByRole("dialog", { name: "Create Article" });
    await form.getByRole("button", { name: "Create Article" }).click();
    await expect(form.getByText("Title is required")).toBeVisible();

    await form.getByLabel("Title").fill(title);
    await form.getByLabel("Summary").fill("What a test wrote.");
    await form.getByLabel("Content").fill("Some **bold** words.");
    await form.getByLabel("Category").selectOption("Membership");
    await form.getByLabel("Tags").fill("one, two, , three, four");
    await form.getByLabel("Published").uncheck();
    await form.getByRole("button", { name: "Create Article" }).click();
    await expect(page.getByTestId("toast-title")).toHaveText("Knowledge base article created successfully");

    const card = page.getByTestId("admin-kb-card").filter({ hasText: title });
    await expect(card.getByText("Draft", { exact: true })).toBeVisible();
    await expect(card.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText(["one", "two", "three", "+1"]);

    await card.getByRole("link", { name: "Edit" }).click();
    const editForm = page.getByRole("dialog", { name: "Edit Article" });
    await expect(editForm.getByLabel("Tags")).toHaveValue("one, two, three, four");
    await editForm.getByLabel("Summary").fill("Changed by the test.");
    await editForm.getByRole("button", { name: "Update Article" }).click();
    await expect(page.getByTestId("toast-title")).toHaveText("Knowledge base article updated successfully");
    await expect(card.getByText("Changed by the test.")).toBeVisible();

    page.once("dialog", (dialog) => {
      expect(dialog.message()).toBe("Are you sure you want to delete this article? This action cannot be undone.");
      void dialog.accept();
    });
    await card.getByRole("button", { name: `Delete ${title}` }).click();
    await expect(page.getByTestId("toast-title")).toHaveText("Knowledge base article deleted successfully");
    await expect(card).toHaveCount(0);
  });
});
