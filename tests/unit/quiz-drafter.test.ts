import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadDemoContent } from "#db/seed-content";
import { draftQuestionsOffline, lessonSentences } from "~/models/assessment/quiz-draft-offline";
import { QuizQuestionSchema } from "~/schemas/quiz";

// Issue 24: the offline drafter on every seeded lesson — at least 3 questions,
// each valid, each pointing at a real sentence of its lesson.
const content = loadDemoContent(path.resolve("content"));
const lessons = content.courses.flatMap((course) =>
  course.lessons.map((lesson) => ({
    name: `${course.title} / ${lesson.title}`,
    lesson: { title: lesson.title, description: lesson.description, contentSections: lesson.sections.map((s) => ({ type: s.type, title: s.title, content: s.content })) },
  })),
);

describe("the offline quiz drafter", () => {
  it.each(lessons)("drafts at least 3 valid questions from $name, each from one of its sentences", ({ lesson }) => {
    const questions = draftQuestionsOffline(lesson);
    const sentences = lessonSentences(lesson);
    expect(questions.length).toBeGreaterThanOrEqual(3);
    for (const question of questions) {
      const { source, ...rest } = question;
      expect(QuizQuestionSchema.safeParse(rest).success, JSON.stringify(rest)).toBe(true);
      expect(sentences).toContain(source);
      // No Markdown left in what a member reads.
      expect(question.prompt).not.toMatch(/\*\*|\]\(|^#/);
    }
    expect(new Set(questions.map((q) => q.prompt)).size).toBe(questions.length);
    expect(draftQuestionsOffline(lesson)).toEqual(questions);
  });

  it("makes every kind of question on a lesson with key terms", () => {
    const all = lessons.flatMap(({ lesson }) => draftQuestionsOffline(lesson));
    expect(new Set(all.map((q) => q.type))).toEqual(new Set(["single", "true_false", "short"]));
    // A swapped statement is false; the sentence as written is true.
    expect(all.some((q) => q.type === "true_false" && q.correct?.[0] === 1)).toBe(true);
    expect(all.some((q) => q.type === "true_false" && q.correct?.[0] === 0)).toBe(true);
  });

  it("reads Markdown as plain sentences and drafts from a short lesson", () => {
    const lesson = {
      title: "Breath",
      description: "",
      contentSections: [
        {
          type: "text",
          title: "Breathing",
          content: "## Why breathe\n\nSlow **breathing** calms the *nervous system* before a reading. Count four breaths in and four breaths out.\n\n- **Grounding** keeps your attention in the room with the client today.",
        },
      ],
    };
    expect(lessonSentences(lesson)).toEqual([
      "Slow breathing calms the nervous system before a reading.",
      "Count four breaths in and four breaths out.",
      "Grounding keeps your attention in the room with the client today.",
    ]);
    const questions = draftQuestionsOffline(lesson);
    expect(questions.length).toBeGreaterThanOrEqual(3);
    for (const question of questions) expect(lessonSentences(lesson)).toContain(question.source);
  });

  const tiny = (description: string, content: string) => ({ title: "Tiny", description, contentSections: [{ type: "text", title: "Tiny", content }] });

  it.each([
    ["one sentence", tiny("", "Tarot has seventy-eight cards in a deck.")],
    ["a description only", { title: "Shuffling", description: "Learn how to shuffle the deck calmly.", contentSections: [] }],
    ["one two-word sentence", tiny("", "Breathe slowly.")],
    ["a lead-in and a code block", tiny("", "Use this:\n\n```\nconst a = 1;\n```\n\nSee [the docs](https://example.com) for **more** details on shuffling cards.")],
  ])("still drafts 3 valid, different questions from a lesson with %s", (_, lesson) => {
    const questions = draftQuestionsOffline(lesson);
    expect(questions).toHaveLength(3);
    for (const { source, ...question } of questions) {
      expect(QuizQuestionSchema.safeParse(question).success, JSON.stringify(question)).toBe(true);
      expect(lessonSentences(lesson)).toContain(source);
      expect(source).not.toMatch(/:$/);
    }
    expect(new Set(questions.map((q) => q.prompt)).size).toBe(3);
  });

  it("drafts nothing from a lesson without sentences", () => {
    expect(draftQuestionsOffline(tiny("", "## Only a heading"))).toEqual([]);
  });

  it("blanks whole words only, and writes false statements as sentences", () => {
    const questions = lessons.flatMap(({ lesson }) => draftQuestionsOffline(lesson));
    // "five-minute" never becomes "five-_____".
    for (const question of questions) expect(question.prompt).not.toMatch(/[\p{L}'’-]_____|_____[\p{L}'’-]/u);
    // A changed statement starts with a capital letter, as its sentence does.
    const falseOnes = questions.filter((q) => q.type === "true_false" && q.correct?.[0] === 1);
    for (const question of falseOnes) expect(question.prompt).toMatch(/^True or false: [^a-z]/);
    // Some are made false by negation, e.g. "is not yours" from "is yours" or the reverse.
    expect(falseOnes.some((q) => q.prompt.replace("True or false: ", "") !== q.source && /\bnot\b|\bcannot\b/.test(q.prompt + q.source))).toBe(true);
  });
});
