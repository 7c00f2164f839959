import { afterEach, describe, expect, it, onTestFinished } from "vitest";
import WebSocket from "ws";
import { answer, ConferenceJsonSchema, schedule } from "./conference-api";
import { DEMO_PREMIUM, DEMO_STUDENT, TEST_ADMIN, uniqueName, useAcademy, Visitor } from "./helpers";

// The live room's WebSocket door (/ws/conferences/{id}): who gets in, who is
// refused with which status, and that ending the session closes every socket.

const academy = useAcademy();
const open: WebSocket[] = [];

afterEach(() => {
  for (const socket of open.splice(0)) if (socket.readyState === WebSocket.OPEN) socket.terminate();
});

type Outcome = { opened: true; socket: WebSocket; messages: unknown[] } | { opened: false; status: number; body: string };

function connect(conferenceId: number, { cookie, origin }: { cookie?: string; origin?: string }): Promise<Outcome> {
  const url = `${academy.baseUrl.replace(/^http/, "ws")}/ws/conferences/${conferenceId}`;
  const headers: Record<string, string> = {};
  if (cookie) headers.Cookie = cookie;
  const socket = new WebSocket(url, { headers, origin: origin ?? academy.baseUrl });
  open.push(socket);
  const messages: unknown[] = [];
  socket.on("message", (data) => messages.push(JSON.parse(String(data))));
  // A refused upgrade also raises an error event; the outcome below is what counts.
  socket.on("error", () => undefined);
  return new Promise((resolve) => {
    socket.on("open", () => resolve({ opened: true, socket, messages }));
    socket.on("unexpected-response", (_request, response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString()));
      response.on("end", () => resolve({ opened: false, status: response.statusCode ?? 0, body }));
    });
  });
}

async function signedIn(credentials: { username: string; password: string }): Promise<Visitor> {
  const visitor = new Visitor(academy.baseUrl);
  expect((await visitor.login(credentials.username, credentials.password)).status).toBe(200);
  return visitor;
}

async function liveSession(admin: Visitor, fields: Record<string, unknown> = {}) {
  const conference = await schedule(admin, fields);
  await answer(await admin.request(`/api/conferences/${conference.id}/start`, { method: "POST" }), 200, ConferenceJsonSchema);
  // A failed test must not leave its session live: the next one would meet a busy academy.
  onTestFinished(async () => {
    await admin.request(`/api/conferences/${conference.id}/end`, { method: "POST" });
  });
  return conference;
}

async function end(admin: Visitor, id: number) {
  await answer(await admin.request(`/api/conferences/${id}/end`, { method: "POST" }), 200, ConferenceJsonSchema);
}

describe("the live room's WebSocket", () => {
  it("refuses no cookie, a foreign Origin, an unknown or not-live room, a free student in a Premium room, and a full room", async () => {
    const admin = await signedIn(TEST_ADMIN);
    const student = await signedIn(DEMO_STUDENT);
    const premium = await signedIn(DEMO_PREMIUM);

    const scheduled = await schedule(admin);
    expect(await connect(scheduled.id, { cookie: student.cookieHeader })).toMatchObject({ opened: false, status: 409 });
    expect(await connect(999_999, { cookie: student.cookieHeader })).toMatchObject({ opened: false, status: 404 });

    const live = await liveSession(admin, { isPremium: true, maxParticipants: 2 });
    const noCookie = await connect(live.id, {});
    expect(noCookie).toMatchObject({ opened: false, status: 401 });
    expect(noCookie.opened ? "" : noCookie.body).toContain("Sign in to join the live session.");
    expect(await connect(live.id, { cookie: premium.cookieHeader, origin: "https://evil.example" })).toMatchObject({ opened: false, status: 403 });
    const free = await connect(live.id, { cookie: student.cookieHeader });
    expect(free).toMatchObject({ opened: false, status: 403 });
    expect(free.opened ? "" : free.body).toContain("Premium membership required");

    await end(admin, live.id);

    // A room for two: two members fill it, the host still gets in, a third member is told it is full.
    const small = await liveSession(admin, { maxParticipants: 2 });
    expect((await connect(small.id, { cookie: student.cookieHeader })).opened).toBe(true);
    expect((await connect(small.id, { cookie: premium.cookieHeader })).opened).toBe(true);
    expect((await connect(small.id, { cookie: admin.cookieHeader })).opened).toBe(true);
    const other = new Visitor(academy.baseUrl);
    expect((await other.register(uniqueName())).status).toBe(201);
    const full = await connect(small.id, { cookie: other.cookieHeader });
    expect(full).toMatchObject({ opened: false, status: 403 });
    expect(full.opened ? "" : full.body).toContain("This live session is full");
    // The room-status API gives the browser the same reason, which a refused upgrade cannot carry.
    const status = await other.request(`/api/conferences/${small.id}/room`);
    expect(status.status).toBe(403);
    expect(await status.json()).toMatchObject({ canJoin: false, reason: "full" });
    await end(admin, small.id);
  });

  it("welcomes a member with the participant list and an offer, and closes every socket when the session ends", async () => {
    const admin = await signedIn(TEST_ADMIN);
    const student = await signedIn(DEMO_STUDENT);
    const live = await liveSession(admin);

    const host = await connect(live.id, { cookie: admin.cookieHeader });
    const guest = await connect(live.id, { cookie: student.cookieHeader });
    if (!host.opened || !guest.opened) throw new Error("both should be in the room");
    await expect.poll(() => guest.messages.map((message) => (message as { type: string }).type)).toEqual(expect.arrayContaining(["welcome", "offer", "participants"]));
    const lastList = () => [...host.messages].reverse().find((message) => (message as { type: string }).type === "participants") as { participants: { name: string; isHost: boolean }[] } | undefined;
    await expect.poll(() => lastList()?.participants.length).toBe(2);
    expect(lastList()?.participants.find((participant) => participant.isHost)).toBeTruthy();

    // The headcount the admission rule reads follows the room.
    const room = await (await student.request(`/api/conferences/${live.id}/room`)).json();
    expect(room).toMatchObject({ canJoin: true, participants: 2, maxParticipants: live.maxParticipants });

    const closed = (socket: WebSocket) => new Promise<number>((resolve) => socket.on("close", (code) => resolve(code)));
    const hostClosed = closed(host.socket);
    const guestClosed = closed(guest.socket);
    await end(admin, live.id);
    expect(await guestClosed).toBe(4000);
    expect(await hostClosed).toBe(4000);
  });

  it("keeps one place for a member who opens the room again, even when alone in it", async () => {
    const admin = await signedIn(TEST_ADMIN);
    const student = await signedIn(DEMO_STUDENT);
    const live = await liveSession(admin);
    const participants = async () => ((await (await student.request(`/api/conferences/${live.id}/room`)).json()) as { participants: number }).participants;
    const first = await connect(live.id, { cookie: student.cookieHeader });
    if (!first.opened) throw new Error("the student should be in the room");
    const replaced = new Promise<number>((resolve) => first.socket.on("close", (code) => resolve(code)));
    const second = await connect(live.id, { cookie: student.cookieHeader });
    expect(second.opened).toBe(true);
    expect(await replaced).toBe(4002);
    // The room was not taken for emptied when the old connection went: the new one is counted in it.
    await expect.poll(participants).toBe(1);
    await end(admin, live.id);
  });

  it("frees a place as soon as a member leaves", async () => {
    const admin = await signedIn(TEST_ADMIN);
    const student = await signedIn(DEMO_STUDENT);
    const live = await liveSession(admin);
    const guest = await connect(live.id, { cookie: student.cookieHeader });
    if (!guest.opened) throw new Error("the student should be in the room");
    await expect.poll(async () => ((await (await student.request(`/api/conferences/${live.id}/room`)).json()) as { participants: number }).participants).toBe(1);
    guest.socket.close();
    await expect.poll(async () => ((await (await student.request(`/api/conferences/${live.id}/room`)).json()) as { participants: number }).participants).toBe(0);
    await end(admin, live.id);
  });
});
