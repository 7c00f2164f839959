import { stemEach, wordsOf } from "#db/word-stems";

// The academy's own thesaurus for the study companion's offline search
// (content/companion-synonyms.txt, editable by the academy's owner): the
// everyday phrases members use for what the library names in its own terms
// ("wiped out" is compassion fatigue, "calm myself down" is grounding). WordNet
// knows general English; only the academy knows its field's words. Pure: the
// file's text is parsed here, read by companion-thesaurus.server.ts.

export interface ThesaurusEntry {
  /** The member's phrases, each as its words' stems in order. */
  phrases: string[][];
  /** The library's words the phrases stand for. */
  terms: string[];
}

export interface Thesaurus {
  entries: ThesaurusEntry[];
  /** Lines that could not be read, with their numbers, for the loader to report. */
  problems: string[];
}

export const EMPTY_THESAURUS: Thesaurus = { entries: [], problems: [] };

const MAX_PHRASE_WORDS = 5;

/**
 * Reads the thesaurus format: one line per meaning,
 * `member phrase, another phrase => library word, library phrase`.
 * `#` starts a comment; blank lines are ignored. Phrases are compared by
 * their words' stems, so "burning out" is found by "burn out".
 */
export function parseThesaurus(text: string): Thesaurus {
  const entries: ThesaurusEntry[] = [];
  const problems: string[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.replace(/#.*$/, "").trim();
    if (!line) return;
    const [left, right, ...rest] = line.split("=>");
    const phrases = (left ?? "")
      .split(",")
      .map((phrase) => stemEach(wordsOf(phrase)))
      .filter((words) => words.length > 0 && words.length <= MAX_PHRASE_WORDS);
    const terms = [...new Set((right ?? "").split(",").flatMap((term) => wordsOf(term)))];
    if (rest.length > 0 || phrases.length === 0 || terms.length === 0) {
      problems.push(`line ${index + 1}: expected "member phrase, … => library word, …"`);
      return;
    }
    entries.push({ phrases, terms });
  });
  return { entries, problems };
}

export interface PhraseMatch {
  /** The matched words' positions in the question's word list. */
  positions: number[];
  /** The library's words the phrase stands for. */
  terms: string[];
  /** The phrase's stems, as written in the thesaurus. */
  phrase: string[];
}

/**
 * The thesaurus phrases a question holds, longest first, never two over the
 * same word. `stems` are the question's words' stems in order (stop words
 * included: "calm myself down" is a phrase of three words).
 */
export function phrasesIn(stems: string[], thesaurus: Thesaurus): PhraseMatch[] {
  const candidates: PhraseMatch[] = [];
  for (const entry of thesaurus.entries) {
    for (const phrase of entry.phrases) {
      for (let start = 0; start + phrase.length <= stems.length; start++) {
        if (phrase.every((stem, offset) => stems[start + offset] === stem)) {
          candidates.push({ positions: phrase.map((_, offset) => start + offset), terms: entry.terms, phrase });
        }
      }
    }
  }
  candidates.sort((a, b) => b.positions.length - a.positions.length);
  const taken = new Set<number>();
  const matches: PhraseMatch[] = [];
  for (const candidate of candidates) {
    if (candidate.positions.some((position) => taken.has(position))) continue;
    candidate.positions.forEach((position) => taken.add(position));
    matches.push(candidate);
  }
  return matches.sort((a, b) => (a.positions[0] ?? 0) - (b.positions[0] ?? 0));
}
