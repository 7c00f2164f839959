import { beforeAll, describe, expect, it } from "vitest";
import { seedDemoData } from "#db/seed";
import path from "node:path";
import { loadDemoContent } from "#db/seed-content";
import { wordStems } from "#db/word-stems";
import { premiumLessonsWorthShowing, rebuildLibrary, searchLibrary } from "~/models/companion/companion-library.server";
import { offlineAnswer } from "~/models/companion/companion-offline.server";
import { ensureAdmin } from "~/models/accounts/user.server";
import { lessonPassage as passage, searchAmong } from "./companion-search";

// Issue 31: asked "how do I set my session price?", a free member got quotes
// and a pointer to the Premium lesson "Pricing with Confidence", while a
// Premium member got "I couldn't find this". The member who pays must never
// get less.

const FREE_VIEWER = { id: 2, role: "student" as const };
// The demo Premium student (seeded after the free one): the two differ only in
// Premium. Neither has started a course, so a lesson released days after the
// start is locked for both; an admin would read it and be answered from it
// instead of from the lessons the free member is pointed to.
const PREMIUM_VIEWER = { id: 3, role: "student" as const };

describe("which Premium lessons a question brings up", () => {
  it("are those matching about as well as the best passage every member can read, or better, and near the best Premium match", () => {
    const matches = [{ rank: -10, title: "Pricing" }, { rank: -7, title: "Packages" }, { rank: -3, title: "Marketing" }];
    // Nothing open to all matched: the Premium lessons near the best one.
    expect(premiumLessonsWorthShowing(matches, 0).map((m) => m.title)).toEqual(["Pricing"]);
    expect(premiumLessonsWorthShowing([{ rank: -10, title: "Pricing" }, { rank: -9, title: "Packages" }], 0).map((m) => m.title)).toEqual(["Pricing", "Packages"]);
    // A better passage open to all: no Premium lesson is worth showing.
    expect(premiumLessonsWorthShowing(matches, -20)).toEqual([]);
    expect(premiumLessonsWorthShowing(matches, -12).map((m) => m.title)).toEqual(["Pricing"]);
    expect(premiumLessonsWorthShowing([], -5)).toEqual([]);
  });
});

describe("an offline answer", () => {
  it("compares words as the library's index does: pricing, prices and price are one word", () => {
    const stems = wordStems(["price", "pricing", "prices", "readings", "reading"]);
    expect(new Set(["price", "pricing", "prices"].map((w) => stems.get(w)))).toEqual(new Set(["price"]));
    expect(stems.get("readings")).toBe(stems.get("reading"));
  });

  it("still quotes the passage that answers when another ranks ahead of it", () => {
    // What a Premium member's search once ranked first: only "session", in a later sentence.
    const ahead = passage("Money Matters", "Calculating a sustainable rate", "Many advisors undervalue themselves at first. A session must cover far more than the hour you spend.", 1);
    const answering = passage("A Simple Booking Workflow", null, "List each service with its length, format, price and a short description.", 2);
    const question = "How do I set my session price?";
    const other = passage("Building a Routine", null, "Set aside the same hour each week for study.", 3);
    const answer = offlineAnswer(question, searchAmong(question, [ahead, answering, other]));
    expect(answer.answered).toBe(true);
    expect(answer.cited.map(({ passage: p }) => p.title)).toContain("A Simple Booking Workflow");
    expect(answer.response).toContain("format, price and a short description");
  });

  it("counts another form of a question's word as that word", () => {
    const pricing = passage("Pricing with Confidence", "Packages", "Fair, transparent pricing is itself a form of marketing for your practice.", 1);
    const other = passage("Holding Healthy Boundaries", null, "Decide when you work and when you rest, and say so to clients.", 2);
    const answer = offlineAnswer("How should I price my work?", searchAmong("How should I price my work?", [pricing, other]));
    expect(answer.answered).toBe(true);
    expect(answer.response).toContain("transparent pricing");
  });
});

describe("the same question from a member with Premium and one without, on the demo academy", () => {
  // Seeding the demo academy and building its library takes seconds on a busy machine.
  beforeAll(async () => {
    await ensureAdmin({ username: "headmaster", password: "correct-horse-battery-staple" });
    await seedDemoData();
    await rebuildLibrary();
  }, 30_000);

  it("shows the Premium member the pricing lesson the free member is pointed to, and quotes it", async () => {
    for (const question of ["how do I set my session price?", "how should I price my readings?"]) {
      const free = await searchLibrary(question, FREE_VIEWER, { limit: 6 });
      expect(free.locked.map((l) => l.title), question).toContain("Pricing with Confidence");

      const premium = await searchLibrary(question, PREMIUM_VIEWER, { limit: 6 });
      const answer = offlineAnswer(question, premium);
      expect(answer.answered, question).toBe(true);
      expect(answer.cited.map(({ passage: p }) => p.title), question).toContain("Pricing with Confidence");
    }
  });

  it("never leaves the Premium member with nothing where the free member has an answer, nor without a lesson the free member is pointed to", async () => {
    // Every lesson's title and section heading asked as a question, plus pricing in other words.
    const questions = [
      ...loadDemoContent(path.resolve(import.meta.dirname, "../../content")).courses.flatMap((course) => course.lessons.flatMap((lesson) => [`How do I use ${lesson.title}?`, ...lesson.sections.map((s) => `What should I know about ${s.title}?`)])),
      "What should I charge for a reading?",
      "Can I offer discounts or a sliding scale?",
      "How much should a session cost?",
    ];
    const lessThanFree: string[] = [];
    const pointedNotShown: string[] = [];
    for (const question of questions) {
      const free = await searchLibrary(question, FREE_VIEWER, { limit: 6 });
      const premium = await searchLibrary(question, PREMIUM_VIEWER, { limit: 6 });
      if (offlineAnswer(question, free).answered && !offlineAnswer(question, premium).answered) {
        lessThanFree.push(question);
      }
      for (const locked of free.locked) {
        if (!premium.passages.some((p) => p.title === locked.title)) pointedNotShown.push(`${question} → ${locked.title}`);
      }
    }
    expect(questions.length).toBeGreaterThan(50);
    expect(lessThanFree).toEqual([]);
    expect(pointedNotShown).toEqual([]);
  }, 30_000);
});
