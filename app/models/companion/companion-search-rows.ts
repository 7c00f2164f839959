import type { Tx } from "#db/client.server";
import type { Concept } from "~/models/companion/companion-question";

// What the study companion's search answers, on either engine (issue 43): the
// rows and the functions each engine's module (companion-search.*.server.ts)
// provides; companion-search.server.ts picks the module.

export interface PassageRow {
  /** The index's rank (SQLite: bm25; PostgreSQL: ts_rank negated): negative, lower is better, 0 for no match. */
  rank: number;
  /** rank weighed by the lesson or course the question was asked from: the order passages are offered in. */
  weighted: number;
  chunkId: number;
  kind: "lesson" | "article" | "template";
  title: string;
  heading: string | null;
  body: string;
  lessonId: number | null;
  courseId: number | null;
  sectionNumber: number | null;
  articleId: number | null;
  templateId: number | null;
  /** The template's category, for its link (null for lessons and articles). */
  templateCategory: string | null;
  /** A transcript passage's start in its video (issue 38). */
  startSeconds: number | null;
  /** 1 for a passage of a Premium course. */
  premiumOnly: number;
}

/** A passage read by id: no rank. */
export type PassageText = Omit<PassageRow, "rank" | "weighted">;

export interface PremiumLessonMatch {
  rank: number;
  weighted: number;
  /** The lesson's best-matching passage: its id only, never its text. */
  chunkId: number;
  title: string;
  courseTitle: string;
  courseId: number;
}

type Scope = { lessonId: number; courseId: number; lockedLessons: string };

/** What each engine's module provides. */
export interface CompanionSearch {
  /** The concepts as the engine's query text (terms of a concept as alternatives, concepts joined by `join`); null when nothing is left to ask. */
  matchQuery(concepts: Concept[], join: "AND" | "OR"): string | null;
  /** Passages matching `query` that the asker may read, best first (weighted by the lesson and course asked from). */
  readablePassages(params: Scope & { query: string; premium: number; limit: number }): Promise<PassageRow[]>;
  /** Premium lessons matching `query`, each by its best passage's id. */
  premiumLessonMatches(params: Scope & { query: string; limit: number }): Promise<PremiumLessonMatch[]>;
  /** Passages by id (a JSON array), those the asker may read only. */
  passagesById(params: { ids: string; premium: number; lockedLessons: string }): Promise<PassageText[]>;
  /** Changes whenever passages are written: the vocabulary is read again when it does. */
  libraryVersion(): Promise<string>;
  /** How many passages there are, and every stem in the index with how many passages hold it. */
  libraryTerms(): Promise<{ passages: number; terms: Array<{ term: string; doc: number }> }>;
  /** After a rebuild, inside its transaction. */
  optimizeIndex(tx: Tx): Promise<void>;
  /** The passages a member may read, for the meaning-based search. */
  readableChunkIds(params: { premium: number; lockedLessons: string }): Promise<number[]>;
}
