import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDateTime } from "~/utils/time-zone";
import { academyDatabase, type AcademyDatabase } from "../academy-database";
import { DEMO_PREMIUM, DEMO_STUDENT, newStudent, TEST_ADMIN, uniqueName, useAcademy, Visitor } from "./helpers";

// The member side of live sessions (issue 12): the join page in each of its
// states, the portal's conference banner and its dismissal, and the calendar
// link in the account settings. Conferences are written straight into the
// server's database, as an admin's page would leave them.

const academy = useAcademy({ LOGIN_MAX_FAILURES: "1000", SIGNUPS_PER_HOUR: "1000" });

const SEED_TITLE = "Monthly Live Q&A: Ask the Academy";
const NOT_FOUND = "This conference link is invalid or the meeting has ended.";
const NOT_LIVE = "This conference is not currently active. Please check back when the meeting starts.";
const HOUR = 60 * 60 * 1000;

let database: AcademyDatabase;
let seedId: number;

beforeAll(async () => {
  database = await academyDatabase(academy.process);
  const row = await database.get<{ id: number }>("select id from conferences where title = ?", SEED_TITLE);
  if (typeof row?.id !== "number") throw new Error("the seed has no Premium Q&A");
  seedId = row.id;
});
afterAll(() => database?.close());

interface ConferenceFields {
  title?: string;
  description?: string;
  scheduledAt?: Date;
  duration?: number;
  maxParticipants?: number;
  isLive?: boolean;
  isPremiumOnly?: boolean;
  endedAt?: Date | null;
}

async function insertConference(fields: ConferenceFields = {}): Promise<number> {
  const row = await database.get<{ id: number }>(
    `insert into conferences (title, description, scheduled_at, duration, max_participants, is_live, is_premium_only, started_at, ended_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
    fields.title ?? uniqueName("Session"),
    fields.description ?? "An open session about the week's readings.",
    fields.scheduledAt ?? new Date(Date.now() + 2 * HOUR),
    fields.duration ?? 60,
    fields.maxParticipants ?? 100,
    fields.isLive ?? false,
    fields.isPremiumOnly ?? false,
    fields.isLive ? new Date() : null,
    fields.endedAt ?? null,
  );
  if (!row) throw new Error("the conference was not stored");
  return row.id;
}

async function endConference(id: number) {
  await database.run("update conferences set is_live = false, ended_at = ? where id = ?", new Date(), id);
}

async function deleteConference(id: number) {
  await database.run("delete from conferences where id = ?", id);
}

async function signedIn(credentials: { username: string; password: string }): Promise<Visitor> {
  const visitor = new Visitor(academy.baseUrl);
  const response = await visitor.login(credentials.username, credentials.password);
  expect(response.status, `sign-in of ${credentials.username}`).toBe(200);
  return visitor;
}


/** The page as one string of text: React's text separators gone, entities decoded. */
function readable(html: string): string {
  return html
    .replace(/<!-- -->/g, "")
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
}

async function page(visitor: Visitor, path: string): Promise<{ status: number; html: string; response: Response }> {
  const response = await visitor.request(path);
  return { status: response.status, html: readable(await response.text()), response };
}

async function postForm(visitor: Visitor, path: string, fields: Record<string, string>): Promise<Response> {
  return visitor.request(path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The banner's markup on the portal, or null when there is none. */
function bannerOf(html: string): string | null {
  return /<section[^>]*data-testid="conference-banner"[\s\S]*?<\/section>/.exec(html)?.[0] ?? null;
}

/**
 * One part of the banner's markup, up to the next part or the dismiss form:
 * "next" is the session the member can join, "upsell" the Premium-only one
 * offered beside it.
 */
function partOf(banner: string | null, part: "next" | "upsell"): string | null {
  const start = banner?.indexOf(`data-testid="conference-banner-${part}"`) ?? -1;
  if (!banner || start < 0) return null;
  const ends = ['data-testid="conference-banner-upsell"', "<form"].map((marker) => banner.indexOf(marker, start + 1)).filter((end) => end > start);
  return banner.slice(start, Math.min(banner.length, ...ends));
}

describe("the join page", () => {
  it("sends a visitor to the login page and back again", async () => {
    const visitor = new Visitor(academy.baseUrl);
    const response = await visitor.request(`/join-conference/${seedId}`);
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("Location") ?? "", academy.baseUrl);
    expect(location.pathname).toBe("/login");
    expect(location.searchParams.get("redirect")).toBe(`/join-conference/${seedId}`);

    // The login form carries the way back.
    const login = await page(visitor, location.pathname + location.search);
    expect(login.status).toBe(200);
    expect(login.html).toContain(`name="redirectTo" value="/join-conference/${seedId}"`);
  });

  it("says Conference Not Found for an unknown or malformed id, with the member's dashboard", async () => {
    const student = await signedIn(DEMO_STUDENT);
    for (const id of ["999999", "abc", "0", "-3", "1e3", "12345678901234567890"]) {
      const { status, html } = await page(student, `/join-conference/${id}`);
      expect(status, id).toBe(404);
      expect(html).toContain("Conference Not Found");
      expect(html).toContain(NOT_FOUND);
      expect(html).toMatch(/<a[^>]*href="\/students"[^>]*>Go to Dashboard<\/a>/);
    }
    const admin = await signedIn(TEST_ADMIN);
    const { status, html } = await page(admin, "/join-conference/999999");
    expect(status).toBe(404);
    expect(html).toMatch(/<a[^>]*href="\/dashboard"[^>]*>Go to Dashboard<\/a>/);
  });

  it("shows a scheduled session as not live, in the viewer's time zone, with a calendar link", async () => {
    const premium = await signedIn(DEMO_PREMIUM);
    premium.setCookieHeader(`${premium.cookieHeader}; tz=Asia%2FTokyo`);
    const row = await database.get<{ scheduledAt: number; description: string }>('select scheduled_at as "scheduledAt", description from conferences where id = ?', seedId);
    if (!row) throw new Error("seed row missing");
    const { status, html, response } = await page(premium, `/join-conference/${seedId}`);
    expect(status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(html).toContain("Conference Not Live");
    expect(html).toContain(NOT_LIVE);
    expect(html).toContain(SEED_TITLE);
    expect(html).toContain(String(row.description));
    expect(html).toContain(formatDateTime(new Date(Number(row.scheduledAt)), "Asia/Tokyo"));
    expect(html).toContain("60 minutes");
    expect(html).toContain(`href="/api/conferences/${seedId}/calendar.ics"`);
    expect(html).not.toContain("Join Conference Now");
  });

  it("keeps a Premium-only session for Premium members: a free student is offered the upgrade", async () => {
    const free = await signedIn(DEMO_STUDENT);
    const refused = await page(free, `/join-conference/${seedId}`);
    expect(refused.status).toBe(403);
    expect(refused.html).toContain("Premium Members Only");
    expect(refused.html).toContain(SEED_TITLE);
    expect(refused.html).toContain("This live session is for Premium members");
    expect(refused.html).toMatch(/<a[^>]*href="\/upgrade"[^>]*>(?:(?!<\/a>)[\s\S])*Upgrade to Premium<\/a>/);
    expect(refused.html).not.toContain("Conference Not Live");
    expect(refused.html).not.toContain("Bring your questions about readings");
    expect(refused.html).not.toContain("calendar.ics");

    for (const credentials of [DEMO_PREMIUM, TEST_ADMIN]) {
      const allowed = await page(await signedIn(credentials), `/join-conference/${seedId}`);
      expect(allowed.status, credentials.username).toBe(200);
      expect(allowed.html).toContain("Conference Not Live");
    }
  });

  it("welcomes a member to a live session and opens the room, re-checking on every request", async () => {
    const title = uniqueName("Live Circle");
    const id = await insertConference({ title, isLive: true, duration: 45, maxParticipants: 25, scheduledAt: new Date(Date.now() - 5 * 60_000) });
    try {
      const seeker = await signedIn(DEMO_STUDENT);
      const card = await page(seeker, `/join-conference/${id}`);
      expect(card.status).toBe(200);
      expect(card.html).toContain("Join Live Conference");
      expect(card.html).toContain(title);
      expect(card.html).toContain("An open session about the week's readings.");
      expect(card.html).toContain("Max 25 participants");
      expect(card.html).toContain("45 minutes");
      expect(card.html).toContain("Welcome, Sage! Ready to join the live conference?");
      expect(card.html).toMatch(new RegExp(`<a[^>]*href="/join-conference/${id}\\?room=1"[^>]*>(?:(?!</a>)[\\s\\S])*Join Conference Now</a>`));
      expect(card.html).toContain(`href="/api/conferences/${id}/calendar.ics"`);

      const room = await page(seeker, `/join-conference/${id}?room=1`);
      expect(room.status).toBe(200);
      expect(room.html).toContain('data-testid="live-room"');
      // The media room runs in the browser; the server sends its frame and the no-JavaScript note.
      expect(room.html).toContain('data-testid="live-room-connecting"');
      expect(room.html).toContain("Video needs JavaScript; the chat works without it.");
      expect(room.html).toContain(`${academy.baseUrl}/join-conference/${id}`);
      expect(room.html).toMatch(new RegExp(`<a[^>]*href="/join-conference/${id}"[^>]*>Leave</a>`));

      // Without a first name the name is used (a new student's is the username); with neither, a Participant.
      const stranger = await newStudent(academy.baseUrl);
      const username = (await stranger.authStatus()).username;
      expect((await page(stranger, `/join-conference/${id}`)).html).toContain(`Welcome, ${username}! Ready to join the live conference?`);
      await database.run("update users set name = null where username = ?", username);
      expect((await page(stranger, `/join-conference/${id}`)).html).toContain("Welcome, Participant! Ready to join the live conference?");

      // The host ends it: the same addresses now say so.
      await endConference(id);
      for (const path of [`/join-conference/${id}`, `/join-conference/${id}?room=1`]) {
        const ended = await page(seeker, path);
        expect(ended.status, path).toBe(410);
        expect(ended.html).toContain("Conference Not Found");
        expect(ended.html).toContain(NOT_FOUND);
        expect(ended.html).not.toContain('data-testid="live-room"');
      }
    } finally {
      await deleteConference(id);
    }
  });

  it("does not open the room of a session that has not started", async () => {
    const id = await insertConference({ title: uniqueName("Later Circle") });
    try {
      const { status, html } = await page(await signedIn(DEMO_STUDENT), `/join-conference/${id}?room=1`);
      expect(status).toBe(200);
      expect(html).toContain("Conference Not Live");
      expect(html).not.toContain('data-testid="live-room"');
    } finally {
      await deleteConference(id);
    }
  });

  it("answers a form it does not know with 400, not an error (its one form is the room's chat)", async () => {
    const student = await signedIn(DEMO_STUDENT);
    const response = await postForm(student, `/join-conference/${seedId}`, { intent: "join" });
    expect(response.status).toBe(400);
  });
});

describe("the portal's conference banner", () => {
  it("offers a free student the Premium-only Q&A as an upsell with the upgrade, not as a session to join", async () => {
    const { html } = await page(await signedIn(DEMO_STUDENT), "/students");
    const banner = bannerOf(html);
    expect(banner).not.toBeNull();
    expect(partOf(banner, "next")).toBeNull();
    const upsell = partOf(banner, "upsell");
    expect(upsell).toContain("PREMIUM MEMBERS ONLY");
    expect(upsell).toContain(SEED_TITLE);
    expect(upsell).toContain("60 minutes");
    expect(upsell).toMatch(/<a[^>]*href="\/upgrade"[^>]*>(?:(?!<\/a>)[\s\S])*Upgrade to Premium<\/a>/);
    // Its join page would only refuse them.
    expect(banner).not.toContain(`href="/join-conference/${seedId}"`);
    expect(banner).not.toContain("View Details");
    // Only the overview shows it.
    expect(bannerOf((await page(await signedIn(DEMO_STUDENT), "/students?tab=courses")).html)).toBeNull();
  });

  it("shows a free student the free session after the Premium Q&A, with the Q&A beside it; Premium members and admins see the Q&A", async () => {
    const seedAt = await database.get<{ scheduledAt: number }>('select scheduled_at as "scheduledAt" from conferences where id = ?', seedId);
    if (!seedAt) throw new Error("seed row missing");
    const circleTitle = uniqueName("Open Reading Circle");
    const circle = await insertConference({ title: circleTitle, scheduledAt: new Date(Number(seedAt.scheduledAt) + 2 * 24 * HOUR) });
    try {
      const freeBanner = bannerOf((await page(await signedIn(DEMO_STUDENT), "/students")).html);
      const next = partOf(freeBanner, "next");
      expect(next).toContain("UPCOMING");
      expect(next).toContain(circleTitle);
      expect(next).not.toContain("Premium");
      expect(next).toMatch(new RegExp(`<a[^>]*href="/join-conference/${circle}"[^>]*>View Details</a>`));
      const upsell = partOf(freeBanner, "upsell");
      expect(upsell).toContain(SEED_TITLE);
      expect(upsell).toMatch(/<a[^>]*href="\/upgrade"[^>]*>(?:(?!<\/a>)[\s\S])*Upgrade to Premium<\/a>/);
      // Dismissing it dismisses the session it leads with.
      expect(freeBanner).toContain(`name="conferenceId" value="${circle}"`);

      for (const credentials of [DEMO_PREMIUM, TEST_ADMIN]) {
        const banner = bannerOf((await page(await signedIn(credentials), "/students")).html);
        const premiumNext = partOf(banner, "next");
        expect(premiumNext, credentials.username).toContain("UPCOMING");
        expect(premiumNext).toContain(SEED_TITLE);
        expect(premiumNext).toContain("Premium");
        expect(premiumNext).toMatch(new RegExp(`<a[^>]*href="/join-conference/${seedId}"[^>]*>View Details</a>`));
        expect(partOf(banner, "upsell")).toBeNull();
        expect(banner).not.toContain(circleTitle);
        expect(banner).not.toContain("Upgrade to Premium");
      }
    } finally {
      await deleteConference(circle);
    }
  });

  it("shows a live session as LIVE NOW, and the earliest upcoming one otherwise", async () => {
    const student = await signedIn(DEMO_STUDENT);
    const soonTitle = uniqueName("Tomorrow Circle");
    const soon = await insertConference({ title: soonTitle, scheduledAt: new Date(Date.now() + 24 * HOUR) });
    const liveTitle = uniqueName("Live Circle");
    const live = await insertConference({ title: liveTitle, isLive: true });
    try {
      const liveBanner = bannerOf((await page(student, "/students")).html);
      expect(liveBanner).toContain("LIVE NOW");
      expect(liveBanner).toContain(liveTitle);
      expect(liveBanner).toMatch(new RegExp(`<a[^>]*href="/join-conference/${live}"[^>]*>Join Live Now</a>`));
      expect(partOf(liveBanner, "upsell")).toContain(SEED_TITLE);

      await endConference(live);
      const upcoming = bannerOf((await page(student, "/students")).html);
      expect(partOf(upcoming, "next")).toContain("UPCOMING");
      expect(partOf(upcoming, "next")).toContain(soonTitle);
      expect(partOf(upcoming, "next")).not.toContain("Premium");
      expect(upcoming).toMatch(new RegExp(`<a[^>]*href="/join-conference/${soon}"[^>]*>View Details</a>`));
      expect(partOf(upcoming, "upsell")).toContain(SEED_TITLE);
    } finally {
      await deleteConference(live);
      await deleteConference(soon);
    }
  });

  it("can be dismissed for the session without JavaScript; a new session shows again", async () => {
    const student = await signedIn(DEMO_STUDENT);
    const response = await postForm(student, "/students?tab=overview", { intent: "dismiss-conference-banner", conferenceId: String(seedId) });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/students?tab=overview");
    const cookie = response.headers.getSetCookie().find((value) => value.startsWith("conference-banner-dismissed="));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(new RegExp(`^conference-banner-dismissed=${seedId};`));
    // A session cookie: gone when the browser closes.
    expect(cookie).not.toMatch(/max-age|expires/i);
    expect(bannerOf((await page(student, "/students")).html)).toBeNull();

    // Another member's banner is untouched.
    expect(bannerOf((await page(await signedIn(DEMO_STUDENT), "/students")).html)).toContain(SEED_TITLE);

    const newTitle = uniqueName("New Circle");
    const fresh = await insertConference({ title: newTitle, scheduledAt: new Date(Date.now() + 3 * HOUR) });
    try {
      expect(bannerOf((await page(student, "/students")).html)).toContain(newTitle);
    } finally {
      await deleteConference(fresh);
    }
  });

  it("refuses a dismissal that names no conference", async () => {
    const student = await signedIn(DEMO_STUDENT);
    for (const conferenceId of ["abc", "", "0"]) {
      const response = await postForm(student, "/students", { intent: "dismiss-conference-banner", conferenceId });
      expect(response.status, conferenceId).toBe(400);
      expect(response.headers.getSetCookie().some((value) => value.startsWith("conference-banner-dismissed="))).toBe(false);
    }
  });
});

describe("the calendar link in the account settings", () => {
  const tokenOf = async (userId: number): Promise<string | null> => {
    const row = await database.get<{ token: unknown }>("select token from calendar_feeds where user_id = ?", userId);
    return typeof row?.token === "string" ? row.token : null;
  };
  const idOf = async (username: string | null): Promise<number> => {
    const row = await database.get<{ id: unknown }>("select id from users where username = ?", username);
    if (typeof row?.id !== "number") throw new Error(`no user ${username}`);
    return row.id;
  };
  const feedUrl = (token: string) => `${academy.baseUrl}/api/calendar/${token}/sessions.ics`;

  it("sends a visitor to the login page", async () => {
    const response = await new Visitor(academy.baseUrl).request("/settings");
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get("Location") ?? "", academy.baseUrl).searchParams.get("redirect")).toBe("/settings");
  });

  it("creates, resets and stops a member's calendar link", async () => {
    const member = await newStudent(academy.baseUrl);
    const userId = await idOf((await member.authStatus()).username);

    const empty = await page(member, "/settings");
    expect(empty.status).toBe(200);
    expect(empty.html).toContain("Account Settings");
    expect(empty.html).toContain("Calendar subscription");
    expect(empty.html).toContain("Create calendar link");
    expect(empty.html).not.toContain("/sessions.ics");
    expect(await tokenOf(userId)).toBeNull();

    const created = await postForm(member, "/settings", { intent: "create-calendar-link" });
    expect(created.status).toBe(302);
    expect(created.headers.get("Location")).toBe("/settings");
    const token = await tokenOf(userId);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    if (!token) throw new Error("no token");
    const shown = await page(member, "/settings");
    expect(shown.html).toContain(`value="${feedUrl(token)}"`);
    expect(shown.html).toContain(`href="${feedUrl(token).replace(/^http:\/\//, "webcal://")}"`);
    expect(shown.html).toContain("Reset link");
    expect(shown.html).toContain("Stop sharing");

    // Creating again keeps the address.
    await postForm(member, "/settings", { intent: "create-calendar-link" });
    expect(await tokenOf(userId)).toBe(token);

    expect((await postForm(member, "/settings", { intent: "reset-calendar-link" })).status).toBe(302);
    const reset = await tokenOf(userId);
    expect(reset).not.toBeNull();
    expect(reset).not.toBe(token);
    if (!reset) throw new Error("no token");
    const afterReset = await page(member, "/settings");
    expect(afterReset.html).toContain(feedUrl(reset));
    expect(afterReset.html).not.toContain(token);

    expect((await postForm(member, "/settings", { intent: "stop-calendar-link" })).status).toBe(302);
    expect(await tokenOf(userId)).toBeNull();
    const stopped = await page(member, "/settings");
    expect(stopped.html).toContain("Create calendar link");
    expect(stopped.html).not.toContain(reset);
  });

  it("refuses an unknown intent with 400 and changes nothing", async () => {
    const member = await newStudent(academy.baseUrl);
    const userId = await idOf((await member.authStatus()).username);
    const response = await postForm(member, "/settings", { intent: "share-with-everyone" });
    expect(response.status).toBe(400);
    expect(await tokenOf(userId)).toBeNull();
  });
});
