import { afterEach, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { answer, ConferenceJsonSchema, endAnyLive, schedule } from "./conference-api";
import { TEST_ADMIN, uniqueName, useAcademy, Visitor } from "./helpers";

// An open live-room socket lasts no longer than its member's access: signing
// out everywhere, a password change elsewhere, deleting the account and losing
// Premium (in a Premium-only room) close it with a reason the browser shows,
// and the place frees at once. A socket that floods the room is closed with
// 1008, while a browser's ordinary start (an answer and a burst of ICE
// candidates) is not; participant lists are broadcast once per burst.

const academy = useAcademy({ SIGNUPS_PER_HOUR: "500", LOGIN_MAX_FAILURES: "500" });
const PASSWORD = "a calm and steady passphrase";
const open: WebSocket[] = [];

afterEach(() => {
  for (const socket of open.splice(0)) if (socket.readyState === WebSocket.OPEN) socket.terminate();
});

interface Message {
  type: string;
  participants?: { userId: number; name: string; camera: boolean }[];
}

interface RoomSocket {
  socket: WebSocket;
  messages: Message[];
  closed: Promise<{ code: number; reason: string }>;
}

function join(conferenceId: number, member: Visitor): Promise<RoomSocket> {
  const socket = new WebSocket(`${academy.baseUrl.replace(/^http/, "ws")}/ws/conferences/${conferenceId}`, {
    headers: { Cookie: member.cookieHeader },
    origin: academy.baseUrl,
  });
  open.push(socket);
  const messages: Message[] = [];
  socket.on("message", (data) => messages.push(JSON.parse(String(data)) as Message));
  const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.on("close", (code, reason) => resolve({ code, reason: String(reason) })));
  return new Promise((resolve, reject) => {
    socket.on("open", () => resolve({ socket, messages, closed }));
    socket.on("unexpected-response", (_request, response) => reject(new Error(`the room refused the member: ${response.statusCode ?? 0}`)));
  });
}

/** The socket's close, which must come at once: well before the 10 s heartbeat's own check would find the access gone. */
function closedAtOnce(room: RoomSocket): Promise<{ code: number; reason: string }> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error("the socket was not closed at once")), 3000);
  });
  return Promise.race([room.closed, late]).finally(() => clearTimeout(timer));
}

async function signedIn(username: string, password = PASSWORD): Promise<Visitor> {
  const visitor = new Visitor(academy.baseUrl);
  expect((await visitor.login(username, password)).status).toBe(200);
  return visitor;
}

async function newMember(): Promise<{ visitor: Visitor; username: string; id: number }> {
  const visitor = new Visitor(academy.baseUrl);
  const username = uniqueName("live");
  expect((await visitor.register(username, PASSWORD)).status).toBe(201);
  const me = (await (await visitor.request("/api/auth-status")).json()) as { user: { id: number } };
  return { visitor, username, id: me.user.id };
}

async function liveSession(admin: Visitor, fields: Record<string, unknown> = {}) {
  await endAnyLive(admin);
  const conference = await schedule(admin, fields);
  return answer(await admin.request(`/api/conferences/${conference.id}/start`, { method: "POST" }), 200, ConferenceJsonSchema);
}

function lastParticipants(room: RoomSocket) {
  return [...room.messages].reverse().find((message) => message.type === "participants")?.participants;
}

/** Whose names the host's latest participant list shows. */
function namesSeenBy(host: RoomSocket): string[] {
  return (lastParticipants(host) ?? []).map((participant) => participant.name);
}

/** The headmaster hosts a new live session; a new member joins it, and the host sees them. */
async function hostAndMemberInRoom() {
  const admin = await signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
  const member = await newMember();
  const live = await liveSession(admin);
  const host = await join(live.id, admin);
  const room = await join(live.id, member.visitor);
  await expect.poll(() => namesSeenBy(host)).toContain(member.username);
  return { admin, member, live, host, room };
}

async function setPremium(admin: Visitor, memberId: number, premium: boolean) {
  const change = premium ? { plan: "premium", status: "active" } : { plan: "basic", status: "cancelled" };
  expect((await admin.request(`/api/admin/members/${memberId}/subscription`, { method: "PUT", json: change })).status).toBe(200);
}

describe("a live-room socket lasts no longer than the member's access", () => {
  it("closes with 4401 when the member signs out everywhere (API or settings form), and frees their place at once", async () => {
    const admin = await signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    const first = await newMember();
    const second = await newMember();
    const live = await liveSession(admin);
    const host = await join(live.id, admin);
    const firstRoom = await join(live.id, first.visitor);
    const secondRoom = await join(live.id, second.visitor);
    await expect.poll(() => namesSeenBy(host)).toEqual(expect.arrayContaining([first.username, second.username]));

    expect((await first.visitor.request("/api/user/sign-out-everywhere", { method: "POST" })).status).toBeLessThan(300);
    expect(await closedAtOnce(firstRoom)).toEqual({ code: 4401, reason: "You were signed out. Sign in again to rejoin the live session." });
    await expect.poll(() => namesSeenBy(host)).not.toContain(first.username);
    const room = (await (await admin.request(`/api/conferences/${live.id}/room`)).json()) as { participants: number };
    expect(room.participants).toBe(2);

    // The settings page's button, without JavaScript.
    const form = await second.visitor.request("/settings", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: academy.baseUrl },
      body: new URLSearchParams({ intent: "sign-out-everywhere" }).toString(),
    });
    expect(form.status).toBe(302);
    expect((await closedAtOnce(secondRoom)).code).toBe(4401);
    await expect.poll(() => namesSeenBy(host)).not.toContain(second.username);
    expect(host.socket.readyState).toBe(WebSocket.OPEN);
  });

  it("closes the socket of a session a password change signed out, and keeps the one that made the change", async () => {
    const admin = await signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    const member = await newMember();
    const elsewhere = await signedIn(member.username);
    const live = await liveSession(admin);
    const host = await join(live.id, admin);
    const fromElsewhere = await join(live.id, elsewhere);
    await expect.poll(() => namesSeenBy(host)).toContain(member.username);

    const changed = await member.visitor.request("/api/user/password", { method: "PUT", json: { currentPassword: PASSWORD, newPassword: "a brand new passphrase" } });
    expect(changed.status).toBe(200);
    expect((await closedAtOnce(fromElsewhere)).code).toBe(4401);
    await expect.poll(() => namesSeenBy(host)).not.toContain(member.username);

    // Rejoined from the session that made the change: a second change keeps it (no other session to end).
    const fromHere = await join(live.id, member.visitor);
    await expect.poll(() => namesSeenBy(host)).toContain(member.username);
    const other = await newMember();
    const marker = await join(live.id, other.visitor);
    const again = await member.visitor.request("/api/user/password", { method: "PUT", json: { currentPassword: "a brand new passphrase", newPassword: "yet another passphrase" } });
    expect(again.status).toBe(200);
    // Another member's sign-out is checked after it: once that socket closed, the first check is done too.
    expect((await other.visitor.request("/api/user/sign-out-everywhere", { method: "POST" })).status).toBeLessThan(300);
    expect((await closedAtOnce(marker)).code).toBe(4401);
    expect(fromHere.socket.readyState).toBe(WebSocket.OPEN);
  });

  it("closes with 4401 when the member deletes their account", async () => {
    const { member, host, room } = await hostAndMemberInRoom();

    expect((await member.visitor.request("/api/user", { method: "DELETE", json: { password: PASSWORD } })).status).toBeLessThan(300);
    expect(await closedAtOnce(room)).toEqual({ code: 4401, reason: "Your account was deleted." });
    await expect.poll(() => namesSeenBy(host)).not.toContain(member.username);
  });

  it("closes with 4403 when an admin revokes Premium in a Premium-only room, but not in a free room", async () => {
    const admin = await signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    const member = await newMember();
    await setPremium(admin, member.id, true);

    const free = await liveSession(admin);
    const freeHost = await join(free.id, admin);
    const inFreeRoom = await join(free.id, member.visitor);
    const other = await newMember();
    const marker = await join(free.id, other.visitor);
    await expect.poll(() => namesSeenBy(freeHost)).toEqual(expect.arrayContaining([member.username, other.username]));
    await setPremium(admin, member.id, false);
    // The revoke is checked before the marker's sign-out: once the marker closed, the member's check is done too.
    expect((await other.visitor.request("/api/user/sign-out-everywhere", { method: "POST" })).status).toBeLessThan(300);
    expect((await closedAtOnce(marker)).code).toBe(4401);
    expect(inFreeRoom.socket.readyState).toBe(WebSocket.OPEN);
    await expect.poll(() => namesSeenBy(freeHost)).toEqual([expect.any(String), member.username]);

    await setPremium(admin, member.id, true);
    const premiumOnly = await liveSession(admin, { isPremium: true });
    expect((await closedAtOnce(inFreeRoom)).code).toBe(4000);
    const host = await join(premiumOnly.id, admin);
    const room = await join(premiumOnly.id, member.visitor);
    await expect.poll(() => namesSeenBy(host)).toContain(member.username);
    await setPremium(admin, member.id, false);
    expect(await closedAtOnce(room)).toEqual({ code: 4403, reason: "Premium membership required" });
    await expect.poll(() => namesSeenBy(host)).not.toContain(member.username);
    // Their session itself is fine: the API still knows them.
    expect((await member.visitor.request("/api/user")).status).toBe(200);
  });
});

describe("a live-room socket's message budget", () => {
  it("closes a socket that floods the room with 1008, and the others see it leave", async () => {
    const { member, host, room } = await hostAndMemberInRoom();

    for (let i = 0; i < 300; i += 1) room.socket.send(JSON.stringify({ type: "media-state", camera: false, microphone: i % 2 === 0, screen: false }));
    expect(await closedAtOnce(room)).toEqual({ code: 1008, reason: "Too many messages: the live room closed this connection." });
    await expect.poll(() => namesSeenBy(host)).not.toContain(member.username);
    expect(host.socket.readyState).toBe(WebSocket.OPEN);
  });

  it("lets a browser's start through: an answer, sixty ICE candidates and its media state at once", async () => {
    const admin = await signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    const member = await newMember();
    const live = await liveSession(admin);
    const host = await join(live.id, admin);
    const room = await join(live.id, member.visitor);
    await expect.poll(() => room.messages.map((message) => message.type)).toContain("offer");

    host.socket.send(JSON.stringify({ type: "answer", sdp: { type: "answer", sdp: "v=0\r\n" } }));
    for (let i = 0; i < 60; i += 1) {
      const candidate = `candidate:${i} 1 udp 2122260223 192.0.2.${i + 1} ${50_000 + i} typ host generation 0`;
      host.socket.send(JSON.stringify({ type: "candidate", candidate: { candidate, sdpMid: "0", sdpMLineIndex: 0 } }));
    }
    host.socket.send(JSON.stringify({ type: "media-state", camera: true, microphone: true, screen: false }));
    // The last message was handled: everyone sees the host's camera on.
    await expect.poll(() => lastParticipants(room)?.find((participant) => participant.name !== member.username)?.camera).toBe(true);
    expect(host.socket.readyState).toBe(WebSocket.OPEN);
  });

  it("coalesces participant lists: a burst of state changes reaches the others as one or two lists, the latest state last", async () => {
    const { member, host, room } = await hostAndMemberInRoom();
    await expect.poll(() => lastParticipants(room)?.length).toBe(2);
    const before = room.messages.length;

    // Thirty changes, each a different state from the one before; the last turns the camera on.
    for (let i = 0; i < 30; i += 1) host.socket.send(JSON.stringify({ type: "media-state", camera: i % 2 === 1, microphone: false, screen: false }));
    const hostCamera = () => lastParticipants(room)?.find((participant) => participant.name !== member.username)?.camera;
    await expect.poll(hostCamera).toBe(true);
    const lists = room.messages.slice(before).filter((message) => message.type === "participants");
    expect(lists.length).toBeGreaterThanOrEqual(1);
    expect(lists.length).toBeLessThanOrEqual(3);
    expect(host.socket.readyState).toBe(WebSocket.OPEN);
  });
});
