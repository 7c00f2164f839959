import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAcademy, type AcademyProcess } from "../../scripts/academy-process";
import { startFakeOpenAI, type FakeOpenAI } from "../fakes/fake-openai";
import { DEMO_PREMIUM, TEST_ADMIN, uniqueName, Visitor } from "./helpers";

// /api/chat in provider mode, against a local OpenAI-compatible fake through
// the real SDK: grounded prompts, Premium text never sent for a free member,
// invented citations dropped, failures answered from the library.
let fake: FakeOpenAI;
let academy: AcademyProcess;

const MARK = `obsidian${crypto.randomBytes(4).toString("hex")}`;
const PREMIUM_TEXT = `The ${MARK} mirror practice asks the advisor to sit with a dark mirror for nine breaths before the first card.`;

beforeAll(async () => {
  fake = await startFakeOpenAI();
  academy = await startAcademy({ OPENAI_API_KEY: "sk-test-companion-key", OPENAI_BASE_URL: `${fake.url}/v1`, OPENAI_TIMEOUT_SECONDS: "2", SIGNUPS_PER_HOUR: "1000" });
  const admin = new Visitor(academy.baseUrl);
  expect((await admin.login(TEST_ADMIN.username, TEST_ADMIN.password)).status).toBe(200);
  const course = await admin.request("/api/courses", {
    method: "POST",
    json: { title: "Mirror Work", description: "Premium", level: "Advanced", rating: "4.9", duration: "1 week", isActive: true, isPremium: true },
  });
  const { id } = (await course.json()) as { id: number };
  const lesson = await admin.request(`/api/courses/${id}/lessons`, {
    method: "POST",
    json: { title: "The Mirror Practice", contentSections: [{ type: "text", title: "Sitting with the mirror", content: PREMIUM_TEXT }] },
  });
  expect(lesson.status).toBe(201);
}, 60_000);

afterAll(async () => {
  await academy?.stop();
  await fake?.stop();
});

async function student(): Promise<Visitor> {
  const visitor = new Visitor(academy.baseUrl);
  expect((await visitor.register(uniqueName("provider"))).status).toBe(201);
  return visitor;
}

interface Answer {
  response: string;
  sources: Array<{ n: number | null; title: string; locked: boolean }>;
  mode: string;
  notice?: string;
}

async function ask(who: Visitor, message: string): Promise<Answer> {
  const response = await who.request("/api/chat", { method: "POST", json: { message, context: { conversationHistory: [] } } });
  expect(response.status).toBe(200);
  return (await response.json()) as Answer;
}

describe("the study companion with a provider", () => {
  it("sends the retrieved passages as numbered data and keeps only real citations", async () => {
    fake.reset();
    fake.setBehaviour({ type: "text", text: "Settle into your body first [1]. Some say otherwise [7].", chunks: ["Settle into your body first [", "1]. Some say otherwise [", "7]."], usage: { prompt_tokens: 321, completion_tokens: 12 } });
    const answer = await ask(await student(), "How do I ground myself before a reading?");
    expect(answer.mode).toBe("provider");
    expect(answer.response).toContain("[1]");
    expect(answer.response).not.toContain("[7]");
    expect(answer.sources.filter((s) => s.n !== null).map((s) => s.n)).toEqual([1]);
    const [request] = fake.chatRequests();
    expect(request?.raw).toContain("Grounding and Centering Before a Reading");
    expect(request?.body.stream).toBe(true);
  });

  it("numbers the passages in their rank order: the article whose title was asked is source 1", async () => {
    fake.reset();
    fake.setBehaviour({ type: "auto" });
    const answer = await ask(await student(), "Can you explain: Managing Your Subscription?");
    const [request] = fake.chatRequests();
    const first = /<source n="1" title="([^"]*)"/.exec(request?.raw.replace(/\\"/g, '"') ?? "");
    expect(first?.[1]).toBe("Managing Your Subscription");
    expect(answer.sources.find((s) => s.n === 1)?.title).toBe("Managing Your Subscription");
  });

  it("never sends a free member's question Premium text, in either direction", async () => {
    fake.reset();
    fake.setBehaviour({ type: "auto" });
    const free = await student();
    const answer = await ask(free, `How does the ${MARK} mirror practice work?`);
    expect(JSON.stringify(answer)).not.toContain("nine breaths");
    for (const request of fake.chatRequests()) expect(request.raw).not.toContain("nine breaths");
    expect(answer.sources.some((s) => s.locked && s.title === "The Mirror Practice")).toBe(true);

    fake.reset();
    const member = new Visitor(academy.baseUrl);
    expect((await member.login(DEMO_PREMIUM.username, DEMO_PREMIUM.password)).status).toBe(200);
    await ask(member, `How does the ${MARK} mirror practice work?`);
    expect(fake.chatRequests().some((request) => request.raw.includes("nine breaths"))).toBe(true);
  });

  it("answers from the library with a notice when the provider fails or times out, never a 500", async () => {
    for (const behaviour of [{ type: "error", status: 500 } as const, { type: "hang" } as const]) {
      fake.reset();
      fake.setBehaviour(behaviour);
      const answer = await ask(await student(), "What does the Tower card mean?");
      expect(answer.mode).toBe("offline");
      expect(answer.notice).toContain("could not be reached");
      expect(answer.response).toContain("Tower");
    }
  });

  it("rewrites a follow-up into a standalone question with one short call before searching, and carries its words itself when that call fails", async () => {
    const member = await student();
    const conversationHistory = [
      { role: "user", content: "what's the difference between the major and minor arcana" },
      { role: "assistant", content: "The Major Arcana has 22 cards [1]." },
    ];
    const askFollowUp = async () => {
      const response = await member.request("/api/chat", { method: "POST", json: { message: "how many are in each", context: { conversationHistory } } });
      expect(response.status).toBe(200);
      return (await response.json()) as Answer;
    };

    fake.reset();
    const rewritten = await askFollowUp();
    const [rewrite, answer, ...more] = fake.chatRequests();
    expect(more).toEqual([]);
    // The rewrite: not streamed, short, the conversation quoted as data.
    expect(rewrite?.body.stream).toBeFalsy();
    expect(rewrite?.body.max_tokens).toBe(80);
    expect(rewrite?.raw).toContain("<follow-up>");
    expect(rewrite?.raw).toContain("major and minor arcana");
    // The passages sent with the answer were found with the rewritten question.
    expect(answer?.body.stream).toBe(true);
    expect(answer?.raw).toContain("Major and Minor Arcana");
    expect(rewritten.mode).toBe("provider");
    expect(rewritten.sources.some((s) => s.title === "The Structure of the Deck")).toBe(true);

    // The rewrite refused (a 400 is not retried): the words are carried offline and the answer still comes from the provider.
    fake.reset();
    fake.setBehaviour({ type: "error", status: 400 }, { type: "auto" });
    const carried = await askFollowUp();
    expect(fake.chatRequests()).toHaveLength(2);
    expect(carried.mode).toBe("provider");
    expect(fake.chatRequests()[1]?.raw).toContain("Major and Minor Arcana");
    expect(academy.logs()).toContain("follow-up rewrite");
  });

  it("keeps the key out of the server's logs", () => {
    expect(academy.logs()).not.toContain("sk-test-companion-key");
  });
});
