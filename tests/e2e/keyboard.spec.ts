import { expect, HEADMASTER, loginThroughApi, test } from "./helpers";

// Stories of a person who uses the keyboard only (issue 14, WCAG 2.1 AA).

test.describe("With the keyboard only", () => {
  test("the first Tab reaches 'Skip to content', which jumps past the header", async ({ page, visit }) => {
    await visit("/community");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();

    await page.keyboard.press("Enter");
    await expect(page.locator("main")).toBeFocused();
    // The next Tab lands in the page's own content, not on the header's links.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("main")))).toBe(true);
  });

  test("focus and #reply-N jumps land below the sticky header, never under it (WCAG 2.2 SC 2.4.11)", async ({ page, visit, student: _student }) => {
    const headerBottom = async () => (await page.locator("header").first().boundingBox())?.height ?? 0;
    // A topic long enough to scroll, with its third reply as the jump's target.
    const topic = await page.request.post("/api/forum/topics", { data: { categoryId: 1, title: "Long talk", content: "Start." } });
    const { id } = (await topic.json()) as { id: number };
    for (let n = 1; n <= 6; n++) {
      await page.request.post("/api/forum/replies", { data: { topicId: id, content: `Reply ${n}.\n\n${"A longer thought about practice. ".repeat(30)}` } });
    }
    await visit(`/community/topic/${id}#reply-3`);
    const target = await page.locator("#reply-3").boundingBox();
    expect(target?.y ?? 0).toBeGreaterThanOrEqual(await headerBottom());
    // Tabbing back up the page: the focused link is not hidden under the header.
    await page.locator("#reply-5").getByRole("link").first().focus();
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press("Shift+Tab");
      const box = await page.evaluate(() => {
        const rect = document.activeElement?.getBoundingClientRect();
        return rect ? { top: rect.top, inHeader: Boolean(document.activeElement?.closest("header")) } : null;
      });
      if (box && !box.inHeader) expect(box.top).toBeGreaterThanOrEqual(await headerBottom());
    }
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 360, height: 740 } });

    test("Escape closes the menu and gives focus back to its button", async ({ page, visit }) => {
      await visit("/");
      const menuButton = page.getByLabel("Open menu");
      await menuButton.focus();
      await page.keyboard.press("Enter");
      const menu = page.getByRole("navigation", { name: "Mobile" });
      await expect(menu).toBeVisible();

      await page.keyboard.press("Tab");
      await expect(menu.getByRole("link", { name: "Courses" })).toBeFocused();
      await page.keyboard.press("Escape");

      await expect(menu).toBeHidden();
      await expect(menuButton).toBeFocused();
    });
  });

  test("closing a dialog gives focus back to the link that opened it", async ({ page, visit }) => {
    await loginThroughApi(page.request, HEADMASTER);
    await visit("/admin/forum");
    const opener = page.getByRole("link", { name: "New Category" });
    await opener.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Create Category" });
    await expect(dialog).toBeVisible();

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    // The same through the dialog's own Close link.
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("link", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("F8 moves focus to the notifications, which announce one toast at a time, politely", async ({ page, visit, student: _student }) => {
    // Radix speaks a toast through a live region that lives for a second: note every one that appears.
    await page.addInitScript(() => {
      const heard: { live: string; text: string }[] = [];
      Object.assign(window, { heardAnnouncements: heard });
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.addedNodes) {
            if (!(node instanceof HTMLElement)) continue;
            for (const element of [node, ...node.querySelectorAll("[aria-live]")]) {
              const live = element.getAttribute("aria-live");
              if (live && live !== "off") heard.push({ live, text: element.textContent ?? "" });
            }
          }
          if (record.type === "characterData" || record.type === "childList") {
            const live = record.target instanceof Element ? record.target.closest("[aria-live]") : record.target.parentElement?.closest("[aria-live]");
            const politeness = live?.getAttribute("aria-live");
            if (live && politeness && politeness !== "off") heard.push({ live: politeness, text: live.textContent ?? "" });
          }
        }
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    // A student who opens the admin area is turned back with a toast (spec §6).
    await visit("/admin");
    await expect(page).toHaveURL("/students");
    await expect(page.getByTestId("toast-title")).toHaveText("Access Denied");
    await expect(page.getByTestId("toast-title")).toHaveCount(1);

    const region = page.getByRole("region", { name: /Notifications/ });
    await expect(region).toHaveAttribute("aria-label", /F8/);
    await page.keyboard.press("F8");
    await expect(region.locator("ol")).toBeFocused();

    await expect
      .poll(() => page.evaluate(() => (window as unknown as { heardAnnouncements: { live: string; text: string }[] }).heardAnnouncements))
      .toContainEqual(expect.objectContaining({ live: "polite", text: expect.stringContaining("Access Denied") }));
    const heard = await page.evaluate(() => (window as unknown as { heardAnnouncements: { live: string; text: string }[] }).heardAnnouncements);
    expect(heard.filter((entry) => entry.live === "assertive" && entry.text.includes("Access Denied"))).toEqual([]);

    const width = await region.locator("li").evaluate((element) => element.getBoundingClientRect().width);
    expect(width).toBeLessThanOrEqual(420);
  });
});
