import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db, first } from "#db/client.server";
import { lessons, users } from "#db/schema";
import { DEMO_PREMIUM, DEMO_STUDENT, seedDemoData } from "#db/seed";
import { rebuildLibrary } from "~/models/companion/companion-library.server";
import { answerQuestion } from "~/models/companion/companion.server";
import { isPremium } from "~/models/billing/membership.server";
import { ensureAdmin } from "~/models/accounts/user.server";
import { ChatRequestSchema, type ChatAnswer } from "~/schemas/companion";
import { loadHeldOutSet, loadQuestionSet } from "../eval/companion-eval";

// Issue 40: "what should I charge for a 30 minute session?" gave a free member
// quotes and a locked pointer to "Pricing with Confidence", and the Premium
// member "I couldn't find this": the answer/refusal threshold was applied to
// whichever passage ranked first, and for the Premium member that was a
// Premium passage holding fewer of the question's words. Every question of the
// evaluation sets (the main one and the held-out one) is asked here by both,
// through the whole offline answer path.

type Member = { id: number; role: "student" | "admin" | "instructor" };
let free: Member;
let premium: Member;

beforeAll(async () => {
  await ensureAdmin({ username: "headmaster", password: "correct-horse-battery-staple" });
  await seedDemoData();
  await rebuildLibrary();
  const find = async (username: string) => await first(db.select({ id: users.id, role: users.role }).from(users).where(eq(users.username, username)).limit(1));
  free = (await find(DEMO_STUDENT.username))!;
  premium = (await find(DEMO_PREMIUM.username))!;
}, 60_000);

const citedKey = (source: ChatAnswer["sources"][number]) => `${source.title} / ${source.heading ?? ""} @ ${source.url}`;

/** What the free answer holds that the Premium one does not: cited sources missing, locked lessons not cited unlocked. */
function lessThanFree(freeAnswer: ChatAnswer, premiumAnswer: ChatAnswer): string[] {
  const premiumCited = premiumAnswer.sources.filter((s) => s.n !== null && !s.locked && premiumAnswer.response.includes(`[${s.n}]`));
  const missing: string[] = [];
  if (freeAnswer.answered && !premiumAnswer.answered) missing.push("answered for the free member only");
  for (const source of freeAnswer.sources) {
    if (source.locked) {
      if (!premiumCited.some((s) => s.kind === "lesson" && s.title === source.title)) missing.push(`locked ${source.title} not cited unlocked`);
    } else if (source.n !== null && freeAnswer.response.includes(`[${source.n}]`)) {
      if (!premiumCited.some((s) => citedKey(s) === citedKey(source))) missing.push(`cited ${citedKey(source)} missing`);
    }
  }
  return missing;
}

describe("a member with Premium never gets less than a member without it", () => {
  it("for every question of the evaluation sets: the Premium answer cites what the free one cites, and unlocks what it points to", async () => {
    expect(await isPremium(premium)).toBe(true);
    expect(await isPremium(free)).toBe(false);
    const lessonIds = new Map((await db.select({ id: lessons.id, title: lessons.title }).from(lessons)).map((l) => [l.title, l.id]));
    const questions = [...[...loadQuestionSet(), ...loadHeldOutSet()].map((q) => ({ ask: q.ask, lessonId: q.askedFrom ? lessonIds.get(q.askedFrom) : undefined })), { ask: "what should I charge for a 30 minute session?", lessonId: undefined }];
    const failures: string[] = [];
    let pointed = 0;
    for (const question of questions) {
      const request = ChatRequestSchema.parse({ message: question.ask, context: { lessonId: question.lessonId } });
      const freeAnswer = await answerQuestion(free, request);
      const premiumAnswer = await answerQuestion(premium, request);
      if (freeAnswer.sources.some((s) => s.locked)) pointed += 1;
      expect(premiumAnswer.sources.some((s) => s.locked), question.ask).toBe(false);
      for (const problem of lessThanFree(freeAnswer, premiumAnswer)) failures.push(`${question.ask}: ${problem}`);
    }
    // The set does reach Premium lessons a free member is only pointed to.
    expect(pointed).toBeGreaterThanOrEqual(10);
    expect(failures).toEqual([]);
  }, 120_000);

  it("answers the pricing question from the issue for both, the Premium member from the unlocked pricing lesson", async () => {
    const request = ChatRequestSchema.parse({ message: "what should I charge for a 30 minute session?", context: {} });
    const freeAnswer = await answerQuestion(free, request);
    expect(freeAnswer.answered).toBe(true);
    expect(freeAnswer.sources.find((s) => s.locked)?.title).toBe("Pricing with Confidence");
    const premiumAnswer = await answerQuestion(premium, request);
    expect(premiumAnswer.answered).toBe(true);
    expect(premiumAnswer.response).not.toContain("I couldn't find this");
    const pricing = premiumAnswer.sources.find((s) => s.title === "Pricing with Confidence" && !s.locked);
    expect(pricing?.n).toBeGreaterThan(0);
    expect(premiumAnswer.response).toContain(`[${pricing?.n}]`);
  });
});
