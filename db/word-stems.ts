import Database from "better-sqlite3";

/**
 * The tokenizer of the word indexes (companion_fts, knowledge_base_words): word
 * tokens, lower case, no accents, Porter stems. Code that compares words the
 * way those indexes match them asks wordStems below, so there is one stemmer —
 * SQLite's — and not a second one in JavaScript that disagrees with it.
 */
export const WORD_TOKENIZER = "porter unicode61 remove_diacritics 2";

// SQLite has no stem() function; FTS5's fts5vocab table lists the terms a
// document was indexed under. A small in-memory table (not the academy's
// database: nothing is written there) indexes the words asked about, one row
// each, and reads their terms back.
const stemmer = new Database(":memory:");
stemmer.exec(`
  CREATE VIRTUAL TABLE words USING fts5(word, tokenize='${WORD_TOKENIZER}');
  CREATE VIRTUAL TABLE word_terms USING fts5vocab(words, 'instance');
`);
const addWord = stemmer.prepare<[number, string]>("INSERT INTO words(rowid, word) VALUES (?, ?)");
const readTerms = stemmer.prepare<[], { doc: number; term: string }>("SELECT doc, term FROM word_terms ORDER BY doc, offset");
const clearWords = stemmer.prepare("DELETE FROM words");

// A library's vocabulary is a few thousand words: once seen, a word's stem is
// a Map lookup. The cache starts afresh if a flood of new words fills it.
const MAX_KEPT = 50_000;
const kept = new Map<string, string>();

const stemNew = stemmer.transaction((words: string[]) => {
  words.forEach((word, index) => addWord.run(index + 1, word));
  const terms = new Map<number, string[]>();
  for (const { doc, term } of readTerms.all()) terms.set(doc, [...(terms.get(doc) ?? []), term]);
  clearWords.run();
  return terms;
});

/**
 * Each word's stem as the word indexes store it ("pricing", "prices" and
 * "price" are all "price"). A word the tokenizer splits or drops stands for
 * itself, lower-cased.
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
  const terms = stemNew(distinct);
  if (kept.size + distinct.length > MAX_KEPT) kept.clear();
  distinct.forEach((word, index) => {
    const found = terms.get(index + 1);
    const stem = found?.length === 1 ? found[0] ?? word.toLowerCase() : word.toLowerCase();
    kept.set(word, stem);
    stems.set(word, stem);
  });
  return stems;
}

/** Each word's stem, in the words' order. */
export function stemEach(words: string[]): string[] {
  const stems = wordStems(words);
  return words.map((word) => stems.get(word) ?? word);
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
export function formsIn(text: string, words: string[]): string[] {
  const present = new Set(wordsOf(text));
  const asked = words.flatMap(wordsOf);
  const stems = wordStems([...asked, ...present]);
  const wanted = new Set(asked.map((word) => stems.get(word)));
  return [...present].filter((word) => wanted.has(stems.get(word)));
}
