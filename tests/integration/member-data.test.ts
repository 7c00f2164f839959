import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { answer, ConferenceJsonSchema, endAnyLive, type ConferenceJson } from "./conference-api";
import { TEST_ADMIN, uniqueName, useAcademy, Visitor } from "./helpers";

// Issue 30, point 6: "Download my data" holds what a member did in the study
// companion and in live sessions, and their calendar feed; once they delete
// their account, what they said in a live session stays for the others, by
// "Former member".

const academy = useAcademy({ SIGNUPS_PER_HOUR: "1000", LOGIN_MAX_FAILURES: "1000" });
const PASSWORD = "a calm and steady passphrase";

const ChatListSchema = z.array(z.object({ userId: z.number().nullable(), authorName: z.string(), message: z.string() }));
const QuestionListSchema = z.object({ questions: z.array(z.object({ id: z.number(), text: z.string(), authorName: z.string(), votes: z.number() })) });
const ExportSchema = z.object({
  profile: z.object({ username: z.string(), firstName: z.string().nullable() }),
  companion: z.object({ conversation: z.array(z.object({ role: z.string(), content: z.string() })), usage: z.array(z.object({ outcome: z.string() })) }),
  liveSessions: z.object({
    chatMessages: z.array(z.object({ conferenceId: z.number(), authorName: z.string(), message: z.string() })),
    questions: z.array(z.object({ conferenceId: z.number(), text: z.string() })),
    questionVotes: z.array(z.object({ questionId: z.number() })),
  }),
  calendarFeed: z.object({ feedUrl: z.string() }).nullable(),
  signedInSessions: z.array(z.object({ createdAt: z.string() })),
  notificationPreferences: z.unknown(),
});

let admin: Visitor;

async function newMember(): Promise<{ visitor: Visitor; username: string }> {
  const visitor = new Visitor(academy.baseUrl);
  const username = uniqueName("leaver");
  expect((await visitor.register(username, PASSWORD)).status).toBe(201);
  return { visitor, username };
}

async function goLive(): Promise<ConferenceJson> {
  return answer(await admin.request("/api/conferences/go-live", { method: "POST" }), 201, ConferenceJsonSchema);
}

beforeAll(async () => {
  admin = new Visitor(academy.baseUrl);
  expect((await admin.login(TEST_ADMIN.username, TEST_ADMIN.password)).status).toBe(200);
});

afterEach(async () => {
  await endAnyLive(admin);
});

describe("a member who talks in a live session, asks the companion and keeps a calendar feed", () => {
  it("finds all of it in their export, and after they delete their account others read their chat and questions by 'Former member'", async () => {
    const leaver = await newMember();
    const stayer = await newMember();
    const firstName = `Orla${uniqueName("n").replace(/[^a-z0-9]/gi, "")}`;
    expect((await leaver.visitor.request("/api/user/profile", { method: "PUT", json: { firstName } })).status).toBe(200);

    // The study companion.
    expect((await leaver.visitor.request("/api/chat", { method: "POST", json: { message: "What does the Moon card mean?", context: {} } })).status).toBe(200);
    // A live session: a chat message, a question, a vote on someone else's question.
    const live = await goLive();
    const said = await leaver.visitor.request(`/api/conferences/${live.id}/messages`, { method: "POST", json: { message: "Greetings from the back row" } });
    expect(said.status).toBe(201);
    expect((await leaver.visitor.request(`/api/conferences/${live.id}/questions`, { method: "POST", json: { text: "How do I read a reversed Moon?" } })).status).toBe(201);
    expect((await stayer.visitor.request(`/api/conferences/${live.id}/questions`, { method: "POST", json: { text: "And the Star card?" } })).status).toBe(201);
    const asked = await answer(await stayer.visitor.request(`/api/conferences/${live.id}/questions`), 200, QuestionListSchema);
    const theirs = asked.questions.find((question) => question.text === "And the Star card?");
    expect((await leaver.visitor.request(`/api/conferences/${live.id}/questions/${theirs?.id}/vote`, { method: "POST", json: {} })).status).toBe(200);
    // The calendar feed.
    const feed = await answer(await leaver.visitor.request("/api/user/calendar-feed", { method: "POST" }), 200, z.object({ feedUrl: z.string() }));

    const exported = await answer(await leaver.visitor.request("/api/user/export"), 200, ExportSchema);
    expect(exported.profile).toEqual(expect.objectContaining({ username: leaver.username, firstName }));
    expect(exported.companion.conversation).toContainEqual({ role: "user", content: "What does the Moon card mean?" });
    expect(exported.companion.conversation.some((message) => message.role === "assistant")).toBe(true);
    expect(exported.companion.usage.length).toBeGreaterThan(0);
    expect(exported.liveSessions.chatMessages).toEqual([{ conferenceId: live.id, authorName: firstName, message: "Greetings from the back row" }]);
    expect(exported.liveSessions.questions).toEqual([expect.objectContaining({ conferenceId: live.id, text: "How do I read a reversed Moon?" })]);
    expect(exported.liveSessions.questionVotes).toEqual([expect.objectContaining({ questionId: theirs?.id })]);
    expect(exported.calendarFeed?.feedUrl).toBe(feed.feedUrl);
    expect(exported.signedInSessions.length).toBeGreaterThan(0);

    // The member leaves.
    expect((await leaver.visitor.request("/api/user", { method: "DELETE", json: { password: PASSWORD } })).status).toBe(200);
    expect((await fetch(feed.feedUrl)).status).toBe(404);

    // Another member reads the session back: the words stay, the name does not.
    const chat = await answer(await stayer.visitor.request(`/api/conferences/${live.id}/messages`), 200, ChatListSchema);
    expect(chat).toEqual([{ userId: null, authorName: "Former member", message: "Greetings from the back row" }]);
    const after = await answer(await stayer.visitor.request(`/api/conferences/${live.id}/questions`), 200, QuestionListSchema);
    expect(after.questions.find((question) => question.text === "How do I read a reversed Moon?")?.authorName).toBe("Former member");
    // Their vote went with them.
    expect(after.questions.find((question) => question.text === "And the Star card?")?.votes).toBe(0);
    const page = await (await stayer.visitor.request(`/join-conference/${live.id}?room=1`)).text();
    expect(page).not.toContain(firstName);
    expect(page).toContain("Former member");
  });
});
