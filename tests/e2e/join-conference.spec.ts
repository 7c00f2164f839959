import path from "node:path";
import Database from "better-sqlite3";
import { DEMO_STUDENT, expect, login, loginThroughApi, test, type Credentials } from "./helpers";

// The member side of live sessions: the portal's conference banner, the join
// page's states for a Premium member and a free student, dismissing the
// banner, and the calendar link in the account settings — each with
// JavaScript on and off. Nothing here makes a conference live: the database
// is shared with the admin's stories, and only one session may be live.

const DEMO_PREMIUM: Credentials = { username: "oracle", password: "silver-moon-compass" };
const SEED_TITLE = "Monthly Live Q&A: Ask the Academy";
const FEED_URL = /^http:\/\/127\.0\.0\.1:\d+\/api\/calendar\/[A-Za-z0-9_-]{43}\/sessions\.ics$/;

function databasePath(): string {
  const dataDir = process.env.ACADEMY_E2E_DATA_DIR;
  if (!dataDir) throw new Error("playwright.config.ts sets ACADEMY_E2E_DATA_DIR");
  return path.join(dataDir, "academy.db");
}

/** Reads the seeded Premium Q&A's id from the server's database. */
function seededConferenceId(): number {
  const database = new Database(databasePath(), { readonly: true, fileMustExist: true });
  try {
    const row = database.prepare("select id from conferences where title = ?").get(SEED_TITLE);
    if (!row || typeof row !== "object" || !("id" in row) || typeof row.id !== "number") throw new Error("the seed has no Premium Q&A");
    return row.id;
  } finally {
    database.close();
  }
}

function feedTokenOf(username: string): string | null {
  const database = new Database(databasePath(), { readonly: true, fileMustExist: true });
  try {
    const row = database
      .prepare("select token from calendar_feeds join users on users.id = calendar_feeds.user_id where users.username = ?")
      .get(username);
    return row && typeof row === "object" && "token" in row && typeof row.token === "string" ? row.token : null;
  } finally {
    database.close();
  }
}

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "with JavaScript" : "without JavaScript";

  test.describe(`Live sessions for members ${mode}`, () => {
    test.use({ javaScriptEnabled });

    test("a Premium member sees the UPCOMING banner and opens the session's details", async ({ page, visit }) => {
      await loginThroughApi(page.request, DEMO_PREMIUM);
      const seedId = seededConferenceId();
      await visit("/students");
      const banner = page.getByTestId("conference-banner");
      await expect(banner.getByTestId("conference-banner-badge")).toHaveText("UPCOMING");
      await expect(banner.getByRole("heading", { name: SEED_TITLE })).toBeVisible();
      await expect(banner.getByText("Premium", { exact: true })).toBeVisible();
      await expect(banner).toContainText("60 minutes");
      await expect(banner.getByRole("link", { name: "Join Live Now" })).toHaveCount(0);

      await banner.getByRole("link", { name: "View Details" }).click();
      await expect(page).toHaveURL(`/join-conference/${seedId}`);
      const card = page.getByTestId("join-not-live");
      await expect(card.getByRole("heading", { level: 1, name: "Conference Not Live" })).toBeVisible();
      await expect(card.getByText("This conference is not currently active. Please check back when the meeting starts.")).toBeVisible();
      await expect(card.getByRole("heading", { level: 2, name: SEED_TITLE })).toBeVisible();
      await expect(card.getByText("Bring your questions about readings", { exact: false })).toBeVisible();
      await expect(card.getByTestId("join-scheduled-at").locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T18:00:00\.000Z$/);
      await expect(card.getByRole("link", { name: "Add to calendar" })).toHaveAttribute("href", `/api/conferences/${seedId}/calendar.ics`);
      await expect(card.getByRole("link", { name: "Join Conference Now" })).toHaveCount(0);
    });

    test("a free student is offered Premium instead of the Premium-only session", async ({ page, visit }) => {
      await loginThroughApi(page.request, DEMO_STUDENT);
      await visit("/students");
      const banner = page.getByTestId("conference-banner");
      // Nothing else is scheduled, so the banner holds only the upsell: no session to open.
      await expect(banner.getByTestId("conference-banner-next")).toHaveCount(0);
      await expect(banner.getByRole("link", { name: "View Details" })).toHaveCount(0);
      const upsell = banner.getByTestId("conference-banner-upsell");
      await expect(upsell.getByRole("heading", { name: SEED_TITLE })).toBeVisible();
      await expect(upsell.getByText("PREMIUM MEMBERS ONLY")).toBeVisible();
      await expect(upsell).toContainText("60 minutes");
      const upgrade = upsell.getByRole("link", { name: "Upgrade to Premium" });
      await expect(upgrade).toHaveAttribute("href", "/upgrade");
      await upgrade.click();
      if (javaScriptEnabled) {
        // The portal's own upgrade dialog, as its other upgrade links open.
        await expect(page.getByRole("dialog", { name: "Upgrade to Premium" })).toBeVisible();
      } else {
        await expect(page).toHaveURL("/upgrade");
      }

      // The session's own link still explains why it is closed to them.
      await visit(`/join-conference/${seededConferenceId()}`);
      const refusal = page.getByTestId("join-premium-only");
      await expect(refusal.getByRole("heading", { name: "Premium Members Only" })).toBeVisible();
      await expect(refusal.getByText(SEED_TITLE)).toBeVisible();
      await expect(refusal.getByText(/for Premium members/)).toBeVisible();
      await expect(page.getByText("Conference Not Live")).toHaveCount(0);
      await refusal.getByRole("link", { name: "Upgrade to Premium" }).click();
      await expect(page).toHaveURL("/upgrade");
    });

    test("a visitor is asked to sign in and comes back to the session", async ({ page, visit }) => {
      const seedId = seededConferenceId();
      await visit(`/join-conference/${seedId}`);
      await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(`/join-conference/${seedId}`)}`);
      await login(page, DEMO_PREMIUM);
      await expect(page).toHaveURL(`/join-conference/${seedId}`);
      await expect(page.getByRole("heading", { name: "Conference Not Live" })).toBeVisible();
    });

    test("an unknown link says the conference was not found", async ({ page, visit, student: _student }) => {
      await visit("/join-conference/987654321");
      await expect(page.getByRole("heading", { name: "Conference Not Found" })).toBeVisible();
      await expect(page.getByText("This conference link is invalid or the meeting has ended.")).toBeVisible();
      await page.getByRole("link", { name: "Go to Dashboard" }).click();
      await expect(page).toHaveURL("/students");
    });

    test("a student dismisses the banner for the rest of the session", async ({ page, visit, student: _student }) => {
      await visit("/students");
      const banner = page.getByTestId("conference-banner");
      await expect(banner).toBeVisible();
      await banner.getByRole("button", { name: "Dismiss conference banner" }).click();
      await expect(banner).toHaveCount(0);
      if (javaScriptEnabled) {
        // Dismissed in place, no page load: the tab remembers it.
        expect(await page.evaluate(() => sessionStorage.getItem("conference-banner-dismissed"))).toBe(String(seededConferenceId()));
      }
      // Still gone on the next visit: the session cookie tells the server.
      await visit("/students");
      await expect(page.getByRole("heading", { name: "Continue Your Journey" })).toBeVisible();
      await expect(page.getByTestId("conference-banner")).toHaveCount(0);
      const cookies = await page.context().cookies();
      const dismissed = cookies.find((cookie) => cookie.name === "conference-banner-dismissed");
      expect(dismissed?.value).toBe(String(seededConferenceId()));
      expect(dismissed?.expires).toBe(-1);
    });

    test("a member creates, resets and stops the calendar link in the settings", async ({ page, visit, student }) => {
      await visit("/students");
      await page.getByRole("main").getByRole("link", { name: "Settings", exact: true }).click();
      await expect(page).toHaveURL("/settings");
      await expect(page.getByRole("heading", { level: 1, name: "Account Settings" })).toBeVisible();
      const section = page.getByTestId("calendar-settings");
      await expect(section.getByRole("heading", { name: "Calendar subscription" })).toBeVisible();

      await section.getByRole("button", { name: "Create calendar link" }).click();
      const field = section.getByLabel("Your calendar link");
      await expect(field).toHaveValue(FEED_URL);
      const first = await field.inputValue();
      expect(first).toContain(`/api/calendar/${feedTokenOf(student.username)}/sessions.ics`);
      await expect(section.getByRole("link", { name: "Open in your calendar app" })).toHaveAttribute("href", first.replace(/^http:/, "webcal:"));
      if (javaScriptEnabled) {
        await expect(page.getByTestId("toast-title")).toHaveText("Calendar link created");
        await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
        await section.getByRole("button", { name: "Copy calendar link" }).click();
        await expect(page.getByTestId("toast-title").filter({ hasText: "Link Copied" })).toBeVisible();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);
      } else {
        await expect(section.getByRole("button", { name: "Copy calendar link" })).toHaveCount(0);
      }

      await section.getByRole("button", { name: "Reset link" }).click();
      await expect(field).not.toHaveValue(first);
      await expect(field).toHaveValue(FEED_URL);
      expect(await field.inputValue()).toContain(`/api/calendar/${feedTokenOf(student.username)}/sessions.ics`);

      await section.getByRole("button", { name: "Stop sharing" }).click();
      await expect(section.getByRole("button", { name: "Create calendar link" })).toBeVisible();
      await expect(field).toHaveCount(0);
      expect(feedTokenOf(student.username)).toBeNull();
    });
  });
}

test.describe("The banner with JavaScript", () => {
  test("says it is loading the conference while the join page is on its way", async ({ page, visit }) => {
    await loginThroughApi(page.request, DEMO_PREMIUM);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/join-conference\/\d+\?_data=/, async (route) => {
      await held;
      await route.continue();
    });
    await visit("/students");
    const banner = page.getByTestId("conference-banner");
    await banner.getByRole("link", { name: "View Details" }).click();
    await expect(banner.getByRole("link", { name: "Loading conference..." })).toBeVisible();
    release();
    await expect(page.getByTestId("join-not-live")).toBeVisible();
  });

  test("refreshes from /api/conferences every 30 seconds, choosing for a free student as the server does", async ({ page, visit, student: _student }) => {
    const now = Date.now();
    await page.clock.install({ time: now });
    const polled: string[] = [];
    await page.route("**/api/conferences", async (route) => {
      polled.push(route.request().method());
      await route.fulfill({
        json: [
          {
            id: 987_001,
            title: "Circle Under the New Moon",
            description: "A live session that started a moment ago.",
            scheduledAt: new Date(now - 60_000).toISOString(),
            duration: 30,
            maxParticipants: 20,
            isLive: true,
            endedAt: null,
            isPremium: false,
            status: "Live",
          },
          {
            id: 987_002,
            title: "Premium Circle of Questions",
            description: "A Premium-only session later this week.",
            scheduledAt: new Date(now + 3 * 24 * 60 * 60_000).toISOString(),
            duration: 45,
            maxParticipants: 20,
            isLive: false,
            endedAt: null,
            isPremium: true,
            status: "Scheduled",
          },
        ],
      });
    });
    await visit("/students");
    const banner = page.getByTestId("conference-banner");
    // First the loader's choice: the seeded Premium Q&A, offered as an upsell.
    await expect(banner.getByTestId("conference-banner-upsell").getByRole("heading", { name: SEED_TITLE })).toBeVisible();
    await expect(banner.getByTestId("conference-banner-badge")).toHaveCount(0);
    await page.clock.fastForward(30_000);
    // Then the poll's: the free live session to join, the Premium-only one beside it.
    await expect(banner.getByTestId("conference-banner-badge")).toHaveText("LIVE NOW");
    const next = banner.getByTestId("conference-banner-next");
    await expect(next.getByRole("heading", { name: "Circle Under the New Moon" })).toBeVisible();
    await expect(next).toContainText("30 minutes");
    await expect(next.getByRole("link", { name: "Join Live Now" })).toHaveAttribute("href", "/join-conference/987001");
    const upsell = banner.getByTestId("conference-banner-upsell");
    await expect(upsell.getByRole("heading", { name: "Premium Circle of Questions" })).toBeVisible();
    await expect(upsell.getByRole("link", { name: "Upgrade to Premium" })).toHaveAttribute("href", "/upgrade");
    await expect(upsell.getByRole("link", { name: /Join|View Details/ })).toHaveCount(0);
    expect(polled).toEqual(["GET"]);

    // A session dismissed in this tab stays away when the next poll brings it back.
    await banner.getByRole("button", { name: "Dismiss conference banner" }).click();
    await expect(banner).toHaveCount(0);
    expect(await page.evaluate(() => sessionStorage.getItem("conference-banner-dismissed"))).toBe("987001");
    // The next poll: on a loaded machine the interval can come due a little after the jump,
    // so the clock moves on another 30 s whenever a look finds no second poll yet (and a
    // poll still on its way when the clock moves again makes a third: at least two).
    await expect
      .poll(async () => {
        if (polled.length < 2) await page.clock.fastForward(30_000);
        return polled.length;
      })
      .toBeGreaterThanOrEqual(2);
    await expect(banner).toHaveCount(0);
  });
});
