import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeOpenAI, type FakeOpenAI } from "../fakes/fake-openai";
import { TEST_ADMIN, useAcademy, Visitor } from "./helpers";

// "Draft questions from this lesson" with a provider (a fake OpenAI-compatible
// server reached by the real SDK): valid questions that point at real lesson
// sentences are used; invalid output is repaired once, then the offline
// drafter answers with an honest notice. (Offline drafting: quizzes.test.ts.)
let fake: FakeOpenAI;
const providerEnv: Record<string, string> = {};
beforeAll(async () => {
  fake = await startFakeOpenAI();
  Object.assign(providerEnv, { OPENAI_API_KEY: "sk-test-quiz-draft", OPENAI_BASE_URL: `${fake.url}/v1`, OPENAI_TIMEOUT_SECONDS: "5" });
});
afterAll(async () => {
  await fake.stop();
});
const academy = useAcademy(providerEnv);

// The demo course's second lesson ("Grounding and Centering Before a Reading").
const LESSON_ID = 2;
interface Draft {
  questions: Array<{ type: string; prompt: string; source: string; correct?: number[]; options?: string[] }>;
  mode: "provider" | "offline";
  notice?: string;
}

async function admin() {
  const visitor = new Visitor(academy.baseUrl);
  expect((await visitor.login(TEST_ADMIN.username, TEST_ADMIN.password)).status).toBe(200);
  return visitor;
}

async function draft(visitor: Visitor) {
  const response = await visitor.request(`/api/lessons/${LESSON_ID}/quiz/draft`, { method: "POST" });
  expect(response.status).toBe(200);
  return (await response.json()) as Draft;
}

/** Three real sentences of the lesson, read through the admin's lesson API. */
async function lessonSentences(visitor: Visitor): Promise<string[]> {
  const lesson = (await (await visitor.request(`/api/lessons/${LESSON_ID}`)).json()) as { contentSections: Array<{ content: string }> };
  const text = lesson.contentSections.map((s) => s.content).join(" ");
  return (text.match(/[A-Z][^.!?\n*]{30,160}[.!]/g) ?? []).slice(0, 3);
}

const question = (source: string, n: number) => ({
  type: "single",
  prompt: `Question ${n}?`,
  options: ["Yes", "No"],
  correct: [0],
  accepted: [],
  explanation: "Because the lesson says so.",
  source,
});

describe("drafting quiz questions with a provider", () => {
  beforeEach(() => fake.reset());

  it("uses the model's questions that quote the lesson, and drops those that do not", async () => {
    const boss = await admin();
    const sentences = await lessonSentences(boss);
    expect(sentences).toHaveLength(3);
    fake.setBehaviour({
      type: "json",
      content: { questions: [...sentences.map((s, i) => question(s, i + 1)), question("A sentence the lesson never says.", 9)] },
    });
    const answer = await draft(boss);
    expect(answer.mode).toBe("provider");
    expect(answer.notice).toBeUndefined();
    expect(answer.questions.map((q) => q.source)).toEqual(sentences);
    const [request] = fake.chatRequests();
    expect(request?.body.response_format).toMatchObject({ type: "json_schema", json_schema: { name: "quiz_draft", strict: true } });
    expect(request?.body.messages?.at(-1)?.content).toContain("Grounding");
  });

  it("falls back to the offline drafter, saying so, when the output stays invalid", async () => {
    const boss = await admin();
    fake.setBehaviour({ type: "text", text: "Here are some lovely questions!" });
    const answer = await draft(boss);
    expect(fake.chatRequests()).toHaveLength(2);
    expect(answer.mode).toBe("offline");
    expect(answer.notice).toMatch(/not usable.*lesson's own sentences/);
    expect(answer.questions.length).toBeGreaterThanOrEqual(3);
  });

  it("falls back when the provider fails", async () => {
    const boss = await admin();
    fake.setBehaviour({ type: "error", status: 500 });
    const answer = await draft(boss);
    expect(answer.mode).toBe("offline");
    expect(answer.questions.length).toBeGreaterThanOrEqual(3);
  });
});
