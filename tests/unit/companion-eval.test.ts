import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadDemoContent } from "#db/seed-content";
import {
  expectedKeys,
  figures,
  firstCitation,
  firstHit,
  loadQuestionSet,
  percentile,
  QUESTION_KINDS,
  rankedSources,
  SET_SIZE,
  sourceKey,
  type EvalQuestion,
  type QuestionResult,
} from "../eval/companion-eval";

// The companion's evaluation (npm run eval:companion): the question set is what
// the issue asks for, and the figures are computed as they are named.

const question = (answers: EvalQuestion["answers"], kind: EvalQuestion["kind"] = "paraphrase"): EvalQuestion => ({ ask: "q", kind, answers });
const result = (q: EvalQuestion, hit: number | null, cited: string | null): QuestionResult => ({ question: q, ranked: [], hit, cited, ms: 1 });

describe("the evaluation's figures", () => {
  it("rank sources, not passages: two passages of one section are one source", () => {
    const passages = [
      { kind: "lesson" as const, title: "Pricing", heading: "Rates" },
      { kind: "lesson" as const, title: "Pricing", heading: "Rates" },
      { kind: "article" as const, title: "Billing", heading: null },
    ];
    expect(rankedSources(passages)).toEqual(["lesson: Pricing / Rates", "article: Billing"]);
    expect(firstHit(rankedSources(passages), new Set(["article: Billing"]))).toBe(2);
    expect(firstHit(rankedSources(passages), new Set(["article: Other"]))).toBeNull();
  });

  it("take an answer's first citation from its text", () => {
    const sources = [
      { n: 1, kind: "article" as const, title: "Billing", heading: null },
      { n: 2, kind: "lesson" as const, title: "Pricing", heading: "Rates" },
    ];
    expect(firstCitation("As [2] says, and [1] too.", sources)).toBe("lesson: Pricing / Rates");
    expect(firstCitation("No citation, or one that matches nothing [7].", sources)).toBeNull();
  });

  it("compute recall, MRR, first-citation accuracy and refusals", () => {
    const right = question([{ article: "Billing" }]);
    const key = sourceKey({ kind: "article", title: "Billing", heading: null });
    const outside = question([], "outside");
    const results = [result(right, 1, key), result(right, 2, key), result(right, 4, "article: Other"), result(right, null, null), result(outside, null, null), result(outside, null, key)];
    expect(figures(results)).toEqual({ questions: 6, recallAt1: 0.25, recallAt3: 0.5, mrr: (1 + 1 / 2 + 1 / 4 + 0) / 4, firstCitationCorrect: 0.5, refusals: 0.5 });
    expect(expectedKeys(right)).toEqual(new Set([key]));
  });

  it("take percentiles by the nearest rank", () => {
    const samples = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(samples, 50)).toBe(50);
    expect(percentile(samples, 95)).toBe(95);
    expect(percentile([], 95)).toBe(0);
  });
});

describe("the question set", () => {
  const questions = loadQuestionSet();
  const content = loadDemoContent(path.resolve(import.meta.dirname, "../../content"));

  it("holds at least 200 questions, 60 in other words and 20 follow-ups, and some of every kind", () => {
    expect(questions.length).toBeGreaterThanOrEqual(SET_SIZE.all);
    const kinds = new Map<string, number>();
    for (const q of questions) kinds.set(q.kind, (kinds.get(q.kind) ?? 0) + 1);
    for (const kind of QUESTION_KINDS) expect(kinds.get(kind) ?? 0, kind).toBeGreaterThanOrEqual(5);
    expect(kinds.get("paraphrase")).toBeGreaterThanOrEqual(SET_SIZE.paraphrase);
    expect(kinds.get("followup")).toBeGreaterThanOrEqual(SET_SIZE.followup);
    expect(new Set(questions.map((q) => q.ask.toLowerCase())).size, "no question twice").toBe(questions.length);
  });

  it("covers every course and every published article category", () => {
    const asked = new Set(questions.flatMap((q) => q.answers.map((a) => ("lesson" in a ? a.lesson : "article" in a ? a.article : a.template))));
    for (const course of content.courses) expect(course.lessons.some((lesson) => asked.has(lesson.title)), course.title).toBe(true);
    const categories = new Set(content.articles.filter((a) => a.isPublished).map((a) => a.category));
    for (const category of categories) {
      expect(content.articles.some((a) => a.category === category && asked.has(a.title)), category).toBe(true);
    }
  });

  it("names only lessons, sections, articles and templates that exist", () => {
    const lessons = new Map(content.courses.flatMap((c) => c.lessons.map((l) => [l.title, new Set(l.sections.map((s) => s.title))] as const)));
    const articles = new Set(content.articles.map((a) => a.title));
    const templates = new Set(content.templates.map((t) => t.title));
    for (const q of questions) {
      for (const answer of q.answers) {
        if ("article" in answer) expect(articles.has(answer.article), `${q.ask} → ${answer.article}`).toBe(true);
        else if ("template" in answer) expect(templates.has(answer.template), `${q.ask} → ${answer.template}`).toBe(true);
        else expect(lessons.get(answer.lesson)?.has(answer.section), `${q.ask} → ${answer.lesson} / ${answer.section}`).toBe(true);
      }
      if (q.askedFrom) expect(lessons.has(q.askedFrom), q.askedFrom).toBe(true);
    }
  });
});
