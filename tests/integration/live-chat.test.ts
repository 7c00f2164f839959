import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { answer, ConferenceJsonSchema, endAnyLive, postForm, refusal, schedule, transition, type ConferenceJson } from "./conference-api";
import { DEMO_PREMIUM, DEMO_STUDENT, TEST_ADMIN, uniqueName, useAcademy, Visitor } from "./helpers";

// The live chat of a session (issue 13): who may read and write it and when,
// what a message may hold, how fast, in what order it comes back — through
// the JSON API and through the room pages' plain forms (JavaScript off).

const PER_MINUTE = 5;
const academy = useAcademy({ LIVE_CHAT_PER_MINUTE: String(PER_MINUTE), LOGIN_MAX_FAILURES: "1000", SIGNUPS_PER_HOUR: "1000" });

const TEXTS = {
  heading: "Live Chat",
  empty: "No messages yet. Start the conversation!",
  placeholder: "Type a message...",
  noJs: "Video needs JavaScript; the chat works without it.",
  blank: "Write a message first",
  tooLong: "Keep messages under 500 characters",
  premium: "Premium membership required",
  ended: "The session has ended; the chat is closed.",
  notStarted: "The session has not started yet; the chat opens when it goes live.",
  notFound: "Conference not found",
  tooFast: "You're sending messages very quickly. Please wait a moment and try again.",
};

const ChatMessageSchema = z.object({
  id: z.number().int(),
  conferenceId: z.number().int(),
  userId: z.number().int().nullable(),
  authorName: z.string(),
  isHost: z.boolean(),
  message: z.string(),
  createdAt: z.string().datetime(),
});
type ChatMessage = z.infer<typeof ChatMessageSchema>;
const ChatListSchema = z.array(ChatMessageSchema);

let admin: Visitor;
let seeker: Visitor;
let oracle: Visitor;

async function signedIn(credentials: { username: string; password: string }): Promise<Visitor> {
  const who = new Visitor(academy.baseUrl);
  expect((await who.login(credentials.username, credentials.password)).status).toBe(200);
  return who;
}

async function newStudent(): Promise<{ visitor: Visitor; username: string }> {
  const visitor = new Visitor(academy.baseUrl);
  const username = uniqueName("chatter");
  expect((await visitor.register(username)).status).toBe(201);
  return { visitor, username };
}

const messagesPath = (id: number) => `/api/conferences/${id}/messages`;
const roomPath = (id: number) => `/join-conference/${id}?room=1`;

function say(who: Visitor, id: number, json: unknown): Promise<Response> {
  return who.request(messagesPath(id), { method: "POST", json });
}

async function said(who: Visitor, id: number, message: string): Promise<ChatMessage> {
  return answer(await say(who, id, { message }), 201, ChatMessageSchema);
}

async function history(who: Visitor, id: number, query = ""): Promise<ChatMessage[]> {
  return answer(await who.request(`${messagesPath(id)}${query}`), 200, ChatListSchema);
}

/** The page's HTML with React's text separators removed (entities left as they are). */
async function html(response: Response): Promise<string> {
  return (await response.text()).replace(/<!-- -->/g, "");
}

/** Apostrophes and quotes as React writes them into HTML text. */
const escaped = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;");

async function goLive(): Promise<ConferenceJson> {
  return answer(await admin.request("/api/conferences/go-live", { method: "POST" }), 201, ConferenceJsonSchema);
}

async function livePremiumOnly(): Promise<ConferenceJson> {
  const conference = await schedule(admin, { title: uniqueName("Premium circle"), isPremium: true });
  return transition(admin, conference.id, "start");
}

beforeAll(async () => {
  [admin, seeker, oracle] = await Promise.all([signedIn(TEST_ADMIN), signedIn(DEMO_STUDENT), signedIn(DEMO_PREMIUM)]);
});

// One live session at a time: every story ends what it started.
afterEach(async () => {
  await endAnyLive(admin);
});

describe("who may use a session's chat", () => {
  it("answers visitors 401, unknown sessions 404 and other methods 405", async () => {
    const live = await goLive();
    const visitor = new Visitor(academy.baseUrl);
    expect(await refusal(await visitor.request(messagesPath(live.id)), 401)).toBe("Authentication required");
    expect(await refusal(await say(visitor, live.id, { message: "hello" }), 401)).toBe("Authentication required");

    for (const path of [messagesPath(987_654), "/api/conferences/abc/messages"]) {
      expect(await refusal(await seeker.request(path), 404), path).toBe(TEXTS.notFound);
      expect(await refusal(await seeker.request(path, { method: "POST", json: { message: "hello" } }), 404), path).toBe(TEXTS.notFound);
    }

    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const response = await seeker.request(messagesPath(live.id), { method, json: { message: "hello" } });
      expect(await refusal(response, 405), method).toBe("Method not allowed");
      expect(response.headers.get("Allow")).toBe("GET, POST");
    }
    expect(await history(seeker, live.id)).toEqual([]);
  });

  it("keeps a free student out of a Premium-only session's chat, API and page alike", async () => {
    const live = await livePremiumOnly();
    const welcome = await said(oracle, live.id, "Welcome to the Premium circle");
    expect(welcome).toMatchObject({ authorName: "Luna", isHost: false, message: "Welcome to the Premium circle", conferenceId: live.id });

    expect(await refusal(await seeker.request(messagesPath(live.id)), 403)).toBe(TEXTS.premium);
    expect(await refusal(await say(seeker, live.id, { message: "Let me in" }), 403)).toBe(TEXTS.premium);
    // Refused before the message is even read: a blank one is still a 403.
    expect(await refusal(await say(seeker, live.id, { message: " " }), 403)).toBe(TEXTS.premium);

    const form = await postForm(seeker, roomPath(live.id), { intent: "chat", message: "Let me in" });
    expect(form.status).toBe(403);
    expect(await html(form)).toContain("Premium Members Only");

    expect((await history(oracle, live.id)).map((message) => message.message)).toEqual(["Welcome to the Premium circle"]);
    expect((await history(admin, live.id)).map((message) => message.message)).toEqual(["Welcome to the Premium circle"]);
  });

  it("opens the chat only while the session is live; the history stays readable after it ended", async () => {
    const later = await schedule(admin, { title: uniqueName("Later circle") });
    expect(await refusal(await say(seeker, later.id, { message: "Too early?" }), 409)).toBe(TEXTS.notStarted);
    expect(await history(seeker, later.id)).toEqual([]);

    await transition(admin, later.id, "start");
    const first = await said(seeker, later.id, "Made it on time");
    const host = await said(admin, later.id, "Thanks for coming, everyone");
    await transition(admin, later.id, "end");

    expect(await refusal(await say(seeker, later.id, { message: "One more thing" }), 409)).toBe(TEXTS.ended);
    expect(await refusal(await say(admin, later.id, { message: "Closing words" }), 409)).toBe(TEXTS.ended);
    const form = await postForm(seeker, roomPath(later.id), { intent: "chat", message: "One more thing" });
    expect(form.status).toBe(409);

    // The host (and those who attended) can still read it back.
    expect(await history(admin, later.id)).toEqual([first, host]);
    expect(await history(seeker, later.id)).toEqual([first, host]);
  });
});

describe("what a message holds", () => {
  it("names its author, marks the host and keeps the time", async () => {
    const live = await goLive();
    const { visitor: stranger, username } = await newStudent();
    const before = Date.now();
    const host = await said(admin, live.id, "Welcome to the circle");
    const student = await said(seeker, live.id, "Happy to be here");
    const newcomer = await said(stranger, live.id, "Hello from a newcomer");

    expect(host).toMatchObject({ conferenceId: live.id, authorName: "headmaster", isHost: true, message: "Welcome to the circle" });
    // First name first, then the name (a new student's is the username).
    expect(student).toMatchObject({ authorName: "Sage", isHost: false });
    expect(newcomer).toMatchObject({ authorName: username, isHost: false });
    expect(Date.parse(host.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(host.createdAt)).toBeLessThanOrEqual(Date.now() + 1000);
    expect(host.userId).not.toBe(student.userId);
  });

  it("refuses blank and overlong messages and anything that is not text", async () => {
    const live = await goLive();
    for (const body of [{ message: "" }, { message: "   \n\t " }, {}, { message: 42 }, { message: null }, { message: "\u0000\u0007\u202e" }]) {
      expect(await refusal(await say(seeker, live.id, body), 400), JSON.stringify(body)).toBe(TEXTS.blank);
    }
    expect(await refusal(await say(seeker, live.id, { message: "x".repeat(501) }), 400)).toBe(TEXTS.tooLong);
    const malformed = await seeker.request(messagesPath(live.id), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{ not json",
    });
    expect(await refusal(malformed, 400)).toBe("Malformed JSON body");
    const asForm = await seeker.request(messagesPath(live.id), {
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body: "message=hello",
    });
    expect(asForm.status).toBe(415);

    // Exactly 500 characters fit; spaces around are trimmed first.
    const longest = await said(seeker, live.id, `  ${"y".repeat(500)}  `);
    expect(longest.message).toBe("y".repeat(500));
    expect(await history(seeker, live.id)).toEqual([longest]);
  });

  it("keeps text as text: control characters dropped, markup stored literally and escaped on the page", async () => {
    const live = await goLive();
    const cleaned = await said(seeker, live.id, "line one\r\nline\ttwo\u0000\u0007\u001b[31m \u202Ereversed\u200f");
    expect(cleaned.message).toBe("line one line two[31m reversed");

    const markup = '<script>alert("chat")</script><img src=x onerror=alert(1)> & friends';
    const script = await said(seeker, live.id, markup);
    expect(script.message).toBe(markup);

    const room = await html(await seeker.request(roomPath(live.id)));
    expect(room).toContain(escaped(markup));
    expect(room).not.toContain('<script>alert("chat")');
    expect(room).not.toContain("<img src=x");
    const host = await html(await admin.request("/admin/conference"));
    expect(host).toContain(escaped(markup));
    expect(host).not.toContain('<script>alert("chat")');
  });
});

describe("reading the history", () => {
  it("comes back oldest first, with ?after= for what came since and ?limit=", async () => {
    const live = await goLive();
    const sent: ChatMessage[] = [];
    sent.push(await said(admin, live.id, "first"));
    sent.push(await said(seeker, live.id, "second"));
    sent.push(await said(oracle, live.id, "third"));
    sent.push(await said(seeker, live.id, "fourth"));

    expect(await history(oracle, live.id)).toEqual(sent);
    expect(sent.map((message) => message.id)).toEqual([...sent.map((message) => message.id)].sort((a, b) => a - b));
    expect(await history(oracle, live.id, `?after=${sent[1]?.id}`)).toEqual(sent.slice(2));
    expect(await history(oracle, live.id, `?after=${sent[3]?.id}`)).toEqual([]);
    expect(await history(oracle, live.id, "?after=0")).toEqual(sent);
    // The latest ones without ?after=, the next ones after it.
    expect(await history(oracle, live.id, "?limit=2")).toEqual(sent.slice(2));
    expect(await history(oracle, live.id, `?after=${sent[0]?.id}&limit=2`)).toEqual(sent.slice(1, 3));

    for (const query of ["?after=abc", "?after=-1", "?after=1.5", "?limit=0", "?limit=501", "?limit=ten"]) {
      expect((await seeker.request(`${messagesPath(live.id)}${query}`)).status, query).toBe(400);
    }

    // Another session's chat is its own.
    await transition(admin, live.id, "end");
    const next = await goLive();
    expect(await history(seeker, next.id)).toEqual([]);
    expect(await history(seeker, live.id)).toEqual(sent);
  });
});

describe("how fast one may write", () => {
  it(`allows ${PER_MINUTE} messages a minute per member and session, then answers 429 with Retry-After`, async () => {
    const live = await goLive();
    for (let count = 1; count <= PER_MINUTE; count += 1) await said(seeker, live.id, `message ${count}`);
    const throttled = await say(seeker, live.id, { message: "one too many" });
    expect(await refusal(throttled, 429)).toBe(TEXTS.tooFast);
    const retryAfter = Number(throttled.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // The page's form shares the allowance.
    const form = await postForm(seeker, roomPath(live.id), { intent: "chat", message: "one too many" });
    expect(form.status).toBe(429);
    expect(Number(form.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(await html(form)).toContain(escaped(TEXTS.tooFast));

    // Others are not held back by one member's pace.
    await said(oracle, live.id, "still here");
    expect((await history(admin, live.id)).filter((message) => message.message === "one too many")).toEqual([]);
  });
});

describe("the room pages without JavaScript", () => {
  it("lets a student read and write the chat with a plain form on the join page", async () => {
    const live = await goLive();
    const empty = await html(await seeker.request(roomPath(live.id)));
    expect(empty).toContain(TEXTS.heading);
    expect(empty).toContain(TEXTS.empty);
    expect(empty).toContain(`placeholder="${TEXTS.placeholder}"`);
    expect(empty).toContain(TEXTS.noJs);
    expect(empty).toMatch(/<form[^>]*method="post"[^>]*>[\s\S]*?name="intent" value="chat"[\s\S]*?name="message"/);

    const posted = await postForm(seeker, roomPath(live.id), { intent: "chat", message: "  Hello from a plain form  " });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toBe(`${roomPath(live.id)}#live-chat`);
    const room = await html(await seeker.request(roomPath(live.id)));
    expect(room).toContain("Hello from a plain form");
    expect(room).toContain(">Sage<");
    expect(room).not.toContain(TEXTS.empty);
    expect((await history(seeker, live.id)).map((message) => message.message)).toEqual(["Hello from a plain form"]);

    const blank = await postForm(seeker, roomPath(live.id), { intent: "chat", message: "   " });
    expect(blank.status).toBe(400);
    expect(await html(blank)).toContain(TEXTS.blank);
    const long = await postForm(seeker, roomPath(live.id), { intent: "chat", message: "z".repeat(501) });
    expect(long.status).toBe(400);
    const longPage = await html(long);
    expect(longPage).toContain(TEXTS.tooLong);
    // The refused text comes back in the field, to be shortened.
    expect(longPage).toContain(`value="${"z".repeat(501)}"`);

    const unknown = await postForm(seeker, roomPath(live.id), { intent: "join" });
    expect(unknown.status).toBe(400);
    const missing = await postForm(seeker, "/join-conference/987654?room=1", { intent: "chat", message: "anyone?" });
    expect(missing.status).toBe(404);
    const visitor = await postForm(new Visitor(academy.baseUrl), roomPath(live.id), { intent: "chat", message: "hi" });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toMatch(/^\/login\?redirect=/);
    expect(await history(seeker, live.id)).toHaveLength(1);
  });

  it("lets the host write in the live room of the sessions page, at both addresses", async () => {
    const live = await goLive();
    const student = await said(seeker, live.id, "Can you hear me?");
    const page = await html(await admin.request("/admin/conference"));
    expect(page).toContain(TEXTS.heading);
    expect(page).toContain("Can you hear me?");
    expect(page).toContain(TEXTS.noJs);

    const posted = await postForm(admin, "/admin/conference", { intent: "chat", conferenceId: String(live.id), message: "Loud and clear" });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toBe("/admin/conference#live-chat");
    const alias = await postForm(admin, "/admin-conference", { intent: "chat", conferenceId: String(live.id), message: "From the other door" });
    expect(alias.headers.get("Location")).toBe("/admin-conference#live-chat");

    const after = await html(await admin.request("/admin/conference"));
    expect(after).toContain("Loud and clear");
    expect(after).toMatch(/>headmaster<\/span><span[^>]*>Host<\/span>/);

    const blank = await postForm(admin, "/admin/conference", { intent: "chat", conferenceId: String(live.id), message: "" });
    expect(blank.status).toBe(400);
    expect(await html(blank)).toContain(TEXTS.blank);
    const nowhere = await postForm(admin, "/admin/conference", { intent: "chat", message: "to whom?" });
    expect(nowhere.status).toBe(404);

    const messages = await history(seeker, live.id);
    expect(messages.map((message) => [message.authorName, message.isHost, message.message])).toEqual([
      ["Sage", false, "Can you hear me?"],
      ["headmaster", true, "Loud and clear"],
      ["headmaster", true, "From the other door"],
    ]);
    expect(messages[0]).toEqual(student);
  });
});
