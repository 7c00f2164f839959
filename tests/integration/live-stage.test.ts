import { afterEach, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { z } from "zod";
import { answer, ConferenceJsonSchema, endAnyLive, refusal, schedule, transition, type ConferenceJson } from "./conference-api";
import { DEMO_PREMIUM, DEMO_STUDENT, TEST_ADMIN, uniqueName, useAcademy, Visitor } from "./helpers";

// Raise hand / invite to speak (issue 28): the API's rules, the order of the
// hands, the speaker limit (LIVE_MAX_SPEAKERS, the host included), and that
// the room forwards only speakers, over a real WebSocket.

const academy = useAcademy({ LIVE_MAX_SPEAKERS: "2", LOGIN_MAX_FAILURES: "1000", SIGNUPS_PER_HOUR: "1000" });

const StageSchema = z.object({
  hands: z.array(z.object({ userId: z.number(), name: z.string(), raisedAt: z.string().datetime() })),
  speakers: z.array(z.object({ userId: z.number(), name: z.string() })),
});
const UserIdSchema = z.object({ user: z.object({ id: z.number() }) });

let admin: Visitor;
let seeker: Visitor;
let oracle: Visitor;
let ids: { seeker: number; oracle: number; admin: number };

async function signedIn(credentials: { username: string; password: string }): Promise<Visitor> {
  const who = new Visitor(academy.baseUrl);
  expect((await who.login(credentials.username, credentials.password)).status).toBe(200);
  return who;
}
async function idOf(who: Visitor): Promise<number> {
  return (await answer(await who.request("/api/auth-status"), 200, UserIdSchema)).user.id;
}
const hand = (who: Visitor, id: number, json: unknown) => who.request(`/api/conferences/${id}/hand`, { method: "POST", json });
const speakers = (who: Visitor, id: number, json: unknown) => who.request(`/api/conferences/${id}/speakers`, { method: "POST", json });
async function goLive(): Promise<ConferenceJson> {
  return answer(await admin.request("/api/conferences/go-live", { method: "POST" }), 201, ConferenceJsonSchema);
}

beforeAll(async () => {
  [admin, seeker, oracle] = await Promise.all([signedIn(TEST_ADMIN), signedIn(DEMO_STUDENT), signedIn(DEMO_PREMIUM)]);
  ids = { seeker: await idOf(seeker), oracle: await idOf(oracle), admin: await idOf(admin) };
});

afterEach(async () => {
  await endAnyLive(admin);
});

describe("raising a hand", () => {
  it("refuses visitors, unknown, Premium-only and not-live sessions, the host, and bad bodies", async () => {
    const scheduled = await schedule(admin, { title: uniqueName("Later") });
    expect(await refusal(await hand(seeker, scheduled.id, { raised: true }), 409)).toBe("The session is not live.");
    const live = await goLive();
    expect(await refusal(await hand(new Visitor(academy.baseUrl), live.id, { raised: true }), 401)).toBe("Authentication required");
    expect(await refusal(await hand(seeker, 987_654, { raised: true }), 404)).toBe("Conference not found");
    expect(await refusal(await hand(admin, live.id, { raised: true }), 400)).toBe("The host is always on stage.");
    for (const body of [{}, { raised: "yes" }, { raised: null }]) {
      expect((await hand(seeker, live.id, body)).status, JSON.stringify(body)).toBe(400);
    }
    const wrongMethod = await seeker.request(`/api/conferences/${live.id}/hand`);
    expect(wrongMethod.status).toBe(405);
    await endAnyLive(admin);

    const premium = await transition(admin, (await schedule(admin, { title: uniqueName("Premium"), isPremium: true })).id, "start");
    expect(await refusal(await hand(seeker, premium.id, { raised: true }), 403)).toBe("Premium membership required");
  });

  it("raises and lowers, and lists hands in the order they went up", async () => {
    const live = await goLive();
    expect(await answer(await hand(oracle, live.id, { raised: true }), 200, z.object({ raised: z.boolean() }))).toEqual({ raised: true });
    expect(await answer(await hand(seeker, live.id, { raised: true }), 200, z.object({ raised: z.boolean() }))).toEqual({ raised: true });
    // Raising again keeps the place in the queue.
    await hand(oracle, live.id, { raised: true });
    const stage = await answer(await speakers(admin, live.id, { userId: ids.seeker, allow: false }), 200, StageSchema);
    expect(stage.hands.map((raised) => [raised.userId, raised.name])).toEqual([
      [ids.oracle, "Luna"],
      [ids.seeker, "Sage"],
    ]);
    expect(await answer(await hand(oracle, live.id, { raised: false }), 200, z.object({ raised: z.boolean() }))).toEqual({ raised: false });
    const after = await answer(await speakers(admin, live.id, { userId: ids.seeker, allow: false }), 200, StageSchema);
    expect(after.hands.map((raised) => raised.userId)).toEqual([ids.seeker]);
  });
});

describe("inviting to speak", () => {
  it("is the host's alone (403 before the body is read), for members who may attend, within LIVE_MAX_SPEAKERS", async () => {
    const live = await goLive();
    expect(await refusal(await speakers(seeker, live.id, { userId: ids.oracle, allow: true }), 403)).toBe("Only the host can do that.");
    expect(await refusal(await speakers(seeker, live.id, { nonsense: true }), 403)).toBe("Only the host can do that.");
    for (const body of [{}, { userId: "x", allow: true }, { userId: ids.seeker }, { userId: -1, allow: true }]) {
      expect((await speakers(admin, live.id, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(await refusal(await speakers(admin, live.id, { userId: 987_654, allow: true }), 404)).toBe("Member not found");
    expect(await refusal(await speakers(admin, live.id, { userId: ids.admin, allow: true }), 400)).toBe("The host is always on stage.");

    await hand(seeker, live.id, { raised: true });
    const invited = await answer(await speakers(admin, live.id, { userId: ids.seeker, allow: true }), 200, StageSchema);
    expect(invited).toEqual({ hands: [], speakers: [{ userId: ids.seeker, name: "Sage" }] });
    // A speaker's hand stays down.
    expect(await answer(await hand(seeker, live.id, { raised: true }), 200, z.object({ raised: z.boolean() }))).toEqual({ raised: false });
    // LIVE_MAX_SPEAKERS=2: the host and one member.
    expect(await refusal(await speakers(admin, live.id, { userId: ids.oracle, allow: true }), 409)).toBe(
      "At most 2 people can speak at once, the host included. End someone's turn first.",
    );
    const ended = await answer(await speakers(admin, live.id, { userId: ids.seeker, allow: false }), 200, StageSchema);
    expect(ended.speakers).toEqual([]);
    expect((await answer(await speakers(admin, live.id, { userId: ids.oracle, allow: true }), 200, StageSchema)).speakers.map((s) => s.userId)).toEqual([ids.oracle]);
  });

  it("forgets hands and speakers when the session ends", async () => {
    const first = await goLive();
    await hand(seeker, first.id, { raised: true });
    await speakers(admin, first.id, { userId: ids.oracle, allow: true });
    await endAnyLive(admin);
    expect(await refusal(await hand(seeker, first.id, { raised: true }), 409)).toBe("The session is not live.");
  });
});

type Message = { type: string; stage?: z.infer<typeof StageSchema>; message?: string; participants?: { userId: number; slot: number | null; camera: boolean }[] };

describe("the room forwards only speakers", () => {
  it("refuses a listener's camera, gives a speaker a slot, and takes it back when the turn ends", async () => {
    const live = await goLive();
    const socket = new WebSocket(`${academy.baseUrl.replace(/^http/, "ws")}/ws/conferences/${live.id}`, { headers: { Cookie: seeker.cookieHeader }, origin: academy.baseUrl });
    const messages: Message[] = [];
    socket.on("message", (data) => messages.push(JSON.parse(String(data)) as Message));
    await new Promise((resolve, reject) => socket.on("open", resolve).on("error", reject));
    const me = () => [...messages].reverse().find((message) => message.type === "participants")?.participants?.find((participant) => participant.userId === ids.seeker);
    try {
      await expect.poll(() => messages.some((message) => message.type === "stage")).toBe(true);
      socket.send(JSON.stringify({ type: "media-state", camera: true, microphone: true, screen: false }));
      await expect.poll(() => messages.find((message) => message.type === "error")?.message).toBe("Raise your hand; the host invites members to speak.");
      // Participant lists are coalesced (issue 30): the list may come a moment after the refusal.
      await expect.poll(me).toMatchObject({ slot: null, camera: false });

      await hand(seeker, live.id, { raised: true });
      await expect.poll(() => messages.filter((message) => message.type === "stage").at(-1)?.stage?.hands.map((raised) => raised.userId)).toEqual([ids.seeker]);
      await speakers(admin, live.id, { userId: ids.seeker, allow: true });
      await expect.poll(() => messages.filter((message) => message.type === "stage").at(-1)?.stage?.speakers.map((speaker) => speaker.userId)).toEqual([ids.seeker]);
      socket.send(JSON.stringify({ type: "media-state", camera: true, microphone: true, screen: false }));
      await expect.poll(() => me()?.slot).toBe(1);
      expect(me()?.camera).toBe(true);

      await speakers(admin, live.id, { userId: ids.seeker, allow: false });
      await expect.poll(() => me()?.slot).toBeNull();
      expect(me()?.camera).toBe(false);
    } finally {
      socket.terminate();
    }
  });
});
