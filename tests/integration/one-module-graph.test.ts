import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { answer, ConferenceJsonSchema, schedule } from "./conference-api";
import { DEMO_PREMIUM, DEMO_STUDENT, TEST_ADMIN, useAcademy, Visitor } from "./helpers";

// One module graph (docs/decisions/019): the HTTP process (server/, bundled
// into build/server.mjs) reaches the app only through the Remix build, so the
// database connection, the configuration, the live events and the open live
// rooms exist once. Were there two copies, a live room would count its members
// where admission does not look, a chat message would be published where no
// room listens, and the process would hold the database open twice.

const ROOT = path.resolve(import.meta.dirname, "../..");
const academy = useAcademy();
const open: WebSocket[] = [];

afterEach(() => {
  for (const socket of open.splice(0)) if (socket.readyState === WebSocket.OPEN) socket.terminate();
});

/** Text that occurs in one app module each: the database client, the configuration, the admission rule. */
const APP_MARKERS = ["journal_mode = WAL", "Invalid configuration: ", "Sign in to join the live session."];
/** ...and in the HTTP layer's security middleware, which the app never imports. */
const SERVER_MARKERS = ["Forms must be sent as application/x-www-form-urlencoded", "Requests arrive through a proxy"];

function occurrences(text: string, marker: string): number {
  return text.split(marker).length - 1;
}

function remixServerBuild(): string {
  const dir = path.join(ROOT, "build/server");
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".js"))
    .map((name) => fs.readFileSync(path.join(dir, name), "utf8"))
    .join("\n");
}

async function signedIn(credentials: { username: string; password: string }): Promise<Visitor> {
  const visitor = new Visitor(academy.baseUrl);
  expect((await visitor.login(credentials.username, credentials.password)).status).toBe(200);
  return visitor;
}

function enterRoom(conferenceId: number, visitor: Visitor): Promise<{ socket: WebSocket; messages: { type: string }[] }> {
  const socket = new WebSocket(`${academy.baseUrl.replace(/^http/, "ws")}/ws/conferences/${conferenceId}`, {
    headers: { Cookie: visitor.cookieHeader },
    origin: academy.baseUrl,
  });
  open.push(socket);
  const messages: { type: string }[] = [];
  return new Promise((resolve, reject) => {
    // In once welcomed: with several academy processes the others learn who is in the room over the bus (issue 41).
    socket.on("message", (data) => {
      const message = JSON.parse(String(data)) as { type: string };
      messages.push(message);
      if (message.type === "welcome") resolve({ socket, messages });
    });
    socket.on("unexpected-response", (_request, response) => reject(new Error(`the room refused the member: ${response.statusCode}`)));
  });
}

describe("one copy of each app module in the server process", () => {
  it("bundles no app code into the HTTP server and no server code into the Remix build", () => {
    const httpServer = fs.readFileSync(path.join(ROOT, "build/server.mjs"), "utf8");
    const remix = remixServerBuild();
    for (const marker of APP_MARKERS) {
      expect(occurrences(httpServer, marker), `build/server.mjs contains "${marker}"`).toBe(0);
      expect(occurrences(remix, marker), `build/server/ contains "${marker}"`).toBe(1);
    }
    for (const marker of SERVER_MARKERS) {
      expect(occurrences(httpServer, marker), `build/server.mjs contains "${marker}"`).toBe(1);
      expect(occurrences(remix, marker), `build/server/ contains "${marker}"`).toBe(0);
    }
    // The database driver and the media stack are the app's, loaded by the Remix build only.
    for (const dependency of ["better-sqlite3", "werift", "ws", "pino"]) expect(httpServer).not.toMatch(new RegExp(`from ["']${dependency}["']`));
  });

  // Proven on the SQLite file, whose open handles the process lists; on PostgreSQL the same
  // module holds one pool, whose sockets do not name what they are for.
  it.runIf(process.platform === "linux" && !process.env.ACADEMY_TEST_POSTGRES)("holds the database open once", () => {
    const database = fs.realpathSync(academy.process.databasePath);
    const fdDir = `/proc/${academy.process.pid}/fd`;
    const openFiles = fs.readdirSync(fdDir).map((fd) => {
      try {
        return fs.readlinkSync(path.join(fdDir, fd));
      } catch {
        return ""; // closed meanwhile
      }
    });
    expect(openFiles.filter((file) => file === database)).toHaveLength(1);
  });

  it("counts a member who entered the room in admission, and brings the page's chat and end to the room", async () => {
    const admin = await signedIn(TEST_ADMIN);
    const student = await signedIn(DEMO_STUDENT);
    const premium = await signedIn(DEMO_PREMIUM);
    const session = await schedule(admin, { maxParticipants: 1 });
    await answer(await admin.request(`/api/conferences/${session.id}/start`, { method: "POST" }), 200, ConferenceJsonSchema);

    const inside = await enterRoom(session.id, student);
    // Admission reads the room the WebSocket joined: the one place is taken, except for the member holding it.
    const refused = await premium.request(`/api/conferences/${session.id}/room`);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ canJoin: false, reason: "full" });
    expect(await (await student.request(`/api/conferences/${session.id}/room`)).json()).toMatchObject({ canJoin: true, participants: 1 });

    // A message posted through the API is published by the page's module and delivered by the room's.
    const posted = await admin.request(`/api/conferences/${session.id}/messages`, { method: "POST", json: { message: "Welcome, seeker" } });
    expect(posted.status).toBe(201);
    await expect.poll(() => inside.messages.some((message) => message.type === "chat")).toBe(true);

    const closed = new Promise<number>((resolve) => inside.socket.on("close", (code) => resolve(code)));
    await answer(await admin.request(`/api/conferences/${session.id}/end`, { method: "POST" }), 200, ConferenceJsonSchema);
    expect(await closed).toBe(4000);
  });
});
