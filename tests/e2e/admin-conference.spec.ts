import type { Locator, Page } from "@playwright/test";
import { expect, HEADMASTER, loginThroughApi, test, uniqueUsername } from "./helpers";

// The headmaster's sessions page (spec §2 "Admin sessions page"). Only one
// session may be live at a time and all stories share one database, so the
// stories here run one after another and each ends what it starts.
test.describe.configure({ mode: "serial" });

interface ConferenceDetails {
  title: string;
  description: string;
  when: string;
  duration: string;
  maxParticipants: string;
  record: "Record Session" | "Do Not Record";
  premium?: boolean;
}

function conferenceCard(page: Page, title: string): Locator {
  return page.getByTestId("conference-card").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
}

async function fillConferenceForm(form: Locator, details: ConferenceDetails) {
  await form.getByLabel("Title").fill(details.title);
  await form.getByLabel("Description").fill(details.description);
  await form.getByLabel("Scheduled date & time").fill(details.when);
  await form.getByLabel("Duration (minutes)").fill(details.duration);
  await form.getByLabel("Max participants").fill(details.maxParticipants);
  await form.getByLabel("Recording").selectOption({ label: details.record });
  if (details.premium) await form.getByLabel("Premium members only (monthly live Q&A)").check();
}

async function openCardMenu(card: Locator) {
  await card.locator("summary").click();
}

async function deleteConference(page: Page, title: string, { withRecordings = false } = {}) {
  const card = conferenceCard(page, title);
  await openCardMenu(card);
  await card.getByRole("link", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete this conference?" });
  await expect(confirm.getByText(title)).toBeVisible();
  const alsoRecordings = confirm.getByLabel("Also delete its recordings");
  await expect(alsoRecordings).not.toBeChecked();
  if (withRecordings) await alsoRecordings.check();
  await confirm.getByRole("button", { name: "Delete Conference" }).click();
  await expect(page.getByTestId("toast-title")).toHaveText("Conference deleted");
  await expect(card).toHaveCount(0);
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the headmaster schedules, edits, starts, ends and deletes sessions", async ({ page, visit }) => {
    test.slow(); // one long story across many form posts
    await loginThroughApi(page.request, HEADMASTER);
    await visit("/admin/conference");
    await expect(page.getByRole("link", { name: "Back to Dashboard" })).toHaveAttribute("href", "/dashboard");
    await expect(page.getByRole("link", { name: "Recordings" })).toHaveAttribute("href", "/admin/recordings");
    await expect(page.getByRole("heading", { name: "Scheduled Conferences" })).toBeVisible();
    await expect(page.getByTestId("active-count")).toHaveText(/^\d+ Active$/);

    // The dialog is a page of its own without JavaScript: defaults, then the server's messages.
    await page.getByRole("link", { name: "Schedule Conference" }).click();
    await expect(page).toHaveURL("/admin/conference?new=1");
    const form = page.getByRole("dialog", { name: "Schedule Conference" });
    await expect(form.getByLabel("Duration (minutes)")).toHaveValue("60");
    await expect(form.getByLabel("Max participants")).toHaveValue("100");
    await expect(form.getByLabel("Recording")).toHaveValue("true");
    await expect(form.getByLabel("Premium members only (monthly live Q&A)")).not.toBeChecked();
    await expect(form.getByTestId("time-zone-hint")).toHaveText("Times are in UTC");
    await form.getByLabel("Duration (minutes)").fill("0");
    await form.getByRole("button", { name: "Create Conference" }).click();
    const invalid = page.getByRole("dialog", { name: "Schedule Conference" });
    await expect(invalid.getByText("Title is required")).toBeVisible();
    await expect(invalid.getByText("Description is required")).toBeVisible();
    await expect(invalid.getByText("Scheduled date is required")).toBeVisible();
    await expect(invalid.getByText("Duration must be at least 1 minute")).toBeVisible();

    const title = `Moon circle ${uniqueUsername("nojs")}`;
    await fillConferenceForm(invalid, {
      title,
      description: "A quiet evening of readings.",
      when: "2031-03-10T19:15",
      duration: "45",
      maxParticipants: "25",
      record: "Do Not Record",
      premium: true,
    });
    await invalid.getByRole("button", { name: "Create Conference" }).click();
    await expect(page).toHaveURL("/admin/conference");
    await expect(page.getByTestId("toast-title")).toHaveText("Conference created successfully!");
    const card = conferenceCard(page, title);
    await expect(card.getByTestId("conference-status")).toHaveText("Scheduled");
    await expect(card.getByText("A quiet evening of readings.")).toBeVisible();
    await expect(card.getByText("45 min")).toBeVisible();
    await expect(card.getByText("Max 25")).toBeVisible();
    await expect(card.getByText("Not Recording")).toBeVisible();
    await expect(card.getByText("Premium", { exact: true })).toBeVisible();
    await expect(card.locator("time")).toHaveText(/Mar 10, 2031, 7:15\sPM UTC/u);
    await expect(card.getByRole("link", { name: "Add to calendar" })).toHaveAttribute("href", /^\/api\/conferences\/\d+\/calendar\.ics$/);

    // Edit: the form comes back filled in.
    await openCardMenu(card);
    await card.getByRole("link", { name: "Edit" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Conference" });
    await expect(edit.getByLabel("Title")).toHaveValue(title);
    await expect(edit.getByLabel("Scheduled date & time")).toHaveValue("2031-03-10T19:15");
    await expect(edit.getByLabel("Recording")).toHaveValue("false");
    await expect(edit.getByLabel("Premium members only (monthly live Q&A)")).toBeChecked();
    await edit.getByLabel("Duration (minutes)").fill("90");
    await edit.getByLabel("Recording").selectOption({ label: "Record Session" });
    await edit.getByRole("button", { name: "Update Conference" }).click();
    await expect(page.getByTestId("toast-title")).toHaveText("Conference updated successfully!");
    await expect(card.getByText("90 min")).toBeVisible();
    await expect(card.getByText("Recording", { exact: true })).toBeVisible();

    // Start: the live banner and the room appear; the card offers Enter and End, no menu.
    await card.getByRole("button", { name: "Start" }).click();
    await expect(page.getByTestId("toast-title")).toHaveText("Conference started!");
    const banner = page.getByTestId("live-banner");
    await expect(banner).toContainText(title);
    const room = page.getByTestId("live-room");
    await expect(room.getByRole("heading", { name: title })).toBeVisible();
    await expect(page.getByText("Video needs JavaScript; the chat works without it.")).toBeVisible();
    await expect(room.getByRole("button", { name: "End Conference" })).toBeVisible();
    await expect(card.getByTestId("conference-status")).toHaveText("Live");
    await expect(card.getByRole("link", { name: "Enter" })).toHaveAttribute("href", "#live-room");
    await expect(card.locator("summary")).toHaveCount(0);

    // Recording is the room's (the host's browser captures and uploads the media): nothing to press without JavaScript.
    await expect(banner.getByRole("button", { name: "Start Recording" })).toHaveCount(0);

    // End: the session leaves the list (ended ones are hidden).
    await page.getByTestId("live-banner").getByRole("button", { name: "End Session" }).click();
    await expect(page.getByTestId("toast-title")).toHaveText("Conference ended");
    await expect(page.getByTestId("live-banner")).toHaveCount(0);
    await expect(page.getByTestId("live-room")).toHaveCount(0);
    await expect(conferenceCard(page, title)).toHaveCount(0);

    // Delete, after a confirmation.
    const doomed = `Cancelled circle ${uniqueUsername("nojs")}`;
    await page.getByRole("link", { name: "Schedule Conference" }).click();
    await fillConferenceForm(page.getByRole("dialog", { name: "Schedule Conference" }), {
      title: doomed,
      description: "Will not happen.",
      when: "2031-04-01T10:00",
      duration: "30",
      maxParticipants: "10",
      record: "Record Session",
    });
    await page.getByRole("button", { name: "Create Conference" }).click();
    await expect(page.getByTestId("toast-title")).toHaveText("Conference created successfully!");
    await deleteConference(page, doomed, { withRecordings: true });
  });

  test("the page also answers at /admin-conference, and its forms come back there", async ({ page, visit }) => {
    await loginThroughApi(page.request, HEADMASTER);
    await visit("/admin-conference");
    await expect(page.getByRole("heading", { name: "Scheduled Conferences" })).toBeVisible();

    await page.getByRole("link", { name: "Schedule Conference" }).click();
    await expect(page).toHaveURL("/admin-conference?new=1");
    const title = `Alias circle ${uniqueUsername("nojs")}`;
    await fillConferenceForm(page.getByRole("dialog", { name: "Schedule Conference" }), {
      title,
      description: "Scheduled from the other address.",
      when: "2031-05-05T08:00",
      duration: "20",
      maxParticipants: "7",
      record: "Record Session",
    });
    await page.getByRole("button", { name: "Create Conference" }).click();
    await expect(page).toHaveURL("/admin-conference");
    await expect(page.getByTestId("toast-title")).toHaveText("Conference created successfully!");
    await expect(conferenceCard(page, title).getByText("Max 7")).toBeVisible();

    await deleteConference(page, title);
    await expect(page).toHaveURL("/admin-conference");
  });

  test("a student is turned back to the portal", async ({ page, visit, student }) => {
    await visit("/admin/conference");
    await expect(page).toHaveURL("/students");
    await expect(page.getByText(`Welcome, ${student.username}.`)).toBeVisible();
    await expect(page.getByTestId("toast-title")).toHaveText("Access Denied");
    await expect(page.getByText("This area is restricted to administrators only.", { exact: true })).toBeVisible();
  });
});

test.describe("with JavaScript", () => {
  // A zone other than the server's (UTC): times entered are meant in the browser's zone.
  test.use({ timezoneId: "America/New_York" });

  test("the headmaster schedules and edits a session in their own time zone, then deletes it", async ({ page, visit }) => {
    await loginThroughApi(page.request, HEADMASTER);
    await visit("/admin/conference");
    await page.getByRole("link", { name: "Schedule Conference" }).click();
    const form = page.getByRole("dialog", { name: "Schedule Conference" });
    await expect(form.getByTestId("time-zone-hint")).toHaveText("Times are in America/New_York");

    // Checked in the browser before anything is sent.
    await form.getByRole("button", { name: "Create Conference" }).click();
    await expect(form.getByText("Title is required")).toBeVisible();
    await expect(form.getByText("Scheduled date is required")).toBeVisible();

    const title = `Sun circle ${uniqueUsername("js")}`;
    await fillConferenceForm(form, {
      title,
      description: "Morning practice.",
      when: "2031-03-10T19:15",
      duration: "50",
      maxParticipants: "12",
      record: "Record Session",
    });
    await form.getByRole("button", { name: "Create Conference" }).click();
    await expect(page.getByTestId("toast-title")).toHaveText("Conference created successfully!");
    await expect(form).toHaveCount(0);
    const card = conferenceCard(page, title);
    await expect(card.getByTestId("conference-status")).toHaveText("Scheduled");
    await expect(card.getByText("50 min")).toBeVisible();
    await expect(card.getByText("Max 12")).toBeVisible();
    await expect(card.getByText("Recording", { exact: true })).toBeVisible();
    await expect(card.locator("time")).toHaveText(/Mar 10, 2031, 7:15\sPM EDT/u);

    await openCardMenu(card);
    await card.getByRole("link", { name: "Edit" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Conference" });
    await expect(edit.getByLabel("Scheduled date & time")).toHaveValue("2031-03-10T19:15");
    await edit.getByLabel("Title").fill(`${title} (moved)`);
    await edit.getByLabel("Scheduled date & time").fill("2031-03-11T06:45");
    await edit.getByRole("button", { name: "Update Conference" }).click();
    await expect(page.getByTestId("toast-title")).toHaveText("Conference updated successfully!");
    const moved = conferenceCard(page, `${title} (moved)`);
    await expect(moved.locator("time")).toHaveText(/Mar 11, 2031, 6:45\sAM EDT/u);

    await deleteConference(page, `${title} (moved)`);
  });

  test("the headmaster goes live, records, cannot go live twice, and ends the session from the room", async ({ page, visit }) => {
    await loginThroughApi(page.request, HEADMASTER);
    await visit("/admin/conference");
    await expect(page.getByTestId("live-banner")).toHaveCount(0);

    await page.getByRole("button", { name: "Go Live" }).click();
    await expect(page.getByTestId("toast-title")).toHaveText("Conference started!");
    const card = conferenceCard(page, "Instant Live Session");
    await expect(card.getByTestId("conference-status")).toHaveText("Live");
    await expect(card.getByText("60 min")).toBeVisible();
    await expect(card.getByText("Max 100")).toBeVisible();
    const room = page.getByTestId("live-room");
    await expect(room.getByRole("heading", { name: "Instant Live Session" })).toBeVisible();
    await expect(room.getByTestId("live-media-room")).toBeVisible();
    await expect(room.getByRole("textbox", { name: "Conference link" })).toHaveValue(/\/join-conference\/\d+$/);
    // The room turns the host's camera on by itself and says so in a toast; wait for it, or on a
    // loaded machine it arrives after the next click's error and takes its place.
    await expect(page.getByTestId("toast-title")).toHaveText(/^Camera (Ready|Access Required)$/, { timeout: 15_000 });

    await page.getByRole("button", { name: "Go Live" }).click();
    await expect(page.getByTestId("toast-title")).toHaveText("Error");
    // Radix also keeps a hidden copy of the toast for screen readers: look at the visible one.
    await expect(
      // While one toast replaces another both can be on screen for a moment.
      page.getByText("Failed to start conference. Another conference is already live. End it before starting this one.").filter({ visible: true }).first(),
    ).toBeVisible();
    await expect(page.getByTestId("conference-card").filter({ hasText: "Instant Live Session" })).toHaveCount(1);

    await card.getByRole("link", { name: "Enter" }).click();
    await expect(page).toHaveURL(/#live-room$/);

    // The room's record button: the host's browser records the camera and uploads it while recording.
    await expect(room.getByTestId("local-video")).toBeVisible();
    const chunk = page.waitForResponse((response) => response.url().includes("/recording/chunks") && response.status() === 201);
    await room.getByRole("button", { name: "Start recording" }).click();
    await expect(page.getByTestId("toast-title")).toHaveText("Recording Started");
    await expect(page.getByTestId("recording-indicator")).toBeVisible();
    await chunk;
    await room.getByRole("button", { name: "Stop recording" }).click();
    await expect(page.getByTestId("toast-title")).toHaveText("Recording Stopped");
    await expect(page.getByTestId("recording-indicator")).toHaveCount(0);
    // Newest first: the one just filed, ready to play.
    const [newest] = (await (await page.request.get("/api/recordings")).json()) as { title: string; status: string; size: number }[];
    expect(newest).toMatchObject({ title: "Instant Live Session", status: "ready" });
    expect(newest?.size).toBeGreaterThan(0);

    await room.getByRole("button", { name: "End Conference" }).click();
    await expect(page.getByTestId("toast-title")).toHaveText("Conference ended");
    await expect(page.getByTestId("live-room")).toHaveCount(0);
    await expect(conferenceCard(page, "Instant Live Session")).toHaveCount(0);
  });
});
