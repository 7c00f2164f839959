import { wordsOf, wordStems } from "#db/word-stems";
import type { LibrarySearch, Passage } from "~/models/companion/companion-library.server";
import { analyseQuestion } from "~/models/companion/companion-question";
import { rankPassages } from "~/models/companion/companion-relevance";

export type PlainPassage = Omit<Passage, "score" | "match">;

export function lessonPassage(title: string, heading: string | null, body: string, chunkId: number): PlainPassage {
  return { chunkId, kind: "lesson", title, heading, body, url: `/course/1/lesson/${chunkId}`, lessonId: chunkId, courseId: 1 };
}

/**
 * A question asked of a small library made of these passages: its concepts
 * from the passages' own vocabulary, and the passages scored — in the
 * companion's order, or in the order given (to test what an answer does with a
 * ranking it is handed).
 */
export function searchAmong(question: string, passages: PlainPassage[], order: "ranked" | "as given" = "ranked"): LibrarySearch {
  const documents = new Map<string, number>();
  for (const passage of passages) {
    const words = wordsOf(`${passage.title} ${passage.heading ?? ""} ${passage.body}`);
    const stems = wordStems(words);
    for (const stem of new Set(words.map((word) => stems.get(word) ?? word))) documents.set(stem, (documents.get(stem) ?? 0) + 1);
  }
  const concepts = analyseQuestion(question, { passages: passages.length, documents });
  const scored = rankPassages(passages.map((passage) => ({ ...passage, rank: 0 })), concepts);
  const ranked = order === "ranked" ? scored : passages.map((passage) => scored.find((s) => s.chunkId === passage.chunkId)!);
  return { passages: ranked, locked: [], concepts };
}
