import crypto from "node:crypto";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  answer,
  ConferenceJsonSchema,
  endAnyLive,
  hoursFromNow,
  MessageSchema,
  recordingName,
  RecordingJsonSchema,
  schedule,
  transition,
  type ConferenceJson,
} from "./conference-api";
import { DEMO_PREMIUM, DEMO_STUDENT, postEarlyAnswer, TEST_ADMIN, uniqueName, useAcademy, Visitor } from "./helpers";
import { propertyNames, readCalendar, textOf, type CalendarComponent } from "../icalendar-reader";

const academy = useAcademy();

const ListSchema = z.array(ConferenceJsonSchema);
const FeedSchema = z.object({ feedUrl: z.string().nullable() });

const MESSAGES = {
  live: "This conference is live. End it before changing or deleting it.",
  ended: "This conference has ended and can no longer be changed.",
  endedStart: "This conference has ended. Schedule a new one instead.",
  anotherLive: "Another conference is already live. End it before starting this one.",
  notLive: "This conference is not live.",
  notLiveRecording: "Recording needs a live conference. Start the conference first.",
  alreadyRecording: "This conference is already being recorded.",
  notRecording: "This conference is not being recorded.",
  wrongRecordingFile: "recordingUrl must name this conference's recording (conference-{id}-{time}.webm)",
};

let admin: Visitor;
let free: Visitor;
let premium: Visitor;
let visitor: Visitor;

async function signedIn(credentials: { username: string; password: string }): Promise<Visitor> {
  const who = new Visitor(academy.baseUrl);
  expect((await who.login(credentials.username, credentials.password)).status).toBe(200);
  return who;
}

async function message(response: Response, status: number): Promise<string> {
  return (await answer(response, status, MessageSchema)).message;
}

async function list(who: Visitor): Promise<ConferenceJson[]> {
  return answer(await who.request("/api/conferences"), 200, ListSchema);
}

async function getOne(who: Visitor, id: number): Promise<ConferenceJson> {
  return answer(await who.request(`/api/conferences/${id}`), 200, ConferenceJsonSchema);
}

const post = (who: Visitor, path: string, json?: unknown) => who.request(path, { method: "POST", ...(json === undefined ? {} : { json }) });

beforeAll(async () => {
  [admin, free, premium] = await Promise.all([signedIn(TEST_ADMIN), signedIn(DEMO_STUDENT), signedIn(DEMO_PREMIUM)]);
  visitor = new Visitor(academy.baseUrl);
});

// One live session at a time: every story ends what it started.
afterEach(async () => {
  await endAnyLive(admin);
});

describe("who may use the conferences API", () => {
  it("answers visitors 401 on every endpoint", async () => {
    const target = await schedule(admin);
    const requests: Array<[string, string]> = [
      ["GET", "/api/conferences"],
      ["POST", "/api/conferences"],
      ["POST", "/api/conferences/go-live"],
      ["GET", `/api/conferences/${target.id}`],
      ["PUT", `/api/conferences/${target.id}`],
      ["DELETE", `/api/conferences/${target.id}`],
      ["POST", `/api/conferences/${target.id}/start`],
      ["POST", `/api/conferences/${target.id}/end`],
      ["POST", `/api/conferences/${target.id}/start-recording`],
      ["POST", `/api/conferences/${target.id}/stop-recording`],
      ["GET", `/api/conferences/${target.id}/calendar.ics`],
      ["GET", "/api/recordings"],
      ["GET", "/api/recordings/1/file"],
      ["GET", "/api/user/calendar-feed"],
      ["POST", "/api/user/calendar-feed"],
      ["DELETE", "/api/user/calendar-feed"],
    ];
    for (const [method, path] of requests) {
      const response = await visitor.request(path, { method, ...(method === "PUT" || method === "POST" ? { json: {} } : {}) });
      expect(await message(response, 401), `${method} ${path}`).toBe("Authentication required");
    }
    // Nothing happened to the conference.
    expect(await getOne(admin, target.id)).toEqual(target);
  });

  it("answers free and Premium students 403 on every write, and changes nothing", async () => {
    const target = await schedule(admin, { title: "Untouched" });
    const body = { title: "Changed", description: "Changed", scheduledAt: hoursFromNow(2) };
    for (const student of [free, premium]) {
      const writes: Array<[string, string, unknown]> = [
        ["POST", "/api/conferences", body],
        ["POST", "/api/conferences/go-live", undefined],
        ["PUT", `/api/conferences/${target.id}`, body],
        ["DELETE", `/api/conferences/${target.id}`, undefined],
        ["POST", `/api/conferences/${target.id}/start`, undefined],
        ["POST", `/api/conferences/${target.id}/end`, undefined],
        ["POST", `/api/conferences/${target.id}/start-recording`, undefined],
        ["POST", `/api/conferences/${target.id}/stop-recording`, {}],
      ];
      for (const [method, path, json] of writes) {
        const response = await student.request(path, { method, ...(json === undefined ? {} : { json }) });
        expect(await message(response, 403), `${method} ${path}`).toBe("Admin access required");
      }
    }
    expect(await getOne(admin, target.id)).toEqual(target);
    expect((await list(admin)).filter((c) => c.title === "Changed" || c.title === "Instant Live Session")).toEqual([]);
  });

  it("answers methods an endpoint does not take with 405 and Allow", async () => {
    const cases: Array<[string, string, string]> = [
      ["PATCH", "/api/conferences", "GET, POST"],
      ["PATCH", "/api/conferences/1", "GET, PUT, DELETE"],
      ["GET", "/api/conferences/go-live", "POST"],
      ["GET", "/api/conferences/1/start", "POST"],
      ["PUT", "/api/conferences/1/end", "POST"],
      ["GET", "/api/conferences/1/stop-recording", "POST"],
      ["POST", "/api/conferences/1/calendar.ics", "GET"],
      ["POST", "/api/recordings", "GET"],
      ["DELETE", "/api/recordings/1/file", "GET, HEAD"],
      ["PUT", "/api/user/calendar-feed", "GET, POST, DELETE"],
      ["POST", `/api/calendar/${"a".repeat(43)}/sessions.ics`, "GET"],
    ];
    for (const [method, path, allow] of cases) {
      const response = await admin.request(path, { method });
      expect(await message(response, 405), `${method} ${path}`).toBe("Method not allowed");
      expect(response.headers.get("Allow"), `${method} ${path}`).toBe(allow);
    }
  });
});

describe("scheduling, reading and listing", () => {
  it("schedules with the spec's fields, fills in the defaults and answers the conference", async () => {
    const scheduledAt = hoursFromNow(48);
    const created = await schedule(admin, { title: "  Full Moon Circle  ", description: "Bring a candle", scheduledAt });
    expect(created).toMatchObject({
      title: "Full Moon Circle",
      description: "Bring a candle",
      scheduledAt: new Date(scheduledAt).toISOString(),
      duration: 60,
      maxParticipants: 100,
      isRecorded: true,
      isLive: false,
      isRecording: false,
      isPremium: false,
      startedAt: null,
      endedAt: null,
      status: "Scheduled",
    });
    expect(created.createdBy).toEqual(expect.any(Number));
    const chosen = await schedule(admin, { duration: 90, maxParticipants: 12, isRecorded: false, isPremium: true });
    expect(chosen).toMatchObject({ duration: 90, maxParticipants: 12, isRecorded: false, isPremium: true });
    expect(await getOne(free, created.id)).toEqual(created);
  });

  it("answers 400 with the spec's messages, and falls back to 60 and 100 for values that are not numbers", async () => {
    const missing = await answer(await post(admin, "/api/conferences", {}), 400, MessageSchema);
    expect(missing.message).toBe("Title is required");
    expect(missing.errors).toMatchObject({
      title: ["Title is required"],
      description: ["Description is required"],
      scheduledAt: ["Scheduled date is required"],
    });
    const base = { title: "T", description: "D", scheduledAt: hoursFromNow(5) };
    expect(await message(await post(admin, "/api/conferences", { ...base, description: "  " }), 400)).toBe("Description is required");
    expect(await message(await post(admin, "/api/conferences", { ...base, scheduledAt: "soon" }), 400)).toBe("Scheduled date is required");
    expect(await message(await post(admin, "/api/conferences", { ...base, duration: 0 }), 400)).toBe("Duration must be at least 1 minute");
    expect(await message(await post(admin, "/api/conferences", { ...base, maxParticipants: 0 }), 400)).toBe("At least 1 participant required");
    expect(await message(await post(admin, "/api/conferences", { ...base, isRecorded: "perhaps" }), 400)).toMatch(/./);
    const fallback = await schedule(admin, { ...base, duration: "abc", maxParticipants: "" });
    expect([fallback.duration, fallback.maxParticipants]).toEqual([60, 100]);
    const recordedAsText = await schedule(admin, { ...base, isRecorded: "false" });
    expect(recordedAsText.isRecorded).toBe(false);
  });

  it("answers a malformed body 400, a body that is not JSON 415 and a huge one 413", async () => {
    const malformed = await admin.request("/api/conferences", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{ nope" });
    expect(await message(malformed, 400)).toBe("Malformed JSON body");
    const text = await admin.request("/api/conferences", { method: "POST", headers: { "Content-Type": "text/plain" }, body: "title=x" });
    expect(await message(text, 415)).toBe("Send the request body as application/json");
    const hugeBody = Buffer.from(JSON.stringify({ title: "T", description: "x".repeat(200_000), scheduledAt: hoursFromNow(1) }));
    const huge = await postEarlyAnswer(`${academy.baseUrl}/api/conferences`, { "Content-Type": "application/json", Cookie: admin.cookieHeader }, hugeBody);
    expect(huge.status).toBe(413);
    expect(JSON.parse(huge.body)).toMatchObject({ message: "Request body is too large" });
    const notAnObject = await post(admin, "/api/conferences", ["a list"]);
    expect(notAnObject.status).toBe(400);
  });

  it("shows one conference to every signed-in member, Premium-only ones too, and 404 for unknown ids", async () => {
    const qa = await schedule(admin, { title: "Monthly Premium Q&A", isPremium: true });
    for (const who of [free, premium, admin]) {
      expect(await getOne(who, qa.id)).toMatchObject({ id: qa.id, title: "Monthly Premium Q&A", isPremium: true });
    }
    for (const path of ["/api/conferences/999999", "/api/conferences/abc", "/api/conferences/0", "/api/conferences/1e3", "/api/conferences/99999999999999"]) {
      expect(await message(await free.request(path), 404), path).toBe("Conference not found");
    }
  });

  it("lists live first then by date for members without ended ones; admins see the ended ones too", async () => {
    const later = await schedule(admin, { title: uniqueName("later"), scheduledAt: hoursFromNow(30) });
    const sooner = await schedule(admin, { title: uniqueName("sooner"), scheduledAt: hoursFromNow(3) });
    const missed = await schedule(admin, { title: uniqueName("missed"), scheduledAt: hoursFromNow(-3) });
    const premiumOnly = await schedule(admin, { title: uniqueName("premium"), scheduledAt: hoursFromNow(4), isPremium: true });
    const finished = await schedule(admin, { title: uniqueName("finished") });
    await transition(admin, finished.id, "start");
    await transition(admin, finished.id, "end");
    const live = await schedule(admin, { title: uniqueName("live"), scheduledAt: hoursFromNow(40) });
    await transition(admin, live.id, "start");

    for (const student of [free, premium]) {
      const seen = await list(student);
      const ids = seen.map((c) => c.id);
      expect(ids[0], "the live one comes first").toBe(live.id);
      expect(ids).not.toContain(finished.id);
      expect(ids).toContain(premiumOnly.id);
      const mine = [missed.id, sooner.id, premiumOnly.id, later.id];
      expect(ids.filter((id) => mine.includes(id))).toEqual(mine);
      expect(seen.find((c) => c.id === premiumOnly.id)?.isPremium).toBe(true);
      expect(seen.find((c) => c.id === missed.id)?.status).toBe("Missed");
      expect(seen.find((c) => c.id === live.id)?.status).toBe("Live");
      expect(seen.every((c) => c.endedAt === null)).toBe(true);
    }
    const everything = await list(admin);
    expect(everything.find((c) => c.id === finished.id)).toMatchObject({ status: "Ended", isLive: false });
    expect(everything[0]?.id).toBe(live.id);
  });
});

describe("editing and deleting", () => {
  it("edits a scheduled conference with the same fields and rules as creating one", async () => {
    const original = await schedule(admin, { title: "Draft title" });
    const scheduledAt = hoursFromNow(72);
    const response = await admin.request(`/api/conferences/${original.id}`, {
      method: "PUT",
      json: { title: "Final title", description: "Final words", scheduledAt, duration: 45, maxParticipants: 8, isRecorded: false, isPremium: true },
    });
    const updated = await answer(response, 200, ConferenceJsonSchema);
    expect(updated).toMatchObject({ id: original.id, title: "Final title", description: "Final words", scheduledAt, duration: 45, maxParticipants: 8, isRecorded: false, isPremium: true });
    expect(await getOne(free, original.id)).toEqual(updated);
    const invalid = await admin.request(`/api/conferences/${original.id}`, { method: "PUT", json: { title: "", description: "x", scheduledAt } });
    expect(await message(invalid, 400)).toBe("Title is required");
    const unknown = await admin.request("/api/conferences/999999", { method: "PUT", json: { title: "x", description: "x", scheduledAt } });
    expect(await message(unknown, 404)).toBe("Conference not found");
  });

  it("refuses edit and delete with 409 while live and after it ended", async () => {
    const session = await schedule(admin, { title: "Frozen" });
    const body = { title: "Too late", description: "x", scheduledAt: hoursFromNow(1) };
    await transition(admin, session.id, "start");
    expect(await message(await admin.request(`/api/conferences/${session.id}`, { method: "PUT", json: body }), 409)).toBe(MESSAGES.live);
    expect(await message(await admin.request(`/api/conferences/${session.id}`, { method: "DELETE" }), 409)).toBe(MESSAGES.live);
    await transition(admin, session.id, "end");
    expect(await message(await admin.request(`/api/conferences/${session.id}`, { method: "PUT", json: body }), 409)).toBe(MESSAGES.ended);
    expect(await message(await admin.request(`/api/conferences/${session.id}?withRecordings=true`, { method: "DELETE" }), 409)).toBe(MESSAGES.ended);
    expect((await getOne(admin, session.id)).title).toBe("Frozen");
  });

  it("deletes a scheduled conference; unknown ids are 404 and an unclear withRecordings is 400", async () => {
    const doomed = await schedule(admin);
    expect(await message(await admin.request(`/api/conferences/${doomed.id}?withRecordings=maybe`, { method: "DELETE" }), 400)).toBe(
      "withRecordings must be true or false",
    );
    expect(await message(await admin.request(`/api/conferences/${doomed.id}`, { method: "DELETE" }), 200)).toBe("Conference deleted");
    expect(await message(await free.request(`/api/conferences/${doomed.id}`), 404)).toBe("Conference not found");
    expect(await message(await admin.request(`/api/conferences/${doomed.id}`, { method: "DELETE" }), 404)).toBe("Conference not found");
    expect(await message(await admin.request("/api/conferences/abc", { method: "DELETE" }), 404)).toBe("Conference not found");
  });
});

describe("going live and ending", () => {
  it("starts a scheduled conference, refuses a second live one, ends it and never restarts it", async () => {
    const first = await schedule(admin, { title: "First" });
    const second = await schedule(admin, { title: "Second" });
    const started = await transition(admin, first.id, "start");
    expect(started).toMatchObject({ isLive: true, status: "Live", endedAt: null });
    expect(started.startedAt).not.toBeNull();
    // Starting it again is harmless; starting another, or going live, is not.
    expect((await transition(admin, first.id, "start")).isLive).toBe(true);
    expect(await message(await post(admin, `/api/conferences/${second.id}/start`), 409)).toBe(MESSAGES.anotherLive);
    expect(await message(await post(admin, "/api/conferences/go-live"), 409)).toBe(MESSAGES.anotherLive);
    expect((await getOne(admin, second.id)).isLive).toBe(false);

    const ended = await transition(admin, first.id, "end");
    expect(ended).toMatchObject({ isLive: false, status: "Ended" });
    expect(ended.endedAt).not.toBeNull();
    expect(await message(await post(admin, `/api/conferences/${first.id}/end`), 409)).toBe(MESSAGES.ended);
    expect(await message(await post(admin, `/api/conferences/${first.id}/start`), 409)).toBe(MESSAGES.endedStart);
    expect(await message(await post(admin, `/api/conferences/${second.id}/end`), 409)).toBe(MESSAGES.notLive);
    // With the first one over, the second may start.
    expect((await transition(admin, second.id, "start")).isLive).toBe(true);
    for (const step of ["start", "end", "start-recording", "stop-recording"]) {
      expect(await message(await post(admin, `/api/conferences/999999/${step}`), 404), step).toBe("Conference not found");
      expect(await message(await post(admin, `/api/conferences/xyz/${step}`), 404), step).toBe("Conference not found");
    }
  });

  it("'Go Live' creates the spec's instant session, already started", async () => {
    const before = Date.now();
    const instant = await answer(await post(admin, "/api/conferences/go-live"), 201, ConferenceJsonSchema);
    const after = Date.now();
    expect(instant).toMatchObject({
      title: "Instant Live Session",
      description: "Immediate live conference session",
      duration: 60,
      maxParticipants: 100,
      isRecorded: true,
      isLive: true,
      isRecording: false,
      isPremium: false,
      endedAt: null,
      status: "Live",
    });
    for (const time of [instant.scheduledAt, instant.startedAt ?? ""]) {
      expect(Date.parse(time)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(time)).toBeLessThanOrEqual(after + 1000);
    }
    expect((await list(free))[0]?.id).toBe(instant.id);
  });
});

describe("recording a live session", () => {
  it("refuses recording when not live, twice, or stopping what is not recording", async () => {
    const session = await schedule(admin, { title: "Recorded circle" });
    expect(await message(await post(admin, `/api/conferences/${session.id}/start-recording`), 409)).toBe(MESSAGES.notLiveRecording);
    expect(await message(await post(admin, `/api/conferences/${session.id}/stop-recording`, {}), 409)).toBe(MESSAGES.notRecording);
    await transition(admin, session.id, "start");
    expect(await message(await post(admin, `/api/conferences/${session.id}/stop-recording`, {}), 409)).toBe(MESSAGES.notRecording);
    const recording = await transition(admin, session.id, "start-recording");
    expect(recording.isRecording).toBe(true);
    expect(await message(await post(admin, `/api/conferences/${session.id}/start-recording`), 409)).toBe(MESSAGES.alreadyRecording);
  });

  it("stops with the spec's recordingUrl and answers the recording; a wrong name is refused", async () => {
    const session = await schedule(admin, { title: "Tarot evening", description: "Cards and questions", isPremium: true });
    await transition(admin, session.id, "start");
    await transition(admin, session.id, "start-recording");
    const badName = await post(admin, `/api/conferences/${session.id}/stop-recording`, { recordingUrl: "../../secrets.webm" });
    expect(await message(badName, 400)).toBe("recordingUrl must be a file name like conference-{id}-{time}.webm");
    const otherConference = await post(admin, `/api/conferences/${session.id}/stop-recording`, { recordingUrl: recordingName(session.id + 1000) });
    expect(await message(otherConference, 409)).toBe(MESSAGES.wrongRecordingFile);
    const notJson = await admin.request(`/api/conferences/${session.id}/stop-recording`, { method: "POST", headers: { "Content-Type": "text/plain" }, body: "x" });
    expect(notJson.status).toBe(415);

    const name = recordingName(session.id);
    const stopped = await answer(await post(admin, `/api/conferences/${session.id}/stop-recording`, { recordingUrl: name }), 201, RecordingJsonSchema);
    expect(stopped).toMatchObject({
      conferenceId: session.id,
      title: "Tarot evening",
      description: "Cards and questions",
      mimeType: "video/webm",
      isPremium: true,
      // No chunk of video was uploaded: nothing to play (recording-chunks.test.ts uploads some).
      status: "failed",
      recordingUrl: null,
      fileUrl: null,
      size: 0,
    });
    expect(stopped.duration).toBeGreaterThanOrEqual(1);
    expect((await getOne(admin, session.id)).isRecording).toBe(false);

    // A recording still running when the session ends is filed, not lost.
    await transition(admin, session.id, "start-recording");
    await transition(admin, session.id, "end");
    const files = await answer(await admin.request("/api/recordings"), 200, z.array(RecordingJsonSchema));
    expect(files.filter((r) => r.conferenceId === session.id)).toHaveLength(2);
  });
});

describe("calendars", () => {
  const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, "");

  it("gives members who may attend an .ics with one event; free members get 403 for Premium-only sessions", async () => {
    const open = await schedule(admin, { title: "Open circle, for all; welcome", scheduledAt: "2030-05-04T18:00:00.000Z", duration: 30 });
    const qa = await schedule(admin, { title: "Premium Q&A", isPremium: true });
    for (const who of [free, premium, admin]) {
      const response = await who.request(`/api/conferences/${open.id}/calendar.ics`);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
      expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="conference-${open.id}.ics"`);
      const ics = unfold(await response.text());
      expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
      expect(ics).toContain("SUMMARY:Open circle\\, for all\\; welcome\r\n");
      expect(ics).toContain("DTSTART:20300504T180000Z\r\n");
      expect(ics).toContain("DTEND:20300504T183000Z\r\n");
      expect(ics).toContain(`UID:conference-${open.id}@${new URL(academy.baseUrl).host}\r\n`);
      expect(ics).toContain(`URL;VALUE=URI:${academy.baseUrl}/join-conference/${open.id}\r\n`);
    }
    expect(await message(await free.request(`/api/conferences/${qa.id}/calendar.ics`), 403)).toBe("Premium membership required");
    expect((await premium.request(`/api/conferences/${qa.id}/calendar.ics`)).status).toBe(200);
    expect((await admin.request(`/api/conferences/${qa.id}/calendar.ics`)).status).toBe(200);
    expect(await message(await free.request("/api/conferences/999999/calendar.ics"), 404)).toBe("Conference not found");
    expect(await message(await free.request("/api/conferences/abc/calendar.ics"), 404)).toBe("Conference not found");
  });

  it("keeps a title with line breaks, semicolons and commas inside its own properties, in the .ics and in the feed (issue 30)", async () => {
    const word = uniqueName("ics").replace(/[^a-z0-9]/gi, "");
    const title = `Moon ${word}\r\nX-INJECTED:yes\r\nBEGIN:VALARM\nACTION:DISPLAY; a, b \\ c`;
    const session = await schedule(admin, { title, description: "Line one\r\nATTENDEE:mailto:evil@example.com", scheduledAt: hoursFromNow(30) });
    expect(session.title).toBe(title);
    const eventOf = (calendar: CalendarComponent) => {
      const event = calendar.components.find((component) => component.name === "VEVENT" && textOf(component, "SUMMARY") === title.replace(/\r\n/g, "\n"));
      if (!event) throw new Error(`no event titled ${title}`);
      return event;
    };
    const eventProperties = ["UID", "SEQUENCE", "DTSTAMP", "DTSTART", "DTEND", "SUMMARY", "DESCRIPTION", "URL", "STATUS"];
    const calendarProperties = ["VERSION", "PRODID", "NAME", "X-WR-CALNAME", "REFRESH-INTERVAL", "X-PUBLISHED-TTL"];

    // "Add to calendar": the calendar is named after the session.
    const single = readCalendar(await (await free.request(`/api/conferences/${session.id}/calendar.ics`)).text());
    expect(propertyNames(single)).toEqual(calendarProperties);
    expect(textOf(single, "NAME")).toBe(title.replace(/\r\n/g, "\n"));
    expect(textOf(single, "X-WR-CALNAME")).toBe(title.replace(/\r\n/g, "\n"));
    expect(single.components).toHaveLength(1);
    expect(propertyNames(eventOf(single))).toEqual(eventProperties);
    expect(eventOf(single).components).toEqual([]);
    expect(textOf(eventOf(single), "DESCRIPTION")).toBe("Line one\nATTENDEE:mailto:evil@example.com");

    // The personal feed a calendar app polls.
    const { feedUrl } = await answer(await post(free, "/api/user/calendar-feed"), 200, FeedSchema);
    const feed = readCalendar(await (await fetch(feedUrl ?? "")).text());
    expect(propertyNames(feed)).toEqual(calendarProperties);
    expect(textOf(feed, "X-WR-CALNAME")).toBe("Mystic Academy live sessions");
    expect(new Set(feed.components.map((component) => component.name))).toEqual(new Set(["VEVENT"]));
    for (const event of feed.components) expect(propertyNames(event)).toEqual(eventProperties);
    expect(textOf(eventOf(feed), "UID")).toBe(`conference-${session.id}@${new URL(academy.baseUrl).host}`);
    expect(await message(await free.request("/api/user/calendar-feed", { method: "DELETE" }), 200)).toBe("Calendar feed revoked");
  });

  it("keeps a personal feed of upcoming sessions that calendar apps fetch without a cookie, until it is reset or revoked", async () => {
    const word = uniqueName("feed").replace(/[^a-z0-9]/gi, "");
    const open = await schedule(admin, { title: `Open ${word}`, scheduledAt: hoursFromNow(10) });
    const qa = await schedule(admin, { title: `Premium ${word}`, scheduledAt: hoursFromNow(11), isPremium: true });
    const past = await schedule(admin, { title: `Missed ${word}`, scheduledAt: hoursFromNow(-2) });
    const over = await schedule(admin, { title: `Over ${word}`, scheduledAt: hoursFromNow(12) });
    await transition(admin, over.id, "start");
    await transition(admin, over.id, "end");
    const host = new URL(academy.baseUrl).host;
    const uid = (id: number) => `UID:conference-${id}@${host}`;

    expect(await answer(await free.request("/api/user/calendar-feed"), 200, FeedSchema)).toEqual({ feedUrl: null });
    const { feedUrl } = await answer(await post(free, "/api/user/calendar-feed"), 200, FeedSchema);
    if (!feedUrl) throw new Error("no feed address");
    expect(feedUrl).toMatch(new RegExp(`^${academy.baseUrl}/api/calendar/[A-Za-z0-9_-]{43}/sessions\\.ics$`));
    expect(await answer(await free.request("/api/user/calendar-feed"), 200, FeedSchema)).toEqual({ feedUrl });

    // A calendar app: no cookie at all.
    const fetched = await fetch(feedUrl);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    const freeFeed = unfold(await fetched.text());
    expect(freeFeed).toContain(uid(open.id));
    expect(freeFeed).not.toContain(uid(qa.id));
    expect(freeFeed).not.toContain(uid(past.id));
    expect(freeFeed).not.toContain(uid(over.id));

    const premiumFeedUrl = (await answer(await post(premium, "/api/user/calendar-feed"), 200, FeedSchema)).feedUrl ?? "";
    const premiumFeed = unfold(await (await fetch(premiumFeedUrl)).text());
    expect(premiumFeed).toContain(uid(open.id));
    expect(premiumFeed).toContain(uid(qa.id));
    expect(premiumFeedUrl).not.toBe(feedUrl);

    // Reset: the old address stops working at once.
    const reset = (await answer(await post(free, "/api/user/calendar-feed"), 200, FeedSchema)).feedUrl ?? "";
    expect(reset).not.toBe(feedUrl);
    expect(await message(await fetch(feedUrl), 404)).toBe("Calendar feed not found");
    expect((await fetch(reset)).status).toBe(200);

    // Revoke.
    expect(await message(await free.request("/api/user/calendar-feed", { method: "DELETE" }), 200)).toBe("Calendar feed revoked");
    expect(await message(await fetch(reset), 404)).toBe("Calendar feed not found");
    expect(await answer(await free.request("/api/user/calendar-feed"), 200, FeedSchema)).toEqual({ feedUrl: null });
    expect((await fetch(premiumFeedUrl)).status).toBe(200);

    for (const token of [crypto.randomBytes(32).toString("base64url"), "short", "1"]) {
      expect(await message(await fetch(`${academy.baseUrl}/api/calendar/${token}/sessions.ics`), 404), token).toBe("Calendar feed not found");
    }
  });
});
