import { distance } from "fastest-levenshtein";
import { meaningfulStems, queryWords } from "~/models/companion/companion-question";

// Questions the study companion could not answer, grouped by similar wording
// (the admin's usage page), so authors see what members keep asking for.

export interface AskedQuestion {
  question: string;
  createdAt: Date;
}

export interface QuestionGroup {
  /** The group's most recent wording. */
  example: string;
  /** Every wording, newest first. */
  questions: string[];
  lastAskedAt: Date;
  /** The words the group's questions share most, for a label. */
  words: string[];
}

const SIMILAR = 0.5;
const SHARED_WORDS = 2;


/** One word written two ways ("podcast", "podcst") counts as one. */
function sameWord(a: string, b: string): boolean {
  return a === b || (Math.min(a.length, b.length) >= 5 && distance(a, b) <= 1);
}

/**
 * Whether two questions ask the same thing in other words: they share at least
 * two meaningful words (one, when either has only one), and those are at
 * least half the words of the shorter — near spellings count as one word.
 */
export function similarWording(a: string[], b: string[]): boolean {
  if (a.length === 0 || b.length === 0) return false;
  const shared = a.filter((word) => b.some((other) => sameWord(word, other))).length;
  return shared >= Math.min(SHARED_WORDS, a.length, b.length) && shared / Math.min(a.length, b.length) >= SIMILAR;
}

/** Groups questions whose meaningful words mostly agree; the largest groups first, then the most recent. */
export function groupQuestions(asked: AskedQuestion[]): QuestionGroup[] {
  const groups: Array<{ wordings: string[][]; items: AskedQuestion[]; counts: Map<string, number> }> = [];
  for (const item of [...asked].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())) {
    const stems = [...new Set(meaningfulStems(item.question))];
    const group = groups.find((candidate) => candidate.wordings.some((wording) => similarWording(wording, stems)));
    const target = group ?? { wordings: [], items: [], counts: new Map<string, number>() };
    if (!group) groups.push(target);
    target.wordings.push(stems);
    target.items.push(item);
    for (const word of queryWords(item.question)) target.counts.set(word, (target.counts.get(word) ?? 0) + 1);
  }
  return groups
    .map(({ items, counts }) => ({
      example: items[0]?.question ?? "",
      questions: items.map((item) => item.question),
      lastAskedAt: items[0]?.createdAt ?? new Date(0),
      words: [...counts].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([word]) => word),
    }))
    .sort((a, b) => b.questions.length - a.questions.length || b.lastAskedAt.getTime() - a.lastAskedAt.getTime());
}
