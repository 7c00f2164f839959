import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db, first } from "#db/client.server";
import { companionChunks, toolTemplates, users } from "#db/schema";
import { DEMO_PREMIUM, DEMO_STUDENT, seedDemoData } from "#db/seed";
import { carriedWords, isFollowUp } from "~/models/companion/companion-followup";
import { libraryVocabulary, rebuildLibrary, searchLibrary } from "~/models/companion/companion-library.server";
import { MAY_HELP_INTRO, offlineAnswer } from "~/models/companion/companion-offline.server";
import { analyseQuestion } from "~/models/companion/companion-question";
import { scopeRefusal } from "~/models/companion/companion-scope";
import { relatedWords } from "~/models/companion/companion-wordnet.server";
import { answerQuestion } from "~/models/companion/companion.server";
import { createTemplate, deleteTemplate } from "~/models/community/templates.server";
import { ensureAdmin } from "~/models/accounts/user.server";
import { ChatRequestSchema, type ChatTurn } from "~/schemas/companion";
import { env } from "~/utils/env.server";

// Issue 40: the study companion understands questions asked in a member's own
// words — follow-ups that lean on the conversation, tools and templates as
// sources, "this may help" for a covered topic asked in other words, and
// related words from WordNet.

const said = (...questions: string[]): ChatTurn[] => questions.flatMap((content) => [{ role: "user" as const, content }, { role: "assistant" as const, content: "…" }]);

describe("a follow-up", () => {
  it("is a question that leans on the conversation: short and pointing back, or continuing it", () => {
    const history = said("which signs are the fire signs");
    expect(isFollowUp("and the water ones?", history)).toBe(true);
    expect(isFollowUp("what about the knight", history)).toBe(true);
    expect(isFollowUp("how long does it take", history)).toBe(true);
    expect(isFollowUp("discounts?", history)).toBe(true);
    // A question that stands alone, or the first one, is not.
    expect(isFollowUp("how do I keep client records safe when I work from a shared laptop", history)).toBe(false);
    expect(isFollowUp("and the water ones?", [])).toBe(false);
  });

  it("carries the words of the question it follows, back to the one that stood alone", () => {
    expect(carriedWords("and the water ones?", said("which signs are the fire signs"))).toEqual(["signs", "fire"]);
    expect(carriedWords("and the tower?", said("what does the star card mean", "and death?"))).toEqual(["death", "star", "card", "mean"]);
    expect(carriedWords("how do I keep client records safe when I work from a shared laptop", said("which signs are the fire signs"))).toEqual([]);
  });
});

describe("crisis words in a member's own words", () => {
  it("are met with real help first, in any form of the phrase (an eval paraphrase once slipped past)", () => {
    expect(scopeRefusal("a client tells me in the middle of a reading that they're thinking about ending their life")).toBe("crisis");
    expect(scopeRefusal("My client said she wants to end her own life")).toBe("crisis");
    expect(scopeRefusal("how do I end a reading on a good note")).toBeNull();
  });
});

describe("on the demo academy", () => {
  let free: { id: number; role: "student" | "admin" | "instructor" };
  let premium: { id: number; role: "student" | "admin" | "instructor" };

  beforeAll(async () => {
    const admin = await ensureAdmin({ username: "headmaster", password: "correct-horse-battery-staple" });
    void admin;
    await seedDemoData();
    await rebuildLibrary();
    const find = async (username: string) => (await first(db.select({ id: users.id, role: users.role }).from(users).where(eq(users.username, username)).limit(1)))!;
    free = await find(DEMO_STUDENT.username);
    premium = await find(DEMO_PREMIUM.username);
  }, 60_000);

  const titlesFound = async (question: string, viewer: { id: number; role: "student" | "admin" | "instructor" }, carried: string[] = []) =>
    (await searchLibrary(question, viewer, { limit: 3, carried })).passages.map((p) => `${p.title} / ${p.heading ?? ""}`);

  it("finds a follow-up's passage with the carried words, and not without them", async () => {
    const carried = carriedWords("how many are in each", said("what's the difference between the major and minor arcana"));
    expect((await titlesFound("how many are in each", free, carried))[0]).toBe("The Structure of the Deck / Major and Minor Arcana");
    expect((await titlesFound("how many are in each", free))[0]).not.toBe("The Structure of the Deck / Major and Minor Arcana");
  });

  it("answers a follow-up asked through the whole answer path from the conversation", async () => {
    const request = ChatRequestSchema.parse({ message: "and the water ones?", context: { conversationHistory: said("which signs are the fire signs") } });
    const answer = await answerQuestion(free, request);
    expect(answer.answered).toBe(true);
    expect(answer.sources[0]?.heading).toBe("The twelve signs at a glance");
    expect(answer.response).toMatch(/Cancer, Scorpio, Pisces/);
  });

  it("carried words never turn a question about something else into an answer", async () => {
    const question = "whats the weather in reykjavik tomorrow";
    const search = await searchLibrary(question, free, { limit: 6, carried: carriedWords(question, said("which signs are the fire signs")) });
    expect(offlineAnswer(question, search).answered).toBe(false);
  });

  it("points a pricing question to the Session Rate Calculator in the tools & templates, with its link", async () => {
    const search = await searchLibrary("is there a worksheet to work out my session rate", free, { limit: 6 });
    const calculator = search.passages.find((p) => p.kind === "template" && p.title === "Session Rate Calculator");
    const id = (await first(db.select({ id: toolTemplates.id }).from(toolTemplates).where(eq(toolTemplates.title, "Session Rate Calculator")).limit(1)))?.id;
    expect(calculator?.url).toBe(`/tools-templates?category=calculators#template-${id}`);
    // Its contents are indexed, not only its description, without the fill-in rules.
    const bodies = (await db.select({ body: companionChunks.body }).from(companionChunks).where(eq(companionChunks.templateId, id!))).map((row) => row.body).join(" ");
    expect(bodies).toContain("Booking / scheduling software");
    expect(bodies).not.toMatch(/\.{3,}|_{3,}/);
  });

  it("keeps a Premium template's text from a member without Premium", async () => {
    const question = "annual practice planner yearly target";
    expect((await searchLibrary(question, free, { limit: 6 })).passages.some((p) => p.title === "Annual Practice Planner")).toBe(false);
    expect((await searchLibrary(question, premium, { limit: 6 })).passages.some((p) => p.title === "Annual Practice Planner")).toBe(true);
  });

  it("indexes a template when it is created and forgets it when it is deleted", async () => {
    fs.mkdirSync(path.join(env.UPLOADS_DIR, "templates"), { recursive: true });
    fs.writeFileSync(path.join(env.UPLOADS_DIR, "templates", "moon-journal.txt"), "MOON JOURNAL\n\nWrite one quinctilian observation for each lunation.");
    const created = await createTemplate(
      { title: "Moon Journal", description: "A page per lunation.", category: "tools", fileUrl: "/uploads/templates/moon-journal.txt", fileName: "moon-journal.txt", fileType: "text/plain", isPremiumOnly: false, isActive: true },
      free.id,
    );
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    expect((await searchLibrary("quinctilian observation", free, { limit: 3 })).passages[0]?.title).toBe("Moon Journal");
    expect(await deleteTemplate(created.template.id)).toBe(true);
    expect((await searchLibrary("quinctilian observation", free, { limit: 3 })).passages.some((p) => p.title === "Moon Journal")).toBe(false);
  });

  it("offers the closest passages with an honest 'this may help' when the best one is weak, and still refuses other subjects", async () => {
    const question = "how do i settle a nervous client";
    const search = await searchLibrary(question, free, { limit: 6 });
    const best = search.passages[0];
    expect(best).toBeDefined();
    // The same passages, the best one holding less of the question than an answer needs but a fair share.
    const weakened = { ...search, passages: search.passages.map((p, i) => ({ ...p, match: { title: 0, heading: 0, text: i === 0 ? 0.2 : 0.1 } })) };
    const helping = offlineAnswer(question, weakened);
    expect(helping.answered).toBe(true);
    expect(helping.response).toContain(MAY_HELP_INTRO);
    expect(helping.cited[0]?.passage.chunkId).toBe(best?.chunkId);
    const tooWeak = { ...search, passages: search.passages.map((p) => ({ ...p, match: { title: 0, heading: 0, text: 0.1 } })) };
    expect(offlineAnswer(question, tooWeak).answered).toBe(false);
    for (const outside of ["how do i knit a scarf, i'm a beginner", "what's the capital of australia", "easy sourdough starter recipe"]) {
      expect(offlineAnswer(outside, await searchLibrary(outside, free, { limit: 6 })).answered, outside).toBe(false);
    }
  });

  it("widens a word the library does not hold with WordNet's related words the library does hold", async () => {
    expect(relatedWords("upset")).toContain("distressed");
    expect(relatedWords("weary")).toEqual(expect.arrayContaining(["tire", "fatigue"]));
    expect(relatedWords("qwertyuiop")).toEqual([]);
    const vocabulary = await libraryVocabulary();
    const concepts = analyseQuestion("my client seems weary", vocabulary, { related: relatedWords });
    const related = concepts.filter((c) => c.related);
    expect(related.length).toBeGreaterThan(0);
    // Only for the unknown word, only words the library holds, each weighing less.
    for (const concept of related) expect(vocabulary.documents.get(concept.stems[0] ?? "")).toBeGreaterThan(0);
    expect(related.map((c) => c.word)).toContain("fatigue");
    expect(related.every((c) => relatedWords("weary").includes(c.word) && c.weight < (concepts.find((o) => o.word === "weary")?.weight ?? 0))).toBe(true);
    expect(concepts.find((c) => c.word === "client")?.related).toBe(false);
  });
});
