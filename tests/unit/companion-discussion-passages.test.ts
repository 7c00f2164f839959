import { describe, expect, it } from "vitest";
import { DISCUSSION_HEADING, discussionAnswer, ownWordsFirst } from "~/models/companion/companion-library.server";

// Issue 46: a question answered in a lesson's discussion is a passage of that
// lesson, cited after the lesson's own words and quoted by its answer.

const row = (id: string, lessonId: number | null, heading: string | null = "Section") => ({ id, lessonId, heading });

describe("where an answered question stands among the passages", () => {
  it("comes after its own lesson's passages, however well it ranks", () => {
    const ranked = [row("q7", 7, DISCUSSION_HEADING), row("other", 9), row("own", 7), row("article", null, null)];
    expect(ownWordsFirst(ranked).map((r) => r.id)).toEqual(["other", "own", "q7", "article"]);
  });

  it("keeps its rank when its lesson has no passage among them", () => {
    const ranked = [row("q7", 7, DISCUSSION_HEADING), row("other", 9), row("article", null, null)];
    expect(ownWordsFirst(ranked).map((r) => r.id)).toEqual(["q7", "other", "article"]);
  });

  it("never moves ahead of where it ranked", () => {
    const ranked = [row("own", 7), row("other", 9), row("q7", 7, DISCUSSION_HEADING)];
    expect(ownWordsFirst(ranked).map((r) => r.id)).toEqual(["own", "other", "q7"]);
  });
});

it("reads the answer out of a discussion passage", () => {
  expect(discussionAnswer("Question: How long do I look?\nAnswer: Seven slow breaths. Then rest.")).toBe("Seven slow breaths. Then rest.");
});
