import { wordsOf, wordStems } from "#db/word-stems";
import type { LockedReference, Passage } from "~/models/companion-library.server";
import { queryWords, splitSentences } from "~/models/companion-library.server";

// The companion without an AI model: it quotes, word for word, the few
// sentences of the best passages that share the most of the question's words,
// each with its citation. It never writes anything of its own beyond framing.

export interface CitedSource {
  n: number;
  passage: Passage;
}

export interface OfflineAnswer {
  response: string;
  cited: CitedSource[];
  answered: boolean;
}

const MAX_QUOTES = 4;
const MAX_QUOTES_PER_PASSAGE = 2;
const CONSIDERED_PASSAGES = 4;

function hits(words: Set<string>, stems: Set<string>): number {
  let n = 0;
  for (const s of stems) if (words.has(s)) n += 1;
  return n;
}

export function offlineAnswer(question: string, passages: Passage[], locked: LockedReference[]): OfflineAnswer {
  const considered = passages.slice(0, CONSIDERED_PASSAGES);
  const stemOf = wordStems([...queryWords(question), ...considered.flatMap((p) => wordsOf(`${p.title} ${p.heading ?? ""} ${p.body}`))]);
  const stemsOf = (text: string) => new Set(wordsOf(text).map((word) => stemOf.get(word) ?? word));
  const stems = new Set(queryWords(question).map((word) => stemOf.get(word) ?? word));
  // A quote must carry a real share of the question: one word of a long question is not an answer.
  const needed = stems.size >= 5 ? 1.5 : 1;
  const candidates: Array<{ sentence: string; passageIndex: number; score: number; order: number }> = [];
  considered.forEach((passage, passageIndex) => {
    // A passage whose lesson or section title carries the question's words makes its sentences more likely answers.
    const context = hits(stemsOf(`${passage.title} ${passage.heading ?? ""}`), stems) * 0.5;
    splitSentences(passage.body).forEach((sentence, order) => {
      const words = sentence.split(/\s+/).length;
      if (words < 5 || words > 80) return;
      const own = hits(stemsOf(sentence), stems);
      const relevance = own + context;
      // Whether a sentence answers is its own matter; where it stands only orders the quotes.
      if (own === 0 || relevance < needed) return;
      candidates.push({ sentence, passageIndex, score: relevance - passageIndex * 0.25 - order * 0.01, order });
    });
  });
  const chosen: typeof candidates = [];
  const perPassage = new Map<number, number>();
  for (const candidate of [...candidates].sort((a, b) => b.score - a.score)) {
    if (chosen.length >= MAX_QUOTES) break;
    const used = perPassage.get(candidate.passageIndex) ?? 0;
    if (used >= MAX_QUOTES_PER_PASSAGE) continue;
    perPassage.set(candidate.passageIndex, used + 1);
    chosen.push(candidate);
  }
  if (chosen.length === 0) return notFound(question, locked);

  // Quotes read in the order of their passages, and within one in text order.
  chosen.sort((a, b) => a.passageIndex - b.passageIndex || a.order - b.order);
  // Two passages of one article or lesson section are one source, with one number.
  const numbers = new Map<string, number>();
  const cited: CitedSource[] = [];
  const lines = chosen.map(({ sentence, passageIndex }) => {
    const passage = passages[passageIndex];
    const key = passage ? `${passage.url}#${passage.heading ?? ""}` : String(passageIndex);
    let n = numbers.get(key);
    if (n === undefined) {
      n = cited.length + 1;
      numbers.set(key, n);
      if (passage) cited.push({ n, passage });
    }
    return `> ${sentence} [${n}]`;
  });
  const intro = "Here is what the course library says (quoted as written):";
  return { response: [intro, "", lines.join("\n>\n"), lockedNote(locked)].filter(Boolean).join("\n"), cited, answered: true };
}

function lockedNote(locked: LockedReference[]): string {
  if (locked.length === 0) return "";
  return `\nThe Premium lesson${locked.length > 1 ? "s" : ""} ${locked.map((l) => `“${l.title}”`).join(" and ")} also cover${locked.length > 1 ? "" : "s"} this.`;
}

function notFound(question: string, locked: LockedReference[]): OfflineAnswer {
  const search = `/knowledge-base?q=${encodeURIComponent(question.slice(0, 100))}`;
  return {
    response: [
      "I couldn't find this in the course library.",
      "",
      `You could [search the knowledge base](${search}) or ask fellow students in the [community forum](/community).`,
      lockedNote(locked),
    ]
      .filter(Boolean)
      .join("\n"),
    cited: [],
    answered: false,
  };
}
