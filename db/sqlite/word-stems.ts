import Database from "better-sqlite3";
import { later } from "./later";

/**
 * The tokenizer of SQLite's word indexes (companion_fts, knowledge_base_words):
 * word tokens, lower case, no accents, Porter stems.
 */
export const WORD_TOKENIZER = "porter unicode61 remove_diacritics 2";

// SQLite has no stem() function; FTS5's fts5vocab table lists the terms a
// document was indexed under. A small in-memory table (not the academy's
// database: nothing is written there) indexes the words asked about, one row
// each, and reads their terms back. Opened on first use: never on PostgreSQL.
const stemmer = later(() => {
  const memory = new Database(":memory:");
  memory.exec(`
    CREATE VIRTUAL TABLE words USING fts5(word, tokenize='${WORD_TOKENIZER}');
    CREATE VIRTUAL TABLE word_terms USING fts5vocab(words, 'instance');
  `);
  const addWord = memory.prepare<[number, string]>("INSERT INTO words(rowid, word) VALUES (?, ?)");
  const readTerms = memory.prepare<[], { doc: number; term: string }>("SELECT doc, term FROM word_terms ORDER BY doc, offset");
  const clearWords = memory.prepare("DELETE FROM words");
  return memory.transaction((words: string[]) => {
    words.forEach((word, index) => addWord.run(index + 1, word));
    const terms = new Map<number, string[]>();
    for (const { doc, term } of readTerms.all()) terms.set(doc, [...(terms.get(doc) ?? []), term]);
    clearWords.run();
    return terms;
  });
});

/** Each word's one term as SQLite's word indexes store it, or null when the tokenizer splits or drops it. */
export function stemWords(words: string[]): Array<string | null> {
  const terms = stemmer()(words);
  return words.map((_, index) => {
    const found = terms.get(index + 1);
    return found?.length === 1 ? (found[0] ?? null) : null;
  });
}
