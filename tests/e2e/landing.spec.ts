import { expect, test } from "./helpers";

test.describe("A visitor arriving at the Academy", () => {
  test("finds every part of the landing page", async ({ page, visit }) => {
    await visit("/");

    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Mystic Academy" })).toHaveAttribute("href", "/");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const { label, href } of [
      { label: "Courses", href: "/courses" },
      { label: "Community", href: "/community" },
      { label: "Tools", href: "/tools-templates" },
      { label: "Knowledge", href: "/knowledge-base" },
      { label: "Themes", href: "/themes" },
      { label: "Portal", href: "/login" },
    ]) {
      await expect(nav.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
    }

    await expect(page.getByRole("heading", { level: 1, name: "Awaken the advisor within" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Begin Your Journey" })).toHaveAttribute("href", "/login");

    const oracle = page.locator("section#oracle");
    await expect(oracle.getByRole("heading", { name: "Mystical Revenue Oracle" })).toBeVisible();
    for (const label of [
      "Personal sales ($ per month)",
      "Store sales ($ per month)",
      "Referred advisors",
      "Average sales per referred advisor ($)",
      "Referred clients",
      "Average purchases per referred client ($)",
      "Store item price ($)",
    ]) {
      await expect(oracle.getByLabel(label, { exact: true })).toBeVisible();
    }
    await expect(oracle.getByTestId("oracle-total")).toHaveText("$0");
    await expect(oracle.getByRole("button", { name: "Calculate", exact: true })).toBeVisible();

    const courses = page.getByTestId("course-card");
    await expect(courses).toHaveCount(3);
    const expectedCourses = [
      { title: "Foundations of Intuitive Reading", level: "Beginner" },
      { title: "Ethical Client Communication & Boundaries", level: "Intermediate" },
      { title: "Building a Thriving Advisory Practice", level: "Advanced" },
    ];
    for (const [index, { title, level }] of expectedCourses.entries()) {
      const card = courses.nth(index);
      await expect(card.getByRole("heading")).toHaveText(title);
      await expect(card).toContainText(level);
      await expect(card.getByRole("link", { name: "Enroll Now" })).toBeVisible();
    }

    const pathways = page.getByTestId("pathway-card");
    await expect(pathways).toHaveCount(2);
    const onboarding = pathways.filter({ hasText: "New Member Onboarding" });
    await expect(onboarding.getByRole("listitem")).toHaveText([
      /Business Foundation \(Required\)/,
      /Product Knowledge Essentials/,
      /Client Communication Basics/,
      /First Month Action Plan/,
    ]);
    await expect(onboarding.getByRole("link", { name: "Start Onboarding" })).toBeVisible();
    const growth = pathways.filter({ hasText: "Advanced Growth Track" });
    await expect(growth.getByRole("listitem")).toHaveText([
      /Advanced Sales Strategies/,
      /Leadership & Team Building/,
      /Referral Network Optimization/,
      /Business Analytics & Metrics/,
    ]);
    await expect(growth.getByRole("link", { name: "Advanced Track" })).toBeVisible();

    const resources = page.getByRole("region", { name: "Additional Resources" });
    await expect(resources.getByRole("link", { name: /^Knowledge Base/ })).toHaveAttribute("href", "/knowledge-base");
    await expect(resources.getByRole("link", { name: /^Community/ })).toHaveAttribute("href", "/community");
    await expect(resources.getByRole("link", { name: /^Tools & Templates/ })).toHaveAttribute("href", "/tools-templates");

    const footer = page.getByRole("contentinfo");
    for (const column of ["Platform", "Support", "Legal"]) {
      await expect(footer.getByRole("heading", { name: column })).toBeVisible();
    }
    await expect(footer.getByRole("link", { name: "Privacy Policy" })).toBeVisible();
    await expect(footer).toContainText("Mystic Academy. All rights reserved.");
  });

  test("begins the journey at the sign-in page", async ({ page, visit }) => {
    await visit("/");
    await page.getByRole("link", { name: "Begin Your Journey" }).click();
    await expect(page).toHaveURL("/login");
    await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
  });

  test("is told a page that does not exist was not found", async ({ page, visit }) => {
    const response = await visit("/no-such-place");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
    await page.getByRole("link", { name: "Return home" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Awaken the advisor within" })).toBeVisible();
  });
});
