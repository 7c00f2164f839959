import { beforeAll, describe, expect, it } from "vitest";
import { seedDemoData } from "#db/seed";
import { libraryQuery, rebuildLibrary, searchLibrary } from "~/models/companion/companion-library.server";
import { offlineAnswer } from "~/models/companion/companion-offline.server";
import { ensureAdmin } from "~/models/accounts/user.server";

// Retrieval quality on the demo academy (offline mode): each question must
// bring the lesson or article that answers it into the top 3 passages, and the
// extractive answer must quote it.
const QUESTIONS: Array<[question: string, expectedTitle: string]> = [
  ["How do I ground myself before a reading?", "Grounding and Centering Before a Reading"],
  ["What is intuition, really?", "What Intuition Is (and Isn't)"],
  ["Should I ask open or closed questions?", "Asking Questions That Open the Conversation"],
  ["How can I share an impression without scaring the client?", "Sharing Impressions with Care"],
  ["When should I refer a client to another professional?", "The Advisor's Duty of Care"],
  ["What should clients know before they book a session?", "Informed Consent Before Every Session"],
  ["A client messages me every day, how do I handle dependency?", "Holding Healthy Boundaries"],
  ["What do I do when a client is in crisis?", "Navigating Difficult Conversations"],
  ["What are the four suits and their elements?", "The Structure of the Deck"],
  ["What does the Tower card mean?", "The Major Arcana as a Journey"],
  ["How do I read court cards?", "Numbers, Court Cards and Colour"],
  ["How should I interpret reversed cards?", "Reversals and Simple Spread Design"],
  ["What are the sun, moon and rising signs?", "Reading a Birth Chart Responsibly"],
  ["How do I talk about transits without sounding fatalistic?", "Transits and Timing Without Fatalism"],
  ["How should I close a session?", "Anatomy of a Great Session"],
  ["How do I give readings over video or phone?", "Remote Sessions: Phone, Video and Written Readings"],
  ["How long should I keep client records?", "Notes, Records and Privacy"],
  ["How do I build a steady study habit?", "How to Build a Steady Study Habit"],
  ["How do I cancel my subscription?", "Managing Your Subscription"],
  ["My camera doesn't work in the live session", "Troubleshooting Live Sessions, Video and Audio"],
];

const ADMIN_VIEWER = { id: 1, role: "admin" as const };

beforeAll(async () => {
  await ensureAdmin({ username: "headmaster", password: "correct-horse-battery-staple" });
  await seedDemoData();
  await rebuildLibrary();
});

describe("the study companion's library", () => {
  it("finds the passage that answers each demo question in the top 3", async () => {
    const misses: string[] = [];
    for (const [question, expected] of QUESTIONS) {
      const titles = [...new Set((await searchLibrary(question, ADMIN_VIEWER, { limit: 6 })).passages.map((p) => p.title))].slice(0, 3);
      if (!titles.includes(expected)) misses.push(`${question} → ${titles.join(" / ")}`);
    }
    console.log(`retrieval hit rate: ${QUESTIONS.length - misses.length}/${QUESTIONS.length}`);
    expect(misses).toEqual([]);
  });

  it("quotes the expected source in its offline answer", async () => {
    const misses: string[] = [];
    for (const [question, expected] of QUESTIONS) {
      const answer = offlineAnswer(question, await searchLibrary(question, ADMIN_VIEWER, { limit: 6 }));
      const cited = answer.cited.map(({ passage }) => passage.title).slice(0, 3);
      if (!answer.answered || !cited.includes(expected)) misses.push(`${question} → ${cited.join(" / ") || "(no answer)"}`);
    }
    console.log(`offline answer hit rate: ${QUESTIONS.length - misses.length}/${QUESTIONS.length}`);
    expect(misses.length).toBeLessThanOrEqual(2);
  });

  it("never passes the asker's syntax to FTS5", async () => {
    // A query is quoted words, a word's alternatives (a synonym) grouped in brackets, joined by OR.
    const term = String.raw`"[\p{L}\p{N}]+"\*?`;
    const group = String.raw`(${term}|\(${term}( OR ${term})+\))`;
    const wellFormed = new RegExp(String.raw`^${group}( OR ${group})*$`, "u");
    for (const hostile of ['"', 'NEAR(a b', "title:secret", "a* OR *", "'); DROP TABLE users; --", "(((", "AND OR NOT", "\u0000", "💜✨", 'quit" OR (webcam* NEAR']) {
      const query = await libraryQuery(hostile);
      expect(query === null || wellFormed.test(query), `${hostile} → ${query}`).toBe(true);
      expect(async () => await searchLibrary(hostile, ADMIN_VIEWER)).not.toThrow();
    }
  });

  it("says so when nothing in the library answers", async () => {
    const answer = offlineAnswer("quantum chromodynamics lattice gauge", await searchLibrary("quantum chromodynamics lattice gauge", ADMIN_VIEWER));
    expect(answer.answered).toBe(false);
    expect(answer.response).toContain("I couldn't find this in the course library.");
    expect(answer.response).toContain("/community");
  });
});
