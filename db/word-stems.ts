import { engine } from "./engine";
import * as postgres from "./postgres/word-stems";
import * as sqlite from "./sqlite/word-stems";

/**
 * Words as the academy's word indexes stem them (companion passages, the
 * knowledge base's word forms). Code that compares words the way those indexes
 * match them asks wordStems below, so each engine has one stemmer — its own:
 * SQLite's Porter tokenizer (db/sqlite/word-stems.ts), PostgreSQL's
 * to_tsvector with the indexes' configuration (db/postgres/word-stems.ts) —
 * and no second one in JavaScript that disagrees with it.
 *
 * wordStems is synchronous: the companion's analysis of a question and its
 * ranking are plain functions. On SQLite a word not seen before is stemmed at
 * once; on PostgreSQL stemming is a query, so callers learn the words first
 * (`await learnStems(words)`, or `await withStems(() => work())`, which runs
 * pure work again once the words it lacked are learnt).
 */

export { WORD_TOKENIZER } from "./sqlite/word-stems";

// A library's vocabulary is a few thousand words: once seen, a word's stem is
// a Map lookup. The cache starts afresh if a flood of new words fills it.
const MAX_KEPT = 100_000;
const kept = new Map<string, string>();

/** Words asked for on PostgreSQL before they were learnt, while withStems collects them. */
let missed: Set<string> | null = null;

function keep(words: string[], stems: Array<string | null>): void {
  if (kept.size + words.length > MAX_KEPT) kept.clear();
  words.forEach((word, index) => kept.set(word, stems[index] ?? word.toLowerCase()));
}

/**
 * Each word's stem as the word indexes store it ("pricing", "prices" and
 * "price" are all "price"). A word the tokenizer splits or drops stands for
 * itself, lower-cased — as does, on PostgreSQL, a word not learnt yet.
 */
export function wordStems(words: Iterable<string>): Map<string, string> {
  const stems = new Map<string, string>();
  const unknown: string[] = [];
  for (const word of words) {
    const stem = kept.get(word);
    if (stem !== undefined) stems.set(word, stem);
    else if (!stems.has(word)) unknown.push(word);
  }
  if (unknown.length === 0) return stems;
  const distinct = [...new Set(unknown)];
  if (engine === "sqlite") {
    keep(distinct, sqlite.stemWords(distinct));
  } else {
    for (const word of distinct) missed?.add(word);
  }
  for (const word of distinct) stems.set(word, kept.get(word) ?? word.toLowerCase());
  return stems;
}

/** Each word's stem, in the words' order. */
export function stemEach(words: string[]): string[] {
  const stems = wordStems(words);
  return words.map((word) => stems.get(word) ?? word);
}

/** Makes wordStems exact for these words (PostgreSQL: one query for those not seen before; SQLite needs nothing and never reads `words`). */
export async function learnStems(words: Iterable<string>): Promise<void> {
  if (engine === "sqlite") return;
  const unknown = [...new Set(words)].filter((word) => !kept.has(word));
  if (unknown.length) keep(unknown, await postgres.stemWords(unknown));
}

// A question reaches new words through what it finds (a synonym, a related
// word of a word the library lacks): a few rounds learn them all.
const ROUNDS = 4;

/**
 * Runs pure `work` that stems words, with every word it stems learnt first:
 * on PostgreSQL it runs, the words it lacked are learnt, and it runs again
 * until it lacks none (at most four rounds). On SQLite it simply runs.
 */
export async function withStems<T>(work: () => T): Promise<T> {
  if (engine === "sqlite") return work();
  for (let round = 1; ; round++) {
    const lacking = new Set<string>();
    const outer = missed;
    missed = lacking;
    let result: T;
    try {
      result = work();
    } finally {
      missed = outer;
    }
    if (lacking.size === 0 || round >= ROUNDS) return result;
    await learnStems(lacking);
  }
}

const WORD = /[\p{L}\p{N}]+/gu;

/** A text's words, lower-cased, split where the word indexes split them. */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? [];
}

/**
 * The words of a text that are a form of one of the given words ("prices" and
 * "pricing" for "price"): what a word index matched there, for highlighting.
 */
export async function formsIn(text: string, words: string[]): Promise<string[]> {
  const present = new Set(wordsOf(text));
  const asked = words.flatMap(wordsOf);
  await learnStems([...asked, ...present]);
  const stems = wordStems([...asked, ...present]);
  const wanted = new Set(asked.map((word) => stems.get(word)));
  return [...present].filter((word) => wanted.has(stems.get(word)));
}
