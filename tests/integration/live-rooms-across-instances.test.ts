import fs from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { z } from "zod";
import { startJanus, type SupervisedJanus } from "~/realtime/janus-process.server";
import { startAcademy, TEST_ADMIN, type AcademyProcess } from "../../scripts/academy-process";
import { freshPostgresDatabase } from "../postgres/database";
import { answer, ConferenceJsonSchema, endAnyLive, transition } from "./conference-api";
import { newStudent, Visitor } from "./helpers";

// Issue 44: a live room whose members' WebSockets reach DIFFERENT academy
// instances (separate servers sharing one PostgreSQL database, no load
// balancer in between, so nothing routes a room to one of them). The first
// instance to admit a member holds the room (a lease in the database); the
// other relays its member's socket there. Media on one shared Janus
// (JANUS_URL), the setting under which several instances carry live rooms
// through the academy's own WebSockets (LiveKit members never open one).

const JANUS_RTP_PORTS: [number, number] = [3700, 3719];
let database: { url: string; drop(): Promise<void> };
let janus: SupervisedJanus | undefined;
const instances: AcademyProcess[] = [];

beforeAll(async () => {
  database = await freshPostgresDatabase({ migrated: true });
  janus = await startJanus({ portRange: JANUS_RTP_PORTS });
  const sharedEnv = {
    DATABASE_URL: database.url,
    WEB_CONCURRENCY: "1",
    MEDIA_BACKEND: "janus",
    JANUS_URL: janus.config.url,
    JANUS_API_SECRET: janus.config.apiSecret,
    SIGNUPS_PER_HOUR: "1000",
  };
  // One after the other: the first seeds, the second finds it done. INSTANCE_URL is left to its default (HOST:PORT).
  instances.push(await startAcademy(sharedEnv));
  instances.push(await startAcademy(sharedEnv));
}, 120_000);

afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.stop()));
  await janus?.stop();
  if (janus) fs.rmSync(janus.config.configDir, { recursive: true, force: true });
  await database?.drop();
});

type Message = { type: string } & Record<string, unknown>;
interface Member {
  socket: WebSocket;
  messages: Message[];
  closed: Promise<number>;
}

/** A member's socket opened directly on one instance's port, as its browser would from that instance's page (`headers`: more to send). */
function join(instance: AcademyProcess, visitor: Visitor, conferenceId: number, headers: Record<string, string> = {}): Promise<Member> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${instance.baseUrl.replace(/^http/, "ws")}/ws/conferences/${conferenceId}`, {
      headers: { Cookie: visitor.cookieHeader, ...headers },
      origin: instance.baseUrl,
    });
    const messages: Message[] = [];
    const closed = new Promise<number>((done) => socket.on("close", (code) => done(code)));
    socket.on("message", (data) => messages.push(z.object({ type: z.string() }).passthrough().parse(JSON.parse(String(data)))));
    socket.on("open", () => resolve({ socket, messages, closed }));
    socket.on("error", reject);
    socket.on("unexpected-response", (_req, res) => reject(new Error(`refused with ${res.statusCode}`)));
  });
}

/** Resolves once `probe` holds, polling every 20 ms; fails after `ms`. */
async function within<T>(ms: number, what: string, probe: () => T | undefined): Promise<T> {
  const giveUp = Date.now() + ms;
  for (;;) {
    const found = probe();
    if (found !== undefined) return found;
    if (Date.now() > giveUp) throw new Error(`Not within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const ParticipantsSchema = z.array(z.object({ userId: z.number() }));
const latestParticipants = (member: Member) => {
  const latest = member.messages.filter((message) => message.type === "participants").at(-1);
  return latest ? ParticipantsSchema.parse(latest.participants).map((participant) => participant.userId) : [];
};
const chatTexts = (member: Member) =>
  member.messages.filter((message) => message.type === "chat").map((message) => z.object({ message: z.string() }).parse(message.message).message);
const QuestionSchema = z.object({ id: z.number(), text: z.string(), votes: z.number() });
const questionUpdates = (member: Member) =>
  member.messages.filter((message) => message.type === "question").flatMap((message) => {
    const parsed = QuestionSchema.safeParse(message.question);
    return parsed.success ? [parsed.data] : [];
  });

/** The instances named by the room's lease (its INSTANCE_URL, by default http://HOST:PORT). */
async function roomHolders(conferenceId: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ holder: string }>("SELECT holder FROM leases WHERE name = $1", [`live-room:${conferenceId}`]);
    return rows.map((row) => row.holder);
  } finally {
    await client.end();
  }
}

async function userId(visitor: Visitor): Promise<number> {
  return z.object({ id: z.number() }).parse(await (await visitor.request("/api/user")).json()).id;
}

describe("a live room whose members reached different instances", () => {
  it("shows both members to each other, carries chat and questions both ways within 1 s, and closes both sockets when it ends", async () => {
    const [one, two] = [instances[0]!, instances[1]!];
    const admin = new Visitor(one.baseUrl);
    expect((await admin.login(TEST_ADMIN.username, TEST_ADMIN.password)).status).toBe(200);
    await endAnyLive(admin);
    const conference = await answer(await admin.request("/api/conferences/go-live", { method: "POST" }), 201, ConferenceJsonSchema);

    // Each member signed up on, and talks to, their own instance only.
    const firstVisitor = await newStudent(one.baseUrl);
    const secondVisitor = await newStudent(two.baseUrl);
    const [firstId, secondId] = [await userId(firstVisitor), await userId(secondVisitor)];
    const first = await join(one, firstVisitor, conference.id);
    const second = await join(two, secondVisitor, conference.id);
    try {
      // Both lists name both members: one room, in one instance (two rooms would each list one).
      for (const member of [first, second]) {
        await within(1000, "both members in the participant list", () => {
          const ids = latestParticipants(member);
          return ids.includes(firstId) && ids.includes(secondId) ? true : undefined;
        });
      }
      // The first instance admitted the first member, so it holds the room; the second relayed its member there.
      expect(await roomHolders(conference.id)).toEqual([one.baseUrl]);

      for (const [visitor, words] of [
        [firstVisitor, "Hello from the first instance"],
        [secondVisitor, "Hello from the second instance"],
      ] as const) {
        expect((await visitor.request(`/api/conferences/${conference.id}/messages`, { method: "POST", json: { message: words } })).status).toBe(201);
        for (const member of [first, second]) await within(1000, `"${words}" on both sockets`, () => (chatTexts(member).includes(words) ? true : undefined));
      }

      const text = "Is the room the same on both servers?";
      const asked = await secondVisitor.request(`/api/conferences/${conference.id}/questions`, { method: "POST", json: { text } });
      const { question } = await answer(asked, 201, z.object({ question: QuestionSchema }));
      for (const member of [first, second]) {
        await within(1000, "the question on both sockets", () => (questionUpdates(member).some((update) => update.text === text) ? true : undefined));
      }
      expect((await firstVisitor.request(`/api/conferences/${conference.id}/questions/${question.id}/vote`, { method: "POST", json: {} })).status).toBe(200);
      for (const member of [first, second]) {
        await within(1000, "the vote on both sockets", () => (questionUpdates(member).some((update) => update.id === question.id && update.votes === 1) ? true : undefined));
      }

      await transition(admin, conference.id, "end");
      const codes = await Promise.race([
        Promise.all([first.closed, second.closed]),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error("sockets still open 2 s after the end")), 2000)),
      ]);
      expect(codes).toEqual([4000, 4000]);
    } finally {
      first.socket.terminate();
      second.socket.terminate();
    }
  });

  it("refuses a relay mark that was not made with the instances' secret", async () => {
    const [, two] = [instances[0]!, instances[1]!];
    const admin = new Visitor(two.baseUrl);
    expect((await admin.login(TEST_ADMIN.username, TEST_ADMIN.password)).status).toBe(200);
    await endAnyLive(admin);
    const conference = await answer(await admin.request("/api/conferences/go-live", { method: "POST" }), 201, ConferenceJsonSchema);
    try {
      const holderVisitor = await newStudent(instances[0]!.baseUrl);
      const holder = await join(instances[0]!, holderVisitor, conference.id);
      // A forged mark on the other instance: not believed, so the socket is relayed to the holder like any other (not a second room).
      const forger = await newStudent(two.baseUrl);
      const forged = await join(two, forger, conference.id, { "X-Academy-Room-Relay": `${Date.now()}.${"0".repeat(64)}` });
      const forgerId = await userId(forger);
      await within(1000, "the forger in the holder's list", () => (latestParticipants(holder).includes(forgerId) ? true : undefined));
      holder.socket.terminate();
      forged.socket.terminate();
    } finally {
      await endAnyLive(admin);
    }
  });

  // Last: it kills the first instance.
  it("moves a room whose holder was killed to the other instance once its lease lapses", { timeout: 60_000 }, async () => {
    const [one, two] = [instances[0]!, instances[1]!];
    const admin = new Visitor(two.baseUrl);
    expect((await admin.login(TEST_ADMIN.username, TEST_ADMIN.password)).status).toBe(200);
    await endAnyLive(admin);
    const conference = await answer(await admin.request("/api/conferences/go-live", { method: "POST" }), 201, ConferenceJsonSchema);
    try {
      const holder = await join(one, await newStudent(one.baseUrl), conference.id);
      const relayedVisitor = await newStudent(two.baseUrl);
      const relayed = await join(two, relayedVisitor, conference.id);
      process.kill(one.pid, "SIGKILL");
      // The relayed socket loses its far end with the holder.
      await Promise.race([relayed.closed, new Promise((_, reject) => setTimeout(() => reject(new Error("relayed socket still open")), 2000))]);
      holder.socket.terminate();
      // While the dead holder's lease runs, the room is not opened a second time: joins are refused with 503.
      await expect(join(two, relayedVisitor, conference.id)).rejects.toThrow(/refused with 503/);
      const killedAt = Date.now();
      let rejoined: Member | undefined;
      while (!rejoined) {
        rejoined = await join(two, relayedVisitor, conference.id).catch(() => undefined);
        if (!rejoined) await new Promise((resolve) => setTimeout(resolve, 250));
        if (Date.now() - killedAt > 20_000) throw new Error("the room did not move within 20 s");
      }
      const relayedId = await userId(relayedVisitor);
      await within(1000, "the member alone in the room's list", () => (latestParticipants(rejoined).join() === String(relayedId) ? true : undefined));
      expect(await roomHolders(conference.id)).toEqual([two.baseUrl]);
      rejoined.socket.terminate();
    } finally {
      await endAnyLive(admin);
    }
  });
});
