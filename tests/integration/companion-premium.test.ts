import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_PREMIUM, DEMO_STUDENT, useAcademy, Visitor } from "./helpers";

// Issue 31, "what a newcomer met": the demo Premium member asked the study
// companion how to price a session and was told "I couldn't find this in the
// course library", while the free demo member got quotes and a pointer to the
// Premium lesson "Pricing with Confidence". In offline mode (no provider key),
// on the real server, the member who pays must never get less.
const academy = useAcademy({ COMPANION_MESSAGES_PER_MINUTE: "60", COMPANION_DAILY_MESSAGES_FREE: "60", COMPANION_DAILY_MESSAGES_PREMIUM: "60" });

interface Answer {
  response: string;
  sources: Array<{ n: number | null; title: string; url: string; locked: boolean }>;
  mode: string;
  answered: boolean;
}

const NOT_FOUND = "I couldn't find this in the course library";
const PRICING_LESSON = "Pricing with Confidence";

async function signIn(who: { username: string; password: string }): Promise<Visitor> {
  const visitor = new Visitor(academy.baseUrl);
  expect((await visitor.login(who.username, who.password)).status).toBe(200);
  return visitor;
}

async function ask(who: Visitor, message: string): Promise<Answer> {
  const response = await who.request("/api/chat", { method: "POST", json: { message, context: {} } });
  expect(response.status, message).toBe(200);
  return (await response.json()) as Answer;
}

describe("the study companion for a Premium member and a free one", () => {
  let oracle: Visitor;
  let seeker: Visitor;

  beforeAll(async () => {
    oracle = await signIn(DEMO_PREMIUM);
    seeker = await signIn(DEMO_STUDENT);
  });

  for (const question of ["how do I set my session price?", "how should I price my readings?"]) {
    it(`answers the Premium member "${question}" from the pricing lesson the free member is pointed to`, async () => {
      const free = await ask(seeker, question);
      expect(free.sources.find((s) => s.locked)?.title).toBe(PRICING_LESSON);

      const premium = await ask(oracle, question);
      expect(premium.mode).toBe("offline");
      expect(premium.answered).toBe(true);
      expect(premium.response).not.toContain(NOT_FOUND);
      const pricing = premium.sources.find((s) => s.title === PRICING_LESSON && !s.locked);
      expect(pricing?.n, JSON.stringify(premium.sources)).toBeGreaterThan(0);
      expect(pricing?.url).toMatch(/^\/course\/\d+\/lesson\/\d+/);
      expect(premium.response).toContain(`[${pricing?.n}]`);
    });
  }

  it("never answers the Premium member 'nothing found' where the free member gets an answer", async () => {
    const questions = [
      "how do I set my session price?",
      "how should I price my readings?",
      "What should I charge for a reading?",
      "Can I offer discounts or a sliding scale?",
      "How do I market my practice with integrity?",
      "How do I ground myself before a reading?",
      "How should I close a session?",
      "What does the Tower card mean?",
      "How long should I keep client records?",
      "How do I cancel my subscription?",
    ];
    const lessThanFree: string[] = [];
    for (const question of questions) {
      const free = await ask(seeker, question);
      const premium = await ask(oracle, question);
      if (free.answered && !premium.answered) lessThanFree.push(question);
    }
    expect(lessThanFree).toEqual([]);
  });
});
