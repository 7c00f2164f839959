import type { Page } from "@playwright/test";
import { DEMO_STUDENT, expect, HEADMASTER, login, newStudentCredentials, registerThroughApi, test } from "./helpers";

async function signInAsHeadmaster(page: Page, visit: (path: string) => Promise<unknown>) {
  await visit("/login");
  await login(page, HEADMASTER);
  await expect(page).toHaveURL("/dashboard");
}

test.describe("The admin dashboard", () => {
  test("shows the academy's real figures on every tab", async ({ page, visit, request }) => {
    // Someone joins while the headmaster looks on (the request fixture has its own cookies).
    const newcomer = newStudentCredentials();
    await registerThroughApi(request, newcomer);
    await signInAsHeadmaster(page, visit);

    await expect(page.getByText(`Welcome back, ${HEADMASTER.username}.`)).toBeVisible();
    const quick = page.getByRole("navigation", { name: "Quick actions" });
    await expect(quick.getByRole("link", { name: "Live Conference" })).toHaveAttribute("href", "/admin/conference");
    await expect(quick.getByRole("link", { name: "Add Content" })).toHaveAttribute("href", "/admin/courses?new=1");
    await expect(quick.getByRole("link", { name: "Forum Management" })).toHaveAttribute("href", "/admin/forum");
    await expect(quick.getByRole("link", { name: "Student Management" })).toHaveAttribute("href", "/admin/members");

    // Overview: the tiles count real rows and the newcomer's sign-up is in Recent Activity.
    const tabs = page.getByRole("navigation", { name: "Dashboard sections" });
    await expect(tabs.getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("stat-active-members")).toHaveText(/^[1-9]\d*$/);
    await expect(page.getByTestId("stat-active-courses")).toHaveText(/^[1-9]\d*$/);
    const activity = page.getByRole("list", { name: "Recent activity" });
    await expect(activity.getByText(`${newcomer.username} joined the Academy`)).toBeVisible();

    // Member Progress: one row per member, the demo students among them.
    await tabs.getByRole("link", { name: "Member Progress" }).click();
    await expect(page).toHaveURL("/dashboard?tab=members");
    await expect(page.getByRole("heading", { name: "Member Progress" })).toBeVisible();
    let seekerRow = page.getByTestId("member-progress-row").filter({ hasText: "seeker@example.com" });
    for (let pageNumber = 2; (await seekerRow.count()) === 0 && pageNumber <= 20; pageNumber++) {
      await visit(`/dashboard?tab=members&page=${pageNumber}`);
      seekerRow = page.getByTestId("member-progress-row").filter({ hasText: "seeker@example.com" });
    }
    await expect(seekerRow).toHaveCount(1);
    await expect(seekerRow.getByRole("rowheader")).toContainText("Sage Rivers");
    await expect(seekerRow.getByRole("cell").nth(1)).toHaveText(/^\d+$/);
    await expect(seekerRow.getByRole("cell").nth(2)).toHaveText(/^\d+$/);

    // Course Management: the real courses, each with its lessons page.
    await tabs.getByRole("link", { name: "Course Management" }).click();
    await expect(page).toHaveURL("/dashboard?tab=courses");
    const firstCourse = page.getByTestId("dashboard-course").first();
    await expect(firstCourse).toContainText(/\d+ lessons?/);
    await expect(firstCourse.getByRole("link", { name: "Manage Lessons" })).toHaveAttribute("href", /^\/admin\/courses\/\d+\/lessons$/);
    await expect(page.getByTestId("dashboard-course").filter({ hasText: "Premium" }).first()).toBeVisible();

    // Knowledge Base: article counts and the latest articles.
    await tabs.getByRole("link", { name: "Knowledge Base" }).click();
    await expect(page.getByTestId("kb-published")).toHaveText(/^[1-9]\d*$/);
    await expect(page.getByRole("list", { name: "Latest articles" }).getByRole("listitem").first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Manage Articles" })).toHaveAttribute("href", "/admin/knowledge-base");

    // Analytics: four charts, each readable as a table; this week has at least the newcomer.
    await tabs.getByRole("link", { name: "Analytics" }).click();
    await expect(page).toHaveURL("/dashboard?tab=analytics");
    for (const name of ["Sign-ups per week", "Lesson completions per week", "Premium members per month", "Revenue per month"]) {
      await expect(page.getByRole("img", { name })).toBeVisible();
    }
    const signUps = page.getByRole("table", { name: "Sign-ups per week" });
    await expect(signUps.getByRole("row")).toHaveCount(13);
    const thisWeek = Number(await signUps.getByRole("row").last().getByRole("cell").textContent());
    expect(thisWeek).toBeGreaterThanOrEqual(1);
    const revenue = page.getByRole("table", { name: "Revenue per month" });
    await expect(revenue.getByRole("row").last().getByRole("cell")).toHaveText(/^\$\d[\d,]*\.\d\d$/);

    // An unknown tab shows the overview.
    await visit("/admin?tab=bogus");
    await expect(page.getByRole("heading", { name: "Recent Activity" })).toBeVisible();
  });
});

test.describe("Student management without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an admin finds a new student, grants Premium and revokes it", async ({ page, visit, request }) => {
    const newcomer = newStudentCredentials();
    await registerThroughApi(request, newcomer);
    await signInAsHeadmaster(page, visit);

    await visit("/admin/members");
    await expect(page.getByRole("heading", { level: 1, name: "Student Management" })).toBeVisible();
    await expect(page.getByTestId("revenue-monthly")).toHaveText(/^\$\d[\d,]*\.\d\d$/);
    await expect(page.getByTestId("revenue-premium-members")).toHaveText(/^[1-9]\d*$/);
    await expect(page.getByTestId("revenue-arpu")).toHaveText(/^\$\d[\d,]*\.\d\d$/);
    await expect(page.getByTestId("revenue-annual")).toHaveText(/^\$\d[\d,]*\.\d\d$/);

    // Filter: Premium shows the paying demo student and not the free one.
    await page.getByLabel("Plan").selectOption("premium");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/plan=premium/);
    const oracle = page.locator('[data-testid="member-row"][data-username="oracle"]');
    await expect(oracle.getByTestId("member-type")).toHaveText("Premium Student");
    await expect(oracle.getByTestId("member-status")).toHaveText("active");
    await expect(oracle.getByTestId("member-fee")).toHaveText("$9.99");
    await expect(oracle.getByTestId("member-initials")).toHaveText("LM");
    await expect(page.locator(`[data-testid="member-row"][data-username="${DEMO_STUDENT.username}"]`)).toHaveCount(0);

    // Search: the newcomer by username, on the basic plan.
    await page.getByLabel("Plan").selectOption("all");
    await page.getByLabel("Search members").fill(newcomer.username);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(new RegExp(`q=${newcomer.username}`));
    const rows = page.getByTestId("member-row");
    await expect(rows).toHaveCount(1);
    const row = rows.first();
    await expect(row.getByTestId("member-type")).toHaveText("Student");
    await expect(row.getByTestId("member-status")).toHaveText("basic");
    await expect(row.getByTestId("member-fee")).toHaveText("$0.00");

    // Grant Premium: a plain form post, back to the same search with a notice.
    await row.getByRole("button", { name: "Grant Premium" }).click();
    await expect(page.getByTestId("toast-title")).toHaveText("Premium granted");
    await expect(page).toHaveURL(new RegExp(`q=${newcomer.username}`));
    await expect(row.getByTestId("member-type")).toHaveText("Premium StudentComped");
    await expect(row.getByTestId("member-status")).toHaveText("active");
    await expect(row.getByTestId("member-fee")).toHaveText("$0.00");

    // Revoke it again. Without JavaScript the last notice stays pinned over the
    // bottom-right corner, where this button may sit: use the keyboard, as many admins would.
    await row.getByRole("button", { name: "Revoke Premium" }).press("Enter");
    await expect(page.getByTestId("toast-title")).toHaveText("Premium revoked");
    await expect(row.getByTestId("member-type")).toHaveText("Student");
    await expect(row.getByTestId("member-status")).toHaveText("cancelled");
    await expect(row.getByRole("button", { name: "Grant Premium" })).toBeVisible();
  });
});
