import { afterEach, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { z } from "zod";
import {
  answer,
  ConferenceJsonSchema,
  endAnyLive,
  postForm,
  RECORDING_FIXTURE,
  recordingName,
  RecordingJsonSchema,
  refusal,
  schedule,
  sendChunk,
  transition,
  type ConferenceJson,
} from "./conference-api";
import { DEMO_PREMIUM, DEMO_STUDENT, TEST_ADMIN, uniqueName, useAcademy, Visitor } from "./helpers";

// A live session's questions (issue 28): who may ask, vote, mark answered and
// hide, in what order the list comes back, what the room's WebSocket is told,
// and the same through the room page's plain forms (JavaScript off).

const academy = useAcademy({ LOGIN_MAX_FAILURES: "1000", SIGNUPS_PER_HOUR: "1000" });

const QuestionSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  authorName: z.string(),
  votes: z.number().int(),
  voted: z.boolean(),
  answered: z.boolean(),
  createdAt: z.string().datetime(),
});
type Question = z.infer<typeof QuestionSchema>;
const ListSchema = z.object({ questions: z.array(QuestionSchema) });
const VoteSchema = z.object({ votes: z.number().int(), voted: z.boolean() });

let admin: Visitor;
let seeker: Visitor;
let oracle: Visitor;

async function signedIn(credentials: { username: string; password: string }): Promise<Visitor> {
  const who = new Visitor(academy.baseUrl);
  expect((await who.login(credentials.username, credentials.password)).status).toBe(200);
  return who;
}

const questionsPath = (id: number) => `/api/conferences/${id}/questions`;
const roomPath = (id: number) => `/join-conference/${id}?room=1`;

const ask = (who: Visitor, id: number, json: unknown) => who.request(questionsPath(id), { method: "POST", json });
async function asked(who: Visitor, id: number, text: string): Promise<Question> {
  return (await answer(await ask(who, id, { text }), 201, z.object({ question: QuestionSchema }))).question;
}
async function list(who: Visitor, id: number): Promise<Question[]> {
  return (await answer(await who.request(questionsPath(id)), 200, ListSchema)).questions;
}
const step = (who: Visitor, id: number, questionId: number, name: "vote" | "answered" | "hide") =>
  who.request(`${questionsPath(id)}/${questionId}/${name}`, { method: "POST", json: {} });
async function goLive(): Promise<ConferenceJson> {
  return answer(await admin.request("/api/conferences/go-live", { method: "POST" }), 201, ConferenceJsonSchema);
}

beforeAll(async () => {
  [admin, seeker, oracle] = await Promise.all([signedIn(TEST_ADMIN), signedIn(DEMO_STUDENT), signedIn(DEMO_PREMIUM)]);
});

afterEach(async () => {
  await endAnyLive(admin);
});

describe("who may use a session's questions", () => {
  it("answers visitors 401, unknown sessions and questions 404, free members of a Premium session 403", async () => {
    const live = await goLive();
    const visitor = new Visitor(academy.baseUrl);
    expect(await refusal(await visitor.request(questionsPath(live.id)), 401)).toBe("Authentication required");
    expect(await refusal(await ask(visitor, live.id, { text: "Hello?" }), 401)).toBe("Authentication required");
    expect(await refusal(await seeker.request(questionsPath(987_654)), 404)).toBe("Conference not found");
    expect(await refusal(await step(seeker, live.id, 987_654, "vote"), 404)).toBe("Question not found");
    expect(await refusal(await step(seeker, live.id, 0, "vote"), 404)).toBe("Question not found");
    const response = await seeker.request(questionsPath(live.id), { method: "DELETE" });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("GET, POST");
    await endAnyLive(admin);

    const premium = await transition(admin, (await schedule(admin, { title: uniqueName("Premium Q&A"), isPremium: true })).id, "start");
    const question = await asked(oracle, premium.id, "How do I price a first reading?");
    expect(await refusal(await seeker.request(questionsPath(premium.id)), 403)).toBe("Premium membership required");
    expect(await refusal(await ask(seeker, premium.id, { text: "Let me in" }), 403)).toBe("Premium membership required");
    expect(await refusal(await step(seeker, premium.id, question.id, "vote"), 403)).toBe("Premium membership required");
  });

  it("lets only the host mark answered or hide (403 for members)", async () => {
    const live = await goLive();
    const question = await asked(seeker, live.id, "Is tarot a good first deck?");
    expect(await refusal(await step(seeker, live.id, question.id, "answered"), 403)).toBe("Only the host can do that.");
    expect(await refusal(await step(oracle, live.id, question.id, "hide"), 403)).toBe("Only the host can do that.");
    expect((await list(seeker, live.id))[0]).toMatchObject({ id: question.id, answered: false });
  });

  it("takes questions before the session starts, and none after it ended (409); the list stays readable", async () => {
    const later = await schedule(admin, { title: uniqueName("Later Q&A") });
    const early = await asked(seeker, later.id, "Will the recording be shared?");
    await transition(admin, later.id, "start");
    await transition(admin, later.id, "end");
    expect(await refusal(await ask(seeker, later.id, { text: "One more?" }), 409)).toBe("The session has ended; questions are closed.");
    expect(await refusal(await step(oracle, later.id, early.id, "vote"), 409)).toBe("The session has ended; questions are closed.");
    expect(await refusal(await step(admin, later.id, early.id, "answered"), 409)).toBe("The session has ended; questions are closed.");
    expect((await list(seeker, later.id)).map((question) => question.text)).toEqual(["Will the recording be shared?"]);
  });
});

describe("asking, voting and the order", () => {
  it("trims and checks the text: 1–500 characters", async () => {
    const live = await goLive();
    for (const body of [{ text: "" }, { text: " \n\t " }, {}, { text: 7 }, { text: null }]) {
      expect(await refusal(await ask(seeker, live.id, body), 400), JSON.stringify(body)).toBe("Write a question first");
    }
    expect(await refusal(await ask(seeker, live.id, { text: "x".repeat(501) }), 400)).toBe("Keep questions under 500 characters");
    const longest = await asked(seeker, live.id, `  ${"y".repeat(500)}  `);
    expect(longest.text).toBe("y".repeat(500));
    const plain = await asked(seeker, live.id, "<b>Bold?</b>\nSecond line");
    expect(plain).toMatchObject({ text: "<b>Bold?</b> Second line", authorName: "Sage", votes: 0, voted: false, answered: false });
  });

  it("counts one vote per member, toggled, and orders by votes then time", async () => {
    const live = await goLive();
    const first = await asked(seeker, live.id, "First question");
    const second = await asked(oracle, live.id, "Second question");
    const third = await asked(seeker, live.id, "Third question");
    expect((await list(seeker, live.id)).map((question) => question.id)).toEqual([first.id, second.id, third.id]);

    expect(await answer(await step(seeker, live.id, third.id, "vote"), 200, VoteSchema)).toEqual({ votes: 1, voted: true });
    expect(await answer(await step(oracle, live.id, third.id, "vote"), 200, VoteSchema)).toEqual({ votes: 2, voted: true });
    expect(await answer(await step(admin, live.id, second.id, "vote"), 200, VoteSchema)).toEqual({ votes: 1, voted: true });
    const seen = await list(seeker, live.id);
    expect(seen.map((question) => [question.id, question.votes, question.voted])).toEqual([
      [third.id, 2, true],
      [second.id, 1, false],
      [first.id, 0, false],
    ]);
    // A second press takes the vote back.
    expect(await answer(await step(oracle, live.id, third.id, "vote"), 200, VoteSchema)).toEqual({ votes: 1, voted: false });
    // Equal votes: the earlier question first.
    expect((await list(oracle, live.id)).map((question) => question.id)).toEqual([second.id, third.id, first.id]);
  });

  it("moves an answered question to Answered and hides a hidden one from everyone", async () => {
    const live = await goLive();
    const kept = await asked(seeker, live.id, "What is a three-card spread?");
    const rude = await asked(oracle, live.id, "Off-topic question");
    const marked = await answer(await step(admin, live.id, kept.id, "answered"), 200, z.object({ question: QuestionSchema }));
    expect(marked.question).toMatchObject({ id: kept.id, answered: true });
    expect(await answer(await step(admin, live.id, rude.id, "hide"), 200, z.object({ id: z.number(), hidden: z.literal(true) }))).toEqual({ id: rude.id, hidden: true });
    expect((await list(seeker, live.id)).map((question) => [question.id, question.answered])).toEqual([[kept.id, true]]);
    expect(await refusal(await step(seeker, live.id, rude.id, "vote"), 404)).toBe("Question not found");
  });
});

describe("the room's WebSocket", () => {
  it("tells everyone in the room about a new question, a vote and a hidden one, without anyone's own vote", async () => {
    const live = await goLive();
    const url = `${academy.baseUrl.replace(/^http/, "ws")}/ws/conferences/${live.id}`;
    const socket = new WebSocket(url, { headers: { Cookie: oracle.cookieHeader }, origin: academy.baseUrl });
    const messages: { type: string; question?: Record<string, unknown> }[] = [];
    socket.on("message", (data) => messages.push(JSON.parse(String(data))));
    await new Promise((resolve, reject) => socket.on("open", resolve).on("error", reject));
    try {
      const question = await asked(seeker, live.id, "Heard live?");
      await expect.poll(() => messages.find((message) => message.type === "question")?.question).toMatchObject({ id: question.id, text: "Heard live?", votes: 0 });
      await step(seeker, live.id, question.id, "vote");
      await expect.poll(() => messages.filter((message) => message.type === "question").at(-1)?.question).toMatchObject({ id: question.id, votes: 1, voted: false });
      await step(admin, live.id, question.id, "hide");
      await expect.poll(() => messages.filter((message) => message.type === "question").at(-1)?.question).toEqual({ id: question.id, removed: true });
    } finally {
      socket.terminate();
    }
  });
});

describe("the room page without JavaScript", () => {
  it("asks, votes, marks answered and hides through plain forms, back to the room", async () => {
    const live = await goLive();
    const refused = await postForm(seeker, roomPath(live.id), { intent: "ask-question", text: "  " });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Write a question first");

    const sent = await postForm(seeker, roomPath(live.id), { intent: "ask-question", text: "Asked without JavaScript" });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe(`${roomPath(live.id)}#live-questions`);
    const [question] = await list(seeker, live.id);
    if (!question) throw new Error("the question should be listed");
    expect(question.text).toBe("Asked without JavaScript");

    expect((await postForm(oracle, roomPath(live.id), { intent: "vote-question", questionId: String(question.id) })).status).toBe(302);
    expect((await list(oracle, live.id))[0]).toMatchObject({ votes: 1, voted: true });
    const notHost = await postForm(oracle, roomPath(live.id), { intent: "answer-question", questionId: String(question.id) });
    expect(notHost.status).toBe(403);
    expect(await notHost.text()).toContain("Only the host can do that.");

    const page = await (await seeker.request(roomPath(live.id))).text();
    expect(page).toContain("Asked without JavaScript");
    expect(page).toContain('name="intent" value="vote-question"');

    // The host's own room (the admin sessions page) takes the same forms.
    const hostForm = await postForm(admin, "/admin/conference", { intent: "answer-question", conferenceId: String(live.id), questionId: String(question.id) });
    expect(hostForm.status).toBe(302);
    expect((await list(seeker, live.id))[0]).toMatchObject({ answered: true });
  });
});

describe("after the session", () => {
  it("shows the questions beside the session's recording", async () => {
    const session = await transition(admin, (await schedule(admin, { title: uniqueName("Recorded Q&A") })).id, "start");
    await transition(admin, session.id, "start-recording");
    const popular = await asked(seeker, session.id, "How long should a reading last?");
    const other = await asked(oracle, session.id, "Which deck do you use?");
    await step(oracle, session.id, popular.id, "vote");
    await step(admin, session.id, popular.id, "answered");
    await step(admin, session.id, other.id, "hide");
    expect((await sendChunk(admin, session.id, 0, RECORDING_FIXTURE)).status).toBe(201);
    const stopped = await admin.request(`/api/conferences/${session.id}/stop-recording`, { method: "POST", json: { recordingUrl: recordingName(session.id) } });
    const recording = await answer(stopped, 201, RecordingJsonSchema);
    await transition(admin, session.id, "end");

    const page = await (await seeker.request(`/recordings?play=${recording.id}`)).text();
    const beside = page.slice(page.indexOf('data-testid="session-questions"'));
    expect(beside).toContain("Questions from the session");
    expect(beside).toContain("How long should a reading last?");
    expect(beside).toContain("Answered");
    expect(beside).not.toContain("Which deck do you use?");
    // Not playing: no questions on the page.
    expect(await (await seeker.request("/recordings")).text()).not.toContain("Questions from the session");
  });
});
