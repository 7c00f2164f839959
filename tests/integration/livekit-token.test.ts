import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { TokenVerifier } from "livekit-server-sdk";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { answer, endAnyLive, refusal, schedule, transition, type ConferenceJson } from "./conference-api";
import { startFakeLiveKit } from "./fake-livekit";
import { DEMO_PREMIUM, DEMO_STUDENT, TEST_ADMIN, useAcademy, Visitor } from "./helpers";

// MEDIA_BACKEND=livekit: the academy signs LiveKit join tokens and manages the
// rooms through LiveKit's RoomService (here a local fake of it). The LiveKit
// server itself is documented in docs/live-sessions.md, not run here.

const fake = await startFakeLiveKit();
afterAll(() => fake.close());

const academy = useAcademy({
  MEDIA_BACKEND: "livekit",
  LIVEKIT_URL: fake.url,
  LIVEKIT_API_KEY: fake.apiKey,
  LIVEKIT_API_SECRET: fake.apiSecret,
});

const LiveKitTargetSchema = z.object({ backend: z.literal("livekit"), url: z.string(), token: z.string() });
const EmbeddedTargetSchema = z.object({ backend: z.literal("embedded"), url: z.string() });
const UserSchema = z.object({ id: z.number().int() });
const VideoGrantSchema = z
  .object({
    room: z.string(),
    roomJoin: z.boolean(),
    roomAdmin: z.boolean().optional(),
    canPublish: z.boolean(),
    canPublishSources: z.array(z.string()).optional(),
    canSubscribe: z.boolean(),
    canPublishData: z.boolean(),
  })
  .strict();
const ClaimsSchema = z.object({
  iss: z.string(),
  sub: z.string(),
  name: z.string(),
  metadata: z.string(),
  nbf: z.number(),
  exp: z.number(),
  video: VideoGrantSchema,
});

const MEDIA_SERVER_UNREACHABLE = "The media server is not reachable. Please try again in a moment.";
const MEDIA_SERVER_REFUSED = "The media server did not accept the request. Please try again in a moment.";

let admin: Visitor;
let free: Visitor;
let premium: Visitor;
let visitor: Visitor;

async function signedIn(base: string, credentials: { username: string; password: string }): Promise<Visitor> {
  const who = new Visitor(base);
  expect((await who.login(credentials.username, credentials.password)).status).toBe(200);
  return who;
}

async function userId(who: Visitor): Promise<number> {
  return (await answer(await who.request("/api/user"), 200, UserSchema)).id;
}

const askForMedia = (who: Visitor, id: number | string) => who.request(`/api/conferences/${id}/media-token`, { method: "POST" });

async function liveSession(fields: Record<string, unknown> = {}): Promise<ConferenceJson> {
  const conference = await schedule(admin, fields);
  return transition(admin, conference.id, "start");
}

/** The academy's log line about this room with this message, if any. */
function logLine(room: string, message: string): string | undefined {
  return academy.process
    .logs()
    .split("\n")
    .find((line) => line.includes(`"${room}"`) && line.includes(message));
}

async function claimsOf(token: string) {
  return ClaimsSchema.parse(await new TokenVerifier(fake.apiKey, fake.apiSecret).verify(token));
}

beforeAll(async () => {
  [admin, free, premium] = await Promise.all([
    signedIn(academy.baseUrl, TEST_ADMIN),
    signedIn(academy.baseUrl, DEMO_STUDENT),
    signedIn(academy.baseUrl, DEMO_PREMIUM),
  ]);
  visitor = new Visitor(academy.baseUrl);
});

afterEach(async () => {
  fake.mode = "up";
  await endAnyLive(admin);
});

describe("joining a live session on LiveKit", () => {
  it("gives the host a short-lived token to publish camera, microphone and screen and to manage the room", async () => {
    const session = await liveSession({ maxParticipants: 25 });
    const target = await answer(await askForMedia(admin, session.id), 200, LiveKitTargetSchema);
    expect(target.url).toBe(fake.url);

    const claims = await claimsOf(target.token);
    expect(claims.iss).toBe(fake.apiKey);
    expect(claims.sub).toBe(`user-${await userId(admin)}`);
    expect(JSON.parse(claims.metadata)).toEqual({ isHost: true });
    expect(claims.exp - claims.nbf).toBe(600);
    expect(claims.nbf).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
    expect(claims.video).toEqual({
      room: `academy-conference-${session.id}`,
      roomJoin: true,
      roomAdmin: true,
      canPublish: true,
      canPublishSources: ["camera", "microphone", "screen_share"],
      canSubscribe: true,
      canPublishData: false,
    });

    // The room was made first, with the session's participant limit, by a call LiveKit accepts.
    const created = fake.calls.filter((call) => call.method === "CreateRoom" && call.body.name === `academy-conference-${session.id}`);
    expect(created).toHaveLength(1);
    expect(created[0]?.body).toMatchObject({ name: `academy-conference-${session.id}`, maxParticipants: 25, emptyTimeout: 600 });
    expect(created[0]?.claims.iss).toBe(fake.apiKey);
    expect(fake.refusedCalls).toEqual([]);
  });

  it("lets students receive only, under their own name, and never caches the token", async () => {
    const session = await liveSession();
    const response = await askForMedia(free, session.id);
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    const claims = await claimsOf((await answer(response, 200, LiveKitTargetSchema)).token);
    expect(claims.sub).toBe(`user-${await userId(free)}`);
    expect(claims.name).toBe("Sage Rivers");
    expect(JSON.parse(claims.metadata)).toEqual({ isHost: false });
    expect(claims.video).toEqual({
      room: `academy-conference-${session.id}`,
      roomJoin: true,
      canPublish: false,
      canSubscribe: true,
      canPublishData: false,
    });
  });

  it("refuses visitors, unknown sessions, sessions that are not live, and free members in a Premium-only session", async () => {
    const session = await liveSession({ isPremium: true });
    expect(await refusal(await askForMedia(visitor, session.id), 401)).toBe("Authentication required");
    expect(await refusal(await askForMedia(free, session.id), 403)).toBe("Premium membership required");
    await answer(await askForMedia(premium, session.id), 200, LiveKitTargetSchema);
    expect(await refusal(await askForMedia(free, 999_999), 404)).toBe("Conference not found");
    expect(await refusal(await askForMedia(free, "abc"), 404)).toBe("Conference not found");

    const later = await schedule(admin);
    expect(await refusal(await askForMedia(free, later.id), 409)).toBe("This conference is not live.");
    await transition(admin, session.id, "end");
    expect(await refusal(await askForMedia(premium, session.id), 409)).toBe("This conference has ended.");

    // Nothing was asked of LiveKit for a refused member.
    const asked = fake.calls.filter((call) => call.method === "CreateRoom").map((call) => call.body.name);
    expect(asked).not.toContain(`academy-conference-${later.id}`);
    expect((await admin.request(`/api/conferences/${session.id}/media-token`)).status).toBe(405);
  });

  it("refuses a full room, except to a member already inside it (a reload)", async () => {
    const session = await liveSession({ maxParticipants: 2 });
    await answer(await askForMedia(admin, session.id), 200, LiveKitTargetSchema);
    const room = `academy-conference-${session.id}`;
    fake.seat(room, [`user-${await userId(admin)}`, `user-${await userId(premium)}`]);

    expect(await refusal(await askForMedia(free, session.id), 403)).toBe(
      "This live session is full (2 participants). Please try again when someone leaves.",
    );
    const again = await answer(await askForMedia(premium, session.id), 200, LiveKitTargetSchema);
    expect((await claimsOf(again.token)).sub).toBe(`user-${await userId(premium)}`);
    expect(fake.calls.some((call) => call.method === "ListParticipants" && call.body.room === room)).toBe(true);
  });

  it("closes the LiveKit room when the host ends the session, which disconnects everyone", async () => {
    const session = await liveSession();
    await answer(await askForMedia(free, session.id), 200, LiveKitTargetSchema);
    const room = `academy-conference-${session.id}`;
    expect(fake.rooms.has(room)).toBe(true);

    await transition(admin, session.id, "end");
    await vi.waitFor(() => expect(fake.rooms.has(room)).toBe(false), { timeout: 5_000 });
    const deleted = fake.calls.filter((call) => call.method === "DeleteRoom");
    expect(deleted.at(-1)?.body).toEqual({ room });
    await vi.waitFor(() => expect(logLine(room, "Closed the LiveKit room of an ended session")).toBeDefined());
  });

  it("ends a session nobody joined without complaint (LiveKit has no room to delete)", async () => {
    const session = await liveSession();
    const room = `academy-conference-${session.id}`;
    await transition(admin, session.id, "end");
    await vi.waitFor(() => expect(logLine(room, "The ended session had no LiveKit room to close")).toBeDefined());
    expect(fake.calls.filter((call) => call.method === "DeleteRoom").at(-1)?.body).toEqual({ room });
    expect(academy.process.logs()).not.toContain("Could not close the LiveKit room");
  });

  it("asks LiveKit again when it was away as the session ended", async () => {
    const session = await liveSession();
    await answer(await askForMedia(free, session.id), 200, LiveKitTargetSchema);
    const room = `academy-conference-${session.id}`;
    fake.mode = "failing";
    await transition(admin, session.id, "end");
    // The first attempt follows the end at once, but a loaded machine may take more than waitFor's default second.
    await vi.waitFor(() => expect(fake.droppedCalls).toContain("DeleteRoom"), { timeout: 8_000, interval: 100 });
    expect(fake.rooms.has(room)).toBe(true);
    fake.mode = "up";
    await vi.waitFor(() => expect(fake.rooms.has(room)).toBe(false), { timeout: 8_000, interval: 100 });
    expect(logLine(room, "Could not close the LiveKit room of an ended session yet; trying again")).toBeDefined();
    // The server logs after LiveKit answers; its stdout reaches the test a moment later.
    await vi.waitFor(() => expect(logLine(room, "Closed the LiveKit room of an ended session")).toBeDefined());
  });

  it("says clearly when the media server cannot be reached or refuses", async () => {
    const session = await liveSession();
    fake.mode = "down";
    expect(await refusal(await askForMedia(free, session.id), 503)).toBe(MEDIA_SERVER_UNREACHABLE);
    fake.mode = "failing";
    expect(await refusal(await askForMedia(free, session.id), 502)).toBe(MEDIA_SERVER_REFUSED);
    fake.mode = "up";
    await answer(await askForMedia(free, session.id), 200, LiveKitTargetSchema);
  });

  it("lets the room page reach the LiveKit server (Content-Security-Policy)", async () => {
    const response = await free.request("/students");
    const policy = response.headers.get("Content-Security-Policy") ?? "";
    const port = new URL(fake.url).port;
    expect(policy).toMatch(new RegExp(`connect-src [^;]*ws://127\\.0\\.0\\.1:${port} http://127\\.0\\.0\\.1:${port}`));
  });
});

describe("configuration", () => {
  it("stops start-up when MEDIA_BACKEND=livekit lacks its address or keys", { timeout: 60_000 }, async () => {
    // Asynchronously: a blocked test process would let the academy's idle keep-alive sockets expire under it.
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = execFile(
        process.execPath,
        ["build/server.mjs"],
        {
          env: { ...process.env, NODE_ENV: "production", MEDIA_BACKEND: "livekit", LIVEKIT_URL: fake.url, LIVEKIT_API_KEY: "", LIVEKIT_API_SECRET: "" },
          encoding: "utf8",
          // The whole Remix build loads before the settings are checked (ADR 019): give a busy machine room.
          timeout: 45_000,
        },
        (_error, _stdout, stderr) => resolve({ code: child.exitCode, stderr }),
      );
    });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split("\n").at(-1)).toBe(
      "Invalid configuration: MEDIA_BACKEND livekit needs LIVEKIT_URL, LIVEKIT_API_KEY and LIVEKIT_API_SECRET",
    );
  });
});

describe("the browser bundle", () => {
  const ChunksSchema = z.object({ module: z.string(), imports: z.array(z.string()).optional() });
  const RemixManifestSchema = z.object({ entry: ChunksSchema, routes: z.record(ChunksSchema) });
  const clientDir = path.resolve(import.meta.dirname, "../../build/client");
  // livekit-client's signalling messages, compiled into whichever chunk holds it.
  const LIVEKIT_CLIENT_CODE = /"livekit\.(SignalRequest|DisconnectReason)"/;

  function remixManifest() {
    const assets = path.join(clientDir, "assets");
    const file = fs.readdirSync(assets).find((name) => /^manifest-\w+\.js$/.test(name));
    if (!file) throw new Error("no Remix manifest in build/client/assets: run `npx remix vite:build` first");
    const text = fs.readFileSync(path.join(assets, file), "utf8");
    return RemixManifestSchema.parse(JSON.parse(text.replace(/^window\.__remixManifest=/, "").replace(/;\s*$/, "")));
  }

  it("keeps livekit-client out of the entry, the root and every route's static chunks: only import() fetches it", () => {
    const manifest = remixManifest();
    const statically = new Set<string>();
    for (const chunks of [manifest.entry, ...Object.values(manifest.routes)]) {
      for (const file of [chunks.module, ...(chunks.imports ?? [])]) statically.add(file);
    }
    expect(statically.size).toBeGreaterThan(10);
    for (const file of statically) {
      const code = fs.readFileSync(path.join(clientDir, file), "utf8");
      expect(code, `${file} must not carry livekit-client`).not.toMatch(LIVEKIT_CLIENT_CODE);
    }
  });
});

describe("with the embedded SFU (the default)", () => {
  const embedded = useAcademy();
  let host: Visitor;
  let student: Visitor;

  beforeAll(async () => {
    [host, student] = await Promise.all([signedIn(embedded.baseUrl, TEST_ADMIN), signedIn(embedded.baseUrl, DEMO_STUDENT)]);
  });

  it("points the room at this server's WebSocket, after the same checks", async () => {
    const session = await schedule(host);
    expect(await refusal(await askForMedia(student, session.id), 409)).toBe("This conference is not live.");
    await transition(host, session.id, "start");
    try {
      for (const who of [host, student]) {
        expect(await answer(await askForMedia(who, session.id), 200, EmbeddedTargetSchema)).toEqual({
          backend: "embedded",
          url: `/ws/conferences/${session.id}`,
        });
      }
      expect(await refusal(await askForMedia(new Visitor(embedded.baseUrl), session.id), 401)).toBe("Authentication required");
    } finally {
      await transition(host, session.id, "end");
    }
  });
});
