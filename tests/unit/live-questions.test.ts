import { describe, expect, it } from "vitest";
import { applyQuestionUpdate, QuestionTextSchema, type LiveQuestion } from "~/schemas/live-questions";

const question = (id: number, votes: number, extra: Partial<LiveQuestion> = {}): LiveQuestion => ({
  id,
  text: `Question ${id}`,
  authorName: "Sage",
  votes,
  voted: false,
  answered: false,
  createdAt: new Date(Date.UTC(2026, 10, 27, 0, id)).toISOString(),
  ...extra,
});

describe("a question's text", () => {
  it("is trimmed to one line without control characters, 1–500 characters", () => {
    expect(QuestionTextSchema.parse("  Why\nnow?\t ")).toBe("Why now?");
    expect(QuestionTextSchema.parse("a\u202eb")).toBe("ab");
    expect(QuestionTextSchema.safeParse(" \n ").success).toBe(false);
    expect(QuestionTextSchema.safeParse("x".repeat(500)).success).toBe(true);
    expect(QuestionTextSchema.safeParse("x".repeat(501)).success).toBe(false);
  });
});

describe("the room's list after an update", () => {
  it("orders by votes, then the earlier question, and keeps the reader's own vote", () => {
    const list = [question(1, 2, { voted: true }), question(2, 1), question(3, 0)];
    // The room sends updates without anyone's own vote.
    const updated = applyQuestionUpdate(list, question(3, 2));
    expect(updated.map((item) => [item.id, item.votes])).toEqual([
      [1, 2],
      [3, 2],
      [2, 1],
    ]);
    expect(applyQuestionUpdate(updated, question(1, 3)).find((item) => item.id === 1)?.voted).toBe(true);
  });

  it("adds a new question and drops a hidden one", () => {
    const list = [question(1, 0)];
    expect(applyQuestionUpdate(list, question(2, 0)).map((item) => item.id)).toEqual([1, 2]);
    expect(applyQuestionUpdate(list, { id: 1, removed: true })).toEqual([]);
  });
});
