import { describe, expect, it } from "vitest";
import { groupQuestions, similarWording } from "~/models/companion/question-groups";

describe("unanswered questions grouped by wording", () => {
  const at = (minutes: number) => new Date(Date.UTC(2026, 10, 1, 12, minutes));

  it("puts the same question in other words, or misspelt, in one group, the largest group first", () => {
    const groups = groupQuestions([
      { question: "How do I make a sourdough starter?", createdAt: at(1) },
      { question: "wine stain on the carpet", createdAt: at(2) },
      { question: "sourdough starter recipe", createdAt: at(3) },
      { question: "my sourdugh starter smells odd", createdAt: at(4) },
    ]);
    expect(groups.map((g) => g.questions.length)).toEqual([3, 1]);
    expect(groups[0]).toMatchObject({ example: "my sourdugh starter smells odd", lastAskedAt: at(4) });
    expect(groups[0]?.words).toContain("starter");
  });

  it("keeps questions that share only a common word apart", () => {
    const groups = groupQuestions([
      { question: "how do I price a reading", createdAt: at(1) },
      { question: "how do I end a reading early", createdAt: at(2) },
    ]);
    expect(groups).toHaveLength(2);
  });

  it("needs two shared words, half of the shorter question's, or the one word of a one-word question", () => {
    expect(similarWording(["sourdough", "starter"], ["sourdough", "starter", "recip", "quick"])).toBe(true);
    expect(similarWording(["sourdough", "bread"], ["sourdough", "starter", "recip"])).toBe(false);
    expect(similarWording(["podcast"], ["podcst", "garag"])).toBe(true);
    expect(similarWording(["price", "read"], ["end", "read", "earli"])).toBe(false);
    expect(similarWording([], ["a"])).toBe(false);
  });
});
