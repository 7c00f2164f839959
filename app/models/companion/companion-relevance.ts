import { stemEach, wordsOf } from "#db/word-stems";
import { holds, meaningfulStems, type Concept } from "~/models/companion/companion-question";

// How well a piece of the library's text answers a question, from the
// question's concepts (companion-question.ts) and the text's word stems in
// order. The same measures rank passages and pick the sentences quoted from
// them, so what is ranked first is what gets quoted first.

/**
 * The share of the question's weight a text holds: 1 when every word of the
 * question is in it. Related words (WordNet) add to what a text holds, never
 * to what it must hold.
 */
export function coverage(concepts: Concept[], stems: Set<string>): number {
  let total = 0;
  let held = 0;
  for (const concept of concepts) {
    if (!concept.related) total += concept.weight;
    if (present(concept, stems)) held += concept.weight;
  }
  return total ? Math.min(1, held / total) : 0;
}

/** How many of the question's concepts a text holds. */
export function conceptsIn(concepts: Concept[], stems: Set<string>): number {
  return concepts.filter((concept) => present(concept, stems)).length;
}

function present(concept: Concept, stems: Set<string>): boolean {
  if (concept.stems.some((stem) => stems.has(stem))) return true;
  if (concept.prefixes.length === 0) return false;
  for (const stem of stems) if (holds(concept, stem)) return true;
  return false;
}

/**
 * How closely a title or heading is what was asked: the share of the question
 * it holds times the share of its own meaningful words that were asked. 1 for
 * a question that is the title; low for a title sharing one word of many.
 */
export function titleMatch(concepts: Concept[], titleStems: string[]): number {
  if (titleStems.length === 0) return 0;
  const own = new Set(titleStems);
  const askedOfTitle = [...own].filter((stem) => concepts.some((concept) => holds(concept, stem))).length / own.size;
  return coverage(concepts, own) * askedOfTitle;
}

const NEAR = 3;

/**
 * Phrase proximity: the share of the question's neighbouring word pairs that
 * stand within a few words of each other in the text ("sliding scale" as a
 * phrase, not "sliding" in one paragraph and "scale" in another).
 */
export function proximity(concepts: Concept[], tokens: string[]): number {
  if (concepts.length < 2) return 0;
  const positions = concepts.map((concept) => {
    const at: number[] = [];
    tokens.forEach((token, index) => {
      if (holds(concept, token)) at.push(index);
    });
    return at;
  });
  let near = 0;
  for (let i = 0; i + 1 < positions.length; i++) {
    const a = positions[i] ?? [];
    const b = positions[i + 1] ?? [];
    if (a.some((x) => b.some((y) => Math.abs(x - y) <= NEAR))) near += 1;
  }
  return near / (positions.length - 1);
}

// What each measure adds to a passage's score (docs/decisions/010 has the
// figures that chose them).
const SCORE = { bm25: 0.5, text: 1, title: 2, heading: 1.5, proximity: 0.5, askedFromLesson: 1, askedFromCourse: 0.3 };

const titleStems = (text: string | null): string[] => (text ? meaningfulStems(text) : []);

interface Candidate {
  /** The full-text index's bm25 rank (negative; lower is better), or 0. */
  rank: number;
  title: string;
  heading: string | null;
  body: string;
  lessonId: number | null;
  courseId: number | null;
}

export interface Scored {
  score: number;
  match: { title: number; heading: number; text: number };
}

/**
 * Orders passages by how well each answers the question: its full-text rank,
 * how much of the question its text holds, whether its title or section
 * heading is what was asked, whether the question's words stand together in
 * it, and whether it belongs to the lesson or course the question was asked
 * from. Best first.
 */
export function rankPassages<T extends Candidate>(
  passages: T[],
  concepts: Concept[],
  scope: { lessonId?: number; courseId?: number } = {},
  /** The text's stems (a caller may keep them between searches). */
  stemsOf: (passage: T) => string[] = (passage) => stemEach(wordsOf(passage.body)),
): Array<T & Scored> {
  const best = passages.reduce((min, passage) => Math.min(min, passage.rank), 0);
  const scored = passages.map((passage) => {
    const tokens = stemsOf(passage);
    const title = titleStems(passage.title);
    const heading = titleStems(passage.heading);
    const match = { title: titleMatch(concepts, title), heading: titleMatch(concepts, heading), text: coverage(concepts, new Set(tokens)) };
    const matched = match.title + match.heading + match.text > 0;
    const context = !matched ? 0 : passage.lessonId !== null && passage.lessonId === scope.lessonId ? SCORE.askedFromLesson : passage.courseId !== null && passage.courseId === scope.courseId ? SCORE.askedFromCourse : 0;
    const score =
      SCORE.bm25 * (best < 0 ? passage.rank / best : 0) +
      SCORE.text * match.text +
      SCORE.title * match.title +
      SCORE.heading * match.heading +
      // A phrase of the question in the heading or title counts as in the text.
      SCORE.proximity * proximity(concepts, [...title, "", ...heading, "", ...tokens]) +
      context;
    return { ...passage, match, score };
  });
  return scored.sort((a, b) => b.score - a.score);
}
