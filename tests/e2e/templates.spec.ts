import fs from "node:fs";
import { expect, HEADMASTER, login, test, uniqueUsername, type Credentials } from "./helpers";
import type { Page } from "@playwright/test";

// Seeded from content/templates/ (01-session-planning-sheet.md, 02-peer-supervision-case-review.md).
const FREE_TEMPLATE = "Session Planning Sheet";
const PREMIUM_TEMPLATE = "Peer Supervision Case Review";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

const card = (page: Page, title: string) => page.getByRole("article", { name: title });

async function signInAs(page: Page, visit: (path: string) => Promise<unknown>, who: Credentials, landing: string) {
  await visit("/login");
  await login(page, who);
  await expect(page).toHaveURL(landing);
}

// A brand-new student is free, whatever other stories do to the demo accounts.
test.describe("A free student in the tools & templates library", () => {
  test("meets the Premium dialog on a premium template", async ({ page, visit, student }) => {
    void student;
    await visit("/tools-templates");
    const premium = card(page, PREMIUM_TEMPLATE);
    await expect(premium.getByText("Premium", { exact: true })).toBeVisible();
    await premium.getByRole("link", { name: "Upgrade to Download" }).click();

    const dialog = page.getByRole("dialog", { name: "Premium Membership Required" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("link", { name: "Upgrade Now" })).toHaveAttribute("href", "/upgrade");
    await dialog.getByRole("link", { name: "Maybe Later" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL("/tools-templates");

    // The server's refusal opens the same dialog (here the template turned premium after the page loaded).
    await page.route("**/api/tools-templates/*/download", (route) =>
      route.fulfill({ status: 403, contentType: "application/json", body: JSON.stringify({ message: "Premium membership required" }) }),
    );
    await card(page, FREE_TEMPLATE).getByRole("button", { name: "Download" }).click();
    await expect(page.getByRole("dialog", { name: "Premium Membership Required" })).toBeVisible();
  });

  test("downloads a free template", async ({ page, visit, student }) => {
    void student;
    await visit("/tools-templates?category=tools");
    const free = card(page, FREE_TEMPLATE);
    const before = Number(await free.getByTestId("download-count").textContent());

    const downloading = page.waitForEvent("download");
    await free.getByRole("button", { name: "Download" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("session-planning-sheet.txt");
    expect(fs.readFileSync(await download.path(), "utf8")).toContain("SESSION PLANNING SHEET");
    await expect(free.getByTestId("download-count")).toHaveText(String(before + 1));

    // The server counted it too.
    await visit("/tools-templates?category=tools");
    await expect(card(page, FREE_TEMPLATE).getByTestId("download-count")).toHaveText(String(before + 1));
  });

  test("is sent to sign in first as a visitor", async ({ page, visit }) => {
    await visit("/tools-templates");
    await card(page, FREE_TEMPLATE).getByRole("link", { name: "Download" }).click();
    await expect(page).toHaveURL("/login?redirect=%2Ftools-templates");
  });
});

test.describe("The headmaster without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("uploads a template file and it appears in the library", async ({ page, visit }) => {
    const title = `Moon Ledger ${uniqueUsername("template")}`;
    await signInAs(page, visit, HEADMASTER, "/dashboard");
    await visit("/tools-templates");
    await page.getByRole("link", { name: "Upload Template" }).click();
    await expect(page).toHaveURL("/tools-templates?upload=1");

    const form = page.getByRole("dialog", { name: "Upload Template" });
    await form.getByRole("button", { name: "Upload Template" }).click();
    await expect(form.getByText("Title is required")).toBeVisible();

    await form.getByLabel("Title").fill(title);
    await form.getByLabel("Description").fill("A ledger for lunar bookkeeping.");
    await form.getByLabel("Category").selectOption("calculators");
    await form.getByLabel("File", { exact: true }).setInputFiles({ name: "moon-ledger.pdf", mimeType: "application/pdf", buffer: PDF });
    await form.getByLabel("Premium only").check();
    await form.getByRole("button", { name: "Upload Template" }).click();

    await expect(page).toHaveURL("/tools-templates");
    await expect(page.getByTestId("toast-title")).toHaveText("Template uploaded successfully");
    const uploaded = card(page, title);
    await expect(uploaded.getByText("Calculators", { exact: true })).toBeVisible();
    await expect(uploaded.getByText("PDF", { exact: true }).first()).toBeVisible();
    await expect(uploaded.getByText("Premium", { exact: true })).toBeVisible();

    // And away again, through the confirmation page.
    await uploaded.getByRole("link", { name: `Delete ${title}` }).click();
    await page.getByRole("dialog", { name: "Delete this template?" }).getByRole("button", { name: "Delete Template" }).click();
    await expect(page.getByTestId("toast-title")).toHaveText("Template deleted successfully");
    await expect(card(page, title)).toHaveCount(0);
  });
});

test.describe("The headmaster with JavaScript", () => {
  test("is told at once when a file is not allowed, then uploads one", async ({ page, visit }) => {
    const title = `Star Chart ${uniqueUsername("template")}`;
    await signInAs(page, visit, HEADMASTER, "/dashboard");
    await visit("/tools-templates");
    await page.getByRole("link", { name: "Upload Template" }).click();
    const form = page.getByRole("dialog", { name: "Upload Template" });
    await form.getByLabel("Title").fill(title);
    await form.getByLabel("Description").fill("Charts of the night sky.");
    await form.getByLabel("File", { exact: true }).setInputFiles({ name: "chart.html", mimeType: "text/html", buffer: Buffer.from("<html></html>") });
    await form.getByRole("button", { name: "Upload Template" }).click();
    await expect(form.getByText(/^Choose a \.pdf, .*\.txt file$/)).toBeVisible();

    // The server checks the bytes: a "PDF" that is not one is refused with its reason.
    await form.getByLabel("File", { exact: true }).setInputFiles({ name: "chart.pdf", mimeType: "application/pdf", buffer: Buffer.from("only words here, no PDF") });
    await form.getByRole("button", { name: "Upload Template" }).click();
    await expect(page.getByTestId("toast-title")).toHaveText("Upload Failed");
    await expect(page.getByText("This file is not a valid .pdf file").first()).toBeVisible();

    await form.getByLabel("File", { exact: true }).setInputFiles({ name: "chart.pdf", mimeType: "application/pdf", buffer: PDF });
    await form.getByRole("button", { name: "Upload Template" }).click();
    await expect(page.getByTestId("toast-title")).toHaveText("Template uploaded successfully");
    await expect(form).toHaveCount(0);
    await expect(card(page, title)).toBeVisible();
  });

  test("deletes a template", async ({ page, visit }) => {
    const title = `Old Almanac ${uniqueUsername("template")}`;
    await signInAs(page, visit, HEADMASTER, "/dashboard");
    const created = await page.request.post("/api/admin/tools-templates", {
      data: { title, description: "Out of date.", category: "templates", fileUrl: "https://example.com/almanac.pdf", fileName: "almanac.pdf" },
    });
    expect(created.status()).toBe(201);

    await visit("/tools-templates?category=templates");
    const old = card(page, title);
    await expect(old).toBeVisible();
    page.once("dialog", (dialog) => void dialog.accept());
    await old.getByRole("button", { name: `Delete ${title}` }).click();
    await expect(page.getByTestId("toast-title")).toHaveText("Template deleted successfully");
    await expect(card(page, title)).toHaveCount(0);
  });
});
