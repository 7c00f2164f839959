import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { academyDatabase, type AcademyDatabase } from "../academy-database";
import { DEMO_STUDENT, TEST_ADMIN, uniqueName, useAcademy, Visitor } from "./helpers";

// The admin sessions page's forms as a browser without JavaScript sends
// them: urlencoded POSTs with the session cookie, answered by redirects that
// carry a toast, or by the page again with the form's errors.

const academy = useAcademy();

interface ConferenceRow {
  id: number;
  title: string;
  scheduled_at: number;
  duration: number;
  max_participants: number;
  is_recorded: number;
  is_premium_only: number;
  is_live: number;
  is_recording: number;
  ended_at: number | null;
}

// The test reads the server's database itself to check what was stored.
let database: AcademyDatabase;
let admin: Visitor;

beforeAll(async () => {
  database = await academyDatabase(academy.process);
  admin = new Visitor(academy.baseUrl);
  expect((await admin.login(TEST_ADMIN.username, TEST_ADMIN.password)).status).toBe(200);
});
afterAll(() => database?.close());

function conferenceTitled(title: string): Promise<ConferenceRow | undefined> {
  return database.get<ConferenceRow>("select * from conferences where title = ? order by id desc", title);
}

function liveConference(): Promise<ConferenceRow | undefined> {
  return database.get<ConferenceRow>("select * from conferences where is_live = true");
}

function post(who: Visitor, path: string, fields: Record<string, string>) {
  return who.request(path, { method: "POST", body: new URLSearchParams(fields) });
}

/** Follows a form's redirect like a browser: the page it lands on shows the toast. */
async function landOn(response: Response, who: Visitor = admin): Promise<string> {
  expect(response.status, await response.clone().text()).toBe(302);
  const location = response.headers.get("Location");
  expect(location).not.toBeNull();
  const page = await who.request(location ?? "/");
  expect(page.status).toBe(200);
  return page.text();
}

const validForm = (title: string) => ({
  intent: "save",
  title,
  description: "Reading the cards together.",
  scheduledAt: "2030-06-15T18:30",
  timeZone: "America/New_York",
  duration: "45",
  maxParticipants: "25",
  isRecorded: "false",
});

describe("the admin sessions page without JavaScript", () => {
  it("is shown to the admin at both addresses", async () => {
    for (const path of ["/admin/conference", "/admin-conference"]) {
      const response = await admin.request(path);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain("Scheduled Conferences");
      expect(html).toContain("Monthly Live Q&amp;A: Ask the Academy");
      expect(html).toContain('href="/admin/recordings"');
    }
    const dialog = await (await admin.request("/admin/conference?new=1")).text();
    expect(dialog).toContain("Schedule Conference");
    expect(dialog).toContain("Premium members only (monthly live Q&amp;A)");
    expect(dialog).toMatch(/<option value="true"[^>]*>Record Session<\/option>/);
  });

  it("answers a bad schedule form with 400 and the spec's messages", async () => {
    const empty = await post(admin, "/admin/conference?new=1", {
      intent: "save",
      title: " ",
      description: "",
      scheduledAt: "",
      duration: "0",
      maxParticipants: "0",
      isRecorded: "true",
    });
    expect(empty.status).toBe(400);
    const html = await empty.text();
    for (const message of [
      "Title is required",
      "Description is required",
      "Scheduled date is required",
      "Duration must be at least 1 minute",
      "At least 1 participant required",
    ]) {
      expect(html).toContain(message);
    }

    const impossible = await post(admin, "/admin/conference?new=1", { ...validForm(uniqueName("Impossible")), scheduledAt: "2030-02-31T10:00" });
    expect(impossible.status).toBe(400);
    expect(await impossible.text()).toContain("Enter a date and time that exists in America/New_York");
  });

  it("schedules a conference: the wall-clock time is read in the browser's zone, blanks fall back to the defaults", async () => {
    const title = uniqueName("Evening circle");
    const html = await landOn(await post(admin, "/admin/conference?new=1", { ...validForm(title), isPremiumOnly: "on" }));
    expect(html).toContain("Conference created successfully!");

    const stored = await conferenceTitled(title);
    expect(stored).toMatchObject({ duration: 45, max_participants: 25, is_recorded: 0, is_premium_only: 1, is_live: 0 });
    // 18:30 in New York in June (EDT, UTC-4) is 22:30 UTC.
    expect(new Date(stored?.scheduled_at ?? 0).toISOString()).toBe("2030-06-15T22:30:00.000Z");
    // This viewer's zone is unknown to the server (no cookie): the academy's, UTC.
    expect(html).toMatch(/Jun 15, 2030, 10:30\sPM UTC/u);

    const fallbackTitle = uniqueName("Fallbacks");
    await landOn(
      await post(admin, "/admin/conference?new=1", {
        intent: "save",
        title: fallbackTitle,
        description: "Defaults please.",
        scheduledAt: "2030-07-01T09:00",
        timeZone: "Not/AZone",
        duration: "abc",
        maxParticipants: "",
      }),
    );
    expect(await conferenceTitled(fallbackTitle)).toMatchObject({ duration: 60, max_participants: 100, is_recorded: 1, is_premium_only: 0 });
    expect(new Date((await conferenceTitled(fallbackTitle))?.scheduled_at ?? 0).toISOString()).toBe("2030-07-01T09:00:00.000Z");
  });

  it("edits a conference and comes back to the address the form was sent from", async () => {
    const title = uniqueName("Alias circle");
    const created = await post(admin, "/admin-conference?new=1", validForm(title));
    expect(created.headers.get("Location")).toBe("/admin-conference");
    await landOn(created);
    const id = (await conferenceTitled(title))?.id;

    // A viewer whose browser told the server its zone (the tz cookie) sees the time as entered.
    const editPage = await (
      await fetch(new URL(`/admin-conference?edit=${id}`, academy.baseUrl), { headers: { Cookie: `${admin.cookieHeader}; tz=America%2FNew_York` } })
    ).text();
    expect(editPage).toContain("Edit Conference");
    expect(editPage).toContain('value="2030-06-15T18:30"');

    const updated = await post(admin, `/admin-conference?edit=${id}`, { ...validForm(`${title} renamed`), conferenceId: String(id), duration: "90" });
    expect(updated.headers.get("Location")).toBe("/admin-conference");
    expect(await landOn(updated)).toContain("Conference updated successfully!");
    expect(await conferenceTitled(`${title} renamed`)).toMatchObject({ id, duration: 90 });
  });

  it("goes live once, refuses a second live session with a clear message, records and ends", async () => {
    expect(await liveConference()).toBeUndefined();
    const first = await landOn(await post(admin, "/admin/conference", { intent: "go-live" }));
    expect(first).toContain("Conference started!");
    expect(first).toContain('data-testid="live-room"');
    const live = await liveConference();
    expect(live).toMatchObject({ title: "Instant Live Session", duration: 60, max_participants: 100, is_recorded: 1 });

    const second = await landOn(await post(admin, "/admin/conference", { intent: "go-live" }));
    expect(second).toContain("Another conference is already live. End it before starting this one.");
    expect(await database.get("select count(*) as n from conferences where title = 'Instant Live Session'")).toEqual({ n: 1 });

    // A scheduled one cannot start while another is live, and the live one cannot be edited or deleted.
    const scheduled = await conferenceTitled("Monthly Live Q&A: Ask the Academy");
    expect(await landOn(await post(admin, "/admin/conference", { intent: "start", conferenceId: String(scheduled?.id) }))).toContain(
      "Failed to start conference. Another conference is already live.",
    );
    expect(await landOn(await post(admin, "/admin/conference", { intent: "delete", conferenceId: String(live?.id) }))).toContain(
      "Failed to delete conference. This conference is live. End it before changing or deleting it.",
    );
    expect(
      await landOn(await post(admin, "/admin/conference", { ...validForm("Renamed live"), conferenceId: String(live?.id) })),
    ).toContain("Failed to update conference. This conference is live.");

    // Recording is started in the room, where the host's browser captures what it uploads: the page has
    // no form for it. Started through the API, the banner says so.
    const formRecording = await post(admin, "/admin/conference", { intent: "start-recording", conferenceId: String(live?.id) });
    expect(formRecording.status).toBe(400);
    expect(await formRecording.text()).toContain("Unknown conference action");
    expect((await admin.request(`/api/conferences/${live?.id}/start-recording`, { method: "POST" })).status).toBe(200);
    const recordingPage = await (await admin.request("/admin/conference")).text();
    expect(recordingPage).toContain("Recording in progress");
    expect(recordingPage).not.toContain("Start Recording");

    const ended = await landOn(await post(admin, "/admin/conference", { intent: "end", conferenceId: String(live?.id) }));
    expect(ended).toContain("Conference ended");
    expect(ended).not.toContain('data-testid="live-room"');
    expect(await liveConference()).toBeUndefined();
    expect(await landOn(await post(admin, "/admin/conference", { intent: "end", conferenceId: String(live?.id) }))).toContain(
      "Failed to end conference. This conference has ended and can no longer be changed.",
    );
  });

  it("deletes a conference, with its recordings only when asked", async () => {
    const title = uniqueName("Doomed");
    await landOn(await post(admin, "/admin/conference?new=1", validForm(title)));
    const id = (await conferenceTitled(title))?.id;
    const confirm = await (await admin.request(`/admin/conference?delete=${id}`)).text();
    expect(confirm).toContain("Also delete its recordings");

    expect(await landOn(await post(admin, "/admin/conference", { intent: "delete", conferenceId: String(id) }))).toContain("Conference deleted");
    expect(await conferenceTitled(title)).toBeUndefined();
    expect(await landOn(await post(admin, "/admin/conference", { intent: "delete", conferenceId: String(id) }))).toContain(
      "Failed to delete conference. Conference not found.",
    );
  });

  it("turns students and visitors away without changing anything", async () => {
    const student = new Visitor(academy.baseUrl);
    await student.login(DEMO_STUDENT.username, DEMO_STUDENT.password);
    const page = await student.request("/admin/conference");
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/students");
    await student.request("/students");

    const title = uniqueName("Student made");
    const refused = await post(student, "/admin-conference?new=1", validForm(title));
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe("/students");
    const portal = await (await student.request("/students")).text();
    expect(portal).toContain("Access Denied");
    expect(portal).toContain("This area is restricted to administrators only.");
    expect(await post(student, "/admin/conference", { intent: "go-live" }).then((response) => response.status)).toBe(302);
    expect(await conferenceTitled(title)).toBeUndefined();
    expect(await liveConference()).toBeUndefined();

    const visitor = new Visitor(academy.baseUrl);
    const anonymous = await post(visitor, "/admin/conference", { intent: "go-live" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe("/login?redirect=%2Fadmin%2Fconference");
    expect(await liveConference()).toBeUndefined();
  });

  it("answers an unknown action with 400", async () => {
    const response = await post(admin, "/admin/conference", { intent: "explode" });
    expect(response.status).toBe(400);
  });
});
