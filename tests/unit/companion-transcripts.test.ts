import { beforeAll, describe, expect, it } from "vitest";
import { seedDemoData } from "#db/seed";
import { rebuildLibrary, searchLibrary, transcriptPassages } from "~/models/companion/companion-library.server";
import { ensureAdmin } from "~/models/accounts/user.server";

// Issue 38: what is said in a captioned video is part of the companion's
// library, as lesson passages that cite the second they start at.

beforeAll(async () => {
  await ensureAdmin({ username: "headmaster", password: "correct-horse-battery-staple" });
  await seedDemoData();
  await rebuildLibrary();
});

describe("transcript passages", () => {
  it("joins cues into passages of about 60 words, each starting at its first cue's second", () => {
    const cue = (start: number, words: number) => ({ start, text: Array.from({ length: words }, (_, i) => `w${start}x${i}`).join(" ") });
    const passages = transcriptPassages([cue(0.6, 30), cue(4.2, 25), cue(9.9, 20), cue(15, 50), { start: 20, text: "  " }]);
    expect(passages.map((passage) => [passage.startSeconds, passage.body.split(" ").length])).toEqual([
      [0, 55],
      [9, 20],
      [15, 50],
    ]);
  });

  it("finds the demo lesson's spoken words and cites the lesson at that second", async () => {
    const found = await searchLibrary("what intention do I set silently before a reading, to see clearly and speak kindly?", { id: 1, role: "admin" });
    const transcript = found.passages.find((passage) => passage.heading === "A one-minute grounding breath (video transcript)");
    expect(transcript?.url).toBe("/course/1/lesson/2?section=4&t=23");
    expect(transcript?.body).toContain("may I see clearly, speak kindly");
  });
});
