import { describe, expect, it } from "vitest";
import { gradeAnswers, isAnswerCorrect } from "~/models/assessment/quiz-grading";
import { normaliseShortAnswer, QuizSchema, quizScore } from "~/schemas/quiz";

// Issue 24: the scoring rules and the quiz's validation rules.
const question = (id: number, type: "single" | "multiple" | "true_false" | "short", extra: { correct?: number[]; accepted?: string[]; explanation?: string }) => ({
  id,
  type,
  correct: extra.correct ?? null,
  accepted: extra.accepted ?? null,
  explanation: extra.explanation ?? null,
});

describe("scoring", () => {
  it("is correct / all × 100, rounded", () => {
    expect(quizScore(0, 3)).toBe(0);
    expect(quizScore(1, 3)).toBe(33);
    expect(quizScore(2, 3)).toBe(67);
    expect(quizScore(3, 3)).toBe(100);
    expect(quizScore(0, 0)).toBe(0);
  });

  it("counts an unanswered question as wrong and passes at the pass mark", () => {
    const quiz = {
      passingScore: 50,
      questions: [question(1, "single", { correct: [1], explanation: "Because." }), question(2, "true_false", { correct: [0] })],
    };
    expect(gradeAnswers(quiz, [{ questionId: 1, choices: [1] }])).toEqual({
      score: 50,
      passed: true,
      results: [
        { questionId: 1, correct: true, explanation: "Because." },
        { questionId: 2, correct: false },
      ],
    });
    expect(gradeAnswers({ ...quiz, passingScore: 51 }, [{ questionId: 1, choices: [1] }]).passed).toBe(false);
    // Answers to questions that are not in the quiz change nothing; the first answer to a question counts.
    expect(gradeAnswers(quiz, [{ questionId: 99, choices: [0] }, { questionId: 2, choices: [0] }, { questionId: 2, choices: [1] }]).score).toBe(50);
  });

  it("wants exactly the correct set for a multiple-answer question", () => {
    const q = question(1, "multiple", { correct: [0, 2] });
    expect(isAnswerCorrect(q, { choices: [2, 0] })).toBe(true);
    expect(isAnswerCorrect(q, { choices: [0, 2, 2] })).toBe(true);
    expect(isAnswerCorrect(q, { choices: [0] })).toBe(false);
    expect(isAnswerCorrect(q, { choices: [0, 1, 2] })).toBe(false);
    expect(isAnswerCorrect(q, { choices: [] })).toBe(false);
    expect(isAnswerCorrect(q, undefined)).toBe(false);
  });

  it("compares short answers ignoring case, surrounding and repeated spaces", () => {
    const q = question(1, "short", { accepted: ["The  Moon", "luna"] });
    expect(normaliseShortAnswer("  The   MOON \n")).toBe("the moon");
    expect(isAnswerCorrect(q, { text: " the moon " })).toBe(true);
    expect(isAnswerCorrect(q, { text: "LUNA" })).toBe(true);
    expect(isAnswerCorrect(q, { text: "the moons" })).toBe(false);
    expect(isAnswerCorrect(q, { text: "   " })).toBe(false);
    expect(isAnswerCorrect(q, { choices: [0] })).toBe(false);
  });
});

describe("the quiz's rules", () => {
  const valid = { passingScore: 70, questions: [{ type: "single", prompt: "Q?", options: ["a", "b"], correct: [0] }] };
  const messages = (input: unknown) => {
    const result = QuizSchema.safeParse(input);
    return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
  };

  it("accepts a valid quiz and fills the defaults", () => {
    const parsed = QuizSchema.parse(valid);
    expect(parsed).toMatchObject({ passingScore: 70, maxAttempts: 0, shuffle: false });
    // True/false carries no options of its own; short answers no correct indices.
    const mixed = QuizSchema.parse({ ...valid, questions: [{ type: "true_false", prompt: "T?", options: ["x", "y", "z"], correct: [1] }, { type: "short", prompt: "S?", accepted: ["yes"], correct: [0] }] });
    expect(mixed.questions[0]).toMatchObject({ type: "true_false", options: undefined, correct: [1] });
    expect(mixed.questions[1]).toMatchObject({ type: "short", correct: undefined, accepted: ["yes"] });
  });

  it("names each broken rule at its field", () => {
    expect(messages({ ...valid, passingScore: 120 })).toEqual(["passingScore: Pass mark must be between 0 and 100"]);
    expect(messages({ ...valid, questions: [] })).toEqual(["questions: Add at least one question"]);
    expect(messages({ ...valid, questions: [{ type: "multiple", prompt: "Q", options: ["a"], correct: [0] }] })).toEqual(["questions.0.options: A question needs at least 2 options"]);
    expect(messages({ ...valid, questions: [{ type: "single", prompt: "Q", options: ["a", "b"], correct: [] }] })).toEqual(["questions.0.correct: Mark exactly one correct answer"]);
    expect(messages({ ...valid, questions: [{ type: "true_false", prompt: "Q", correct: [2] }] })[0]).toMatch(/^questions\.0\.correct: A correct answer points at an option that does not exist/);
    expect(messages({ ...valid, questions: [{ type: "short", prompt: "Q", accepted: [] }] })).toEqual(["questions.0.accepted: A short-answer question needs at least one accepted answer"]);
    expect(messages({ ...valid, questions: [{ type: "single", prompt: " ", options: ["a", "b"], correct: [0] }] })).toEqual(["questions.0.prompt: Question is required"]);
  });
});

describe("the quiz form's questions, written on the server", () => {
  it("escape what the admin wrote, keep option numbers in the shown order, and carry no answers", async () => {
    const { quizQuestionsHtml } = await import("~/routes/_learn+/course.$courseId_.lesson.$lessonId/quiz-form-html.server");
    const html = quizQuestionsHtml([
      { id: 7, type: "single", prompt: "Is <b>this</b> & that \"ok\"?", options: ["<script>x</script>", "B"], optionOrder: [1, 0] },
      { id: 8, type: "short", prompt: "Name it" },
      { id: 9, type: "multiple", prompt: "Pick", options: ["a", "b"] },
    ]);
    expect(html).toContain("1. Is &lt;b&gt;this&lt;/b&gt; &amp; that &quot;ok&quot;?");
    expect(html).not.toContain("<script>");
    expect(html.indexOf('value="1">B')).toBeLessThan(html.indexOf('value="0">&lt;script&gt;'));
    expect(html).toContain('<input name="q-8" type="text"');
    expect(html).toContain('type="checkbox" name="q-9" value="0"');
    expect(html).toContain("3. Pick (choose all that apply)");
  });
});
