import fs from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { z } from "zod";

// The study companion's evaluation: the question set (companion-questions.yaml)
// and the figures computed from what the companion returned for it. Pure
// functions; scripts/eval-companion.ts runs the companion and prints them.

export const QUESTION_KINDS = ["title", "heading", "paraphrase", "short", "misspelt", "premium", "context", "followup", "outside"] as const;

const SourceSchema = z.union([
  z.object({ lesson: z.string().min(1), section: z.string().min(1) }).strict(),
  z.object({ article: z.string().min(1) }).strict(),
  z.object({ template: z.string().min(1) }).strict(),
]);
const QuestionSchema = z
  .object({
    ask: z.string().min(1),
    kind: z.enum(QUESTION_KINDS),
    /** A lesson title: the question is asked from that lesson's page. */
    askedFrom: z.string().min(1).optional(),
    /** The member's previous question in the conversation: this one is a follow-up to it. */
    after: z.string().min(1).optional(),
    answers: z.array(SourceSchema).max(5),
  })
  .strict()
  .refine((q) => (q.kind === "followup") === Boolean(q.after), "follow-up questions, and only they, name the question they follow")
  .refine((q) => (q.kind === "outside") === (q.answers.length === 0), "outside questions, and only they, have no answers")
  .refine((q) => (q.kind === "context") === Boolean(q.askedFrom), "context questions, and only they, name the lesson they are asked from");
export type EvalQuestion = z.infer<typeof QuestionSchema>;
export type EvalSource = z.infer<typeof SourceSchema>;

export const QUESTION_SET_PATH = path.resolve("tests/eval/companion-questions.yaml");

/**
 * Questions written before the second round of offline tuning and never edited
 * since (docs/decisions/027): the figures on them show whether a change helps
 * members in general or only the main set it was tuned on.
 */
export const HELDOUT_SET_PATH = path.resolve("tests/eval/companion-heldout.yaml");

export function loadQuestionSet(file = QUESTION_SET_PATH, minimum = 200): EvalQuestion[] {
  return z.array(QuestionSchema).min(minimum).parse(parse(fs.readFileSync(file, "utf8")));
}

export function loadHeldOutSet(file = HELDOUT_SET_PATH): EvalQuestion[] {
  return loadQuestionSet(file, 40);
}

type SourceKind = "lesson" | "article" | "template";

/** One key per source the companion can cite: a lesson section, a whole article, or a tool or template. */
export function sourceKey(source: { kind: SourceKind; title: string; heading: string | null }): string {
  if (source.kind === "template") return `template: ${source.title}`;
  return source.kind === "article" ? `article: ${source.title}` : `lesson: ${source.title} / ${source.heading ?? ""}`;
}

export function expectedKeys(question: EvalQuestion): Set<string> {
  return new Set(
    question.answers.map((answer) => {
      if ("article" in answer) return sourceKey({ kind: "article", title: answer.article, heading: null });
      if ("template" in answer) return sourceKey({ kind: "template", title: answer.template, heading: null });
      return sourceKey({ kind: "lesson", title: answer.lesson, heading: answer.section });
    }),
  );
}

/** Passages ranked best first, as distinct sources (two passages of one section are one source). */
export function rankedSources(passages: Array<{ kind: SourceKind; title: string; heading: string | null }>): string[] {
  return [...new Set(passages.map(sourceKey))];
}

/** 1-based rank of the first expected source, or null when none was retrieved. */
export function firstHit(ranked: string[], expected: Set<string>): number | null {
  const index = ranked.findIndex((key) => expected.has(key));
  return index === -1 ? null : index + 1;
}

/** The source of the first [n] citation in an answer's text, or null when it cites nothing. */
export function firstCitation(response: string, sources: Array<{ n: number | null; kind: SourceKind; title: string; heading: string | null }>): string | null {
  for (const match of response.matchAll(/\[(\d{1,2})\]/g)) {
    const source = sources.find((s) => s.n === Number(match[1]));
    if (source) return sourceKey(source);
  }
  return null;
}

export interface QuestionResult {
  question: EvalQuestion;
  /** The retrieved sources, best first. */
  ranked: string[];
  /** Rank of the first right source among the retrieved sources (null: not retrieved). */
  hit: number | null;
  /** The answer's first citation (null: it cited nothing). */
  cited: string | null;
  ms: number;
}

export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return 0;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

export interface Figures {
  questions: number;
  recallAt1: number;
  recallAt3: number;
  mrr: number;
  firstCitationCorrect: number;
  refusals: number;
}

/** The figures over a set of results: retrieval and citations over the questions the library answers, refusals over the rest. */
export function figures(results: QuestionResult[]): Figures {
  const answerable = results.filter((r) => r.question.answers.length > 0);
  const outside = results.filter((r) => r.question.answers.length === 0);
  const share = (list: QuestionResult[], test: (r: QuestionResult) => boolean) => (list.length ? list.filter(test).length / list.length : 0);
  return {
    questions: results.length,
    recallAt1: share(answerable, (r) => r.hit === 1),
    recallAt3: share(answerable, (r) => r.hit !== null && r.hit <= 3),
    mrr: answerable.length ? answerable.reduce((sum, r) => sum + (r.hit ? 1 / r.hit : 0), 0) / answerable.length : 0,
    firstCitationCorrect: share(answerable, (r) => r.cited !== null && expectedKeys(r.question).has(r.cited)),
    refusals: share(outside, (r) => r.cited === null),
  };
}

export const GOALS = { recallAt3: 0.93, firstCitationCorrect: 0.85, refusals: 0.9, p95Ms: 50, providerFirstCitation: 0.8 } as const;

/** Questions in a member's own words (issue 40) have goals of their own. */
export const PARAPHRASE_GOALS = { recallAt3: 0.9, firstCitationCorrect: 0.75 } as const;

/**
 * What CI holds the offline figures to (npm run eval:companion exits 1 below
 * one): just under what the search measures now, on the way to the goals
 * above, which it does not all reach yet (docs/decisions/027).
 */
export const FLOORS = { recallAt3: 0.88, firstCitationCorrect: 0.71, refusals: 0.9, paraphraseRecallAt3: 0.8, paraphraseFirstCitation: 0.51, providerFirstCitation: 0.69 } as const;

/** The same for the held-out set (companion-heldout.yaml), so a change that only suits the main set is caught too. */
export const HELDOUT_FLOORS = { recallAt3: 0.83, firstCitationCorrect: 0.66, refusals: 0.9, paraphraseRecallAt3: 0.79, paraphraseFirstCitation: 0.58 } as const;

/** How many questions of each kind the set must hold at least (issue 40). */
export const SET_SIZE = { all: 200, paraphrase: 60, followup: 20 } as const;
