import { distance } from "fastest-levenshtein";
import { stemEach, wordsOf, wordStems } from "#db/word-stems";
import { phrasesIn, type Thesaurus } from "~/models/companion/companion-thesaurus";

// A member's question as the study companion's library understands it: the
// words that carry meaning, each as the stems the library indexes — with a
// misspelling mended to the nearest word the library holds, and a few plain
// synonyms a member uses for the library's own words — and how much each word
// says (rare words say more). Pure: the library's vocabulary is passed in.

const STOP_WORDS = new Set(
  "a an and are as at be been but by can could did do does for from had has have how i if in into is it its me my of on or our should so than that the their them then there these they this to was we were what when where which who why will with would you your about am any just more most much not only other same some such too very also may might must shall here myself yourself before after get make one way like tell explain please whats im dont don doesn isn didn wasn aren won cant ll ve re know need want really thing things something anything someone everyone he she her hers him his theirs ones goes going went got gets getting lot lots ok okay yes even still actually vs wont figure".split(
    " ",
  ),
);

// How members talk around a question ("is it ok if i just…", "any tips", "stuff
// like that"): words that carry no topic, so a question written that way is
// neither led astray by them nor taken for one about another subject because
// the library lacks them.
for (const word of "able allowed supposed tips tip advice any anyone anybody somebody everybody everything nothing stuff totally basically literally maybe perhaps kind sort bit usually exactly whenever whatever else yet already tho though gonna wanna gotta hey hi hello thanks thank pls plz".split(" ")) {
  STOP_WORDS.add(word);
}

/** The question's words that carry meaning, lower-cased, in order, each once. */
export function queryWords(question: string): string[] {
  return [...new Set(wordsOf(question))].filter((word) => word.length > 1 && !STOP_WORDS.has(word));
}

/** The meaningful words of a text (a title, a heading, a question), as stems, in order. */
export function meaningfulStems(text: string): string[] {
  return stemEach(queryWords(text));
}

/** The stems the library holds and in how many passages each occurs. */
export interface Vocabulary {
  passages: number;
  documents: Map<string, number>;
}

// Words members use for what the library calls otherwise. A synonym only
// counts when the library holds its word (so nothing here invents a topic).
const SYNONYMS: Record<string, string[]> = {
  unsubscribe: ["cancel"],
  quit: ["cancel"],
  charge: ["price", "fee", "rate"],
  cost: ["price", "fee"],
  fee: ["price", "rate"],
  price: ["fee", "rate"],
  customer: ["client"],
  querent: ["client"],
  webcam: ["camera"],
  mic: ["microphone"],
  sound: ["audio"],
  upside: ["reversed", "reversal"],
  horoscope: ["chart", "astrology"],
  zodiac: ["sign", "signs"],
  burnout: ["fatigue", "exhaustion"],
  meditation: ["mindfulness", "breath"],
  wrap: ["close", "closing"],
  practise: ["practice"],
  practising: ["practice"],
  born: ["birth"],
  routine: ["habit"],
  habit: ["routine"],
  microphone: ["audio"],
  camera: ["video"],
};

export interface Concept {
  /** The word as asked. */
  word: string;
  /** The stems that count as this word in a passage: its own (or its mended spelling's), then its synonyms'. */
  stems: string[];
  /** Stems that also count as the word when a text's stem begins with them ("accur" for "accuracy"), as the index's prefix query matches. */
  prefixes: string[];
  /** Words to ask the full-text index for (a mended word is asked for by its stem, as a prefix). */
  terms: Array<{ text: string; prefix: boolean }>;
  /** How much the word says: its inverse passage frequency in the library (an unknown word says the most). */
  weight: number;
  /** False when the library holds neither the word nor a near spelling of it. */
  known: boolean;
  /** How many passages hold it. */
  documents: number;
  /** Carried from the question this one follows up (weighs less than the member's own words). */
  carried: boolean;
  /**
   * A word related in meaning to one the member used (WordNet): it weighs
   * less, and a text holding it gains without a text lacking it losing.
   */
  related: boolean;
}

export interface QuestionOptions {
  /** Words carried from the conversation into a follow-up (companion-followup.ts). */
  carried?: string[];
  /** Words of related meaning for a word (a lexical database); only those the library holds are used. */
  related?: (word: string) => string[];
  /** The academy's thesaurus (companion-thesaurus.ts): members' phrases for the library's words. */
  thesaurus?: Thesaurus;
}

/** How much a carried word weighs against the member's own. */
const CARRIED_WEIGHT = 0.5;
/** How much a related word weighs against the one it stands for, how rare it must be in the library, and how many are added. */
const RELATED_WEIGHT = 0.35;
const RELATED_AT_MOST_SHARE = 0.1;
const RELATED_CONCEPTS = 8;

const MAX_CONCEPTS = 16;

/**
 * The library word nearest in spelling to an unknown stem: one edit for short
 * words, two for long ones. On a tie a word at least as long wins (a dropped
 * letter is the commonest slip: "writen" is "written" rather than "write"),
 * then the commonest.
 */
export function nearestSpelling(stem: string, vocabulary: Vocabulary): string | null {
  if (stem.length < 5 || /\d/.test(stem)) return null;
  const allowed = stem.length >= 8 ? 2 : 1;
  let best: { term: string; distance: number; longer: boolean; documents: number } | null = null;
  for (const [term, documents] of vocabulary.documents) {
    if (Math.abs(term.length - stem.length) > allowed || term[0] !== stem[0]) continue;
    const d = editDistance(stem, term);
    if (d > allowed) continue;
    const candidate = { term, distance: d, longer: term.length >= stem.length, documents };
    if (!best || d < best.distance || (d === best.distance && (candidate.longer > best.longer || (candidate.longer === best.longer && documents > best.documents)))) best = candidate;
  }
  return best?.term ?? null;
}

// Endings English adds to a stem: what is left of a misspelt word once its stem part is found.
const WORD_ENDING = /^(?:e|es|s|ed|ing|ings|ion|ions|ation|ations|ness|ment|ments|ful|ly|ity|ities|ive|al|ance|ence|er|ers|ic|ical|ise|ize|ised|ized|ist|ists)$/;

/**
 * A misspelling inside a word's stem that changes how the stemmer cuts it
 * ("compashion" is not stemmed to "compass" as "compassion" is, so the two
 * stems are far apart): the library stem that the word's beginning is one slip
 * from, when what follows is an ordinary English ending.
 */
export function misspeltStem(word: string, vocabulary: Vocabulary): string | null {
  if (word.length < 7 || /\d/.test(word)) return null;
  let best: { term: string; documents: number } | null = null;
  for (const [term, documents] of vocabulary.documents) {
    if (term.length < 5 || term.length > word.length - 1 || term[0] !== word[0] || !WORD_ENDING.test(word.slice(term.length))) continue;
    if (editDistance(word.slice(0, term.length), term) !== 1) continue;
    // The longest stem wins (the most of the word explained), then the commonest.
    if (!best || term.length > best.term.length || (term.length === best.term.length && documents > best.documents)) best = { term, documents };
  }
  return best?.term ?? null;
}

/** Levenshtein distance, with two neighbouring letters swapped ("premuim") counted as one edit. */
function editDistance(a: string, b: string): number {
  const d = distance(a, b);
  if (d !== 2 || a.length !== b.length) return d;
  const differ = [...a].flatMap((letter, i) => (letter === b[i] ? [] : [i]));
  const [i, j] = differ;
  return differ.length === 2 && i !== undefined && j === i + 1 && a[i] === b[j] && a[j] === b[i] ? 1 : d;
}

function idf(documents: number, passages: number): number {
  return Math.log(1 + passages / Math.max(documents, 0.5));
}

export function analyseQuestion(question: string, vocabulary: Vocabulary, options: QuestionOptions = {}): Concept[] {
  const phrases = thesaurusPhrases(question, vocabulary, options.thesaurus);
  const own = queryWords(question)
    .filter((word) => !phrases.words.has(word))
    .slice(0, MAX_CONCEPTS);
  const carried = (options.carried ?? []).filter((word) => !own.includes(word)).slice(0, Math.max(0, MAX_CONCEPTS - own.length));
  const words = [...own, ...carried];
  const alikeOf = (word: string) => [...new Set([...(SYNONYMS[word] ?? []), ...(phrases.single.get(word) ?? [])])].filter((alike) => alike !== word && !STOP_WORDS.has(alike));
  const synonyms = words.flatMap(alikeOf);
  const stems = wordStems([...words, ...synonyms, ...phrases.multi.flatMap((phrase) => phrase.terms)]);
  const stemOf = (word: string) => stems.get(word) ?? word;
  const concepts: Concept[] = [];
  const seen = new Set<string>();
  for (const word of words) {
    const own = stemOf(word);
    const named = alikeOf(word).filter((synonym) => vocabulary.documents.has(stemOf(synonym)));
    // A word the thesaurus names in the library's words is not a misspelling ("scared" is not "shared").
    const mended = vocabulary.documents.has(own) || named.length > 0 ? null : (nearestSpelling(own, vocabulary) ?? misspeltStem(word, vocabulary));
    const stem = mended ?? own;
    if (seen.has(stem)) continue;
    seen.add(stem);
    const alike = named.filter((synonym) => stemOf(synonym) !== stem);
    // A word the library lacks but names otherwise ("webcam" for its "camera")
    // is known by that name, and says as much as it.
    const documents = vocabulary.documents.get(stem) ?? Math.min(...alike.map((synonym) => vocabulary.documents.get(stemOf(synonym)) ?? 0), Infinity);
    const known = vocabulary.documents.has(stem) || alike.length > 0;
    const prefix = stem.length >= 5 && (mended !== null || word.length >= 5);
    concepts.push({
      word,
      prefixes: prefix ? [stem] : [],
      stems: [...new Set([stem, ...alike.map(stemOf)])],
      // Longer words also match as prefixes ("refer" finds "referrals", which stems differently).
      terms: [mended ? { text: mended, prefix: true } : { text: word, prefix: word.length >= 5 }, ...alike.map((synonym) => ({ text: synonym, prefix: false }))],
      weight: idf(known ? documents : 0, vocabulary.passages) * (carried.includes(word) ? CARRIED_WEIGHT : 1),
      known,
      documents: known ? documents : 0,
      carried: carried.includes(word),
      related: false,
    });
  }
  for (const phrase of phrases.multi) {
    const held = phrase.terms.filter((term) => !STOP_WORDS.has(term) && vocabulary.documents.has(stemOf(term)) && !seen.has(stemOf(term)));
    // A phrase whose library words are all missing or already asked adds nothing.
    if (held.length === 0) continue;
    held.forEach((term) => seen.add(stemOf(term)));
    const documents = Math.min(...held.map((term) => vocabulary.documents.get(stemOf(term)) ?? 0));
    concepts.push({
      word: phrase.text,
      stems: [...new Set(held.map(stemOf))],
      prefixes: [],
      terms: held.map((term) => ({ text: term, prefix: false })),
      weight: idf(documents, vocabulary.passages),
      known: true,
      documents,
      carried: false,
      related: false,
    });
  }
  if (options.related) concepts.push(...relatedConcepts(own, concepts, vocabulary, options.related));
  return concepts;
}

/**
 * The thesaurus phrases in a question: a one-word phrase adds its library
 * words to that word's; a longer one ("wiped out") stands, as one concept,
 * for its library words instead of its own (whose every-day senses would
 * find unrelated passages: the library's "wipe" is a lost phone's) — when
 * the library holds any of them.
 */
function thesaurusPhrases(question: string, vocabulary: Vocabulary, thesaurus: Thesaurus | undefined) {
  const single = new Map<string, string[]>();
  const multi: Array<{ text: string; terms: string[] }> = [];
  const words = new Set<string>();
  if (!thesaurus || thesaurus.entries.length === 0) return { single, multi, words };
  const all = wordsOf(question);
  for (const match of phrasesIn(stemEach(all), thesaurus)) {
    const matched = match.positions.map((position) => all[position] ?? "");
    const [first] = matched;
    if (matched.length === 1 && first) {
      single.set(first, [...(single.get(first) ?? []), ...match.terms]);
    } else if (stemEach(match.terms).some((stem) => vocabulary.documents.has(stem))) {
      matched.forEach((word) => words.add(word));
      multi.push({ text: matched.join(" "), terms: match.terms });
    }
  }
  return { single, multi, words };
}

/**
 * Words related in meaning to the member's own words, as extra concepts: only
 * those the library holds, rarely enough to say something (a related word in
 * every passage would only add noise), and not already asked.
 */
function relatedConcepts(own: string[], concepts: Concept[], vocabulary: Vocabulary, related: (word: string) => string[]): Concept[] {
  const asked = new Set(concepts.flatMap((concept) => concept.stems));
  // Only for the member's words the library does not hold: a word it holds already finds its passages.
  const unknown = new Set(concepts.filter((concept) => !concept.known && !concept.carried).map((concept) => concept.word));
  const candidates = own.filter((word) => unknown.has(word)).flatMap((word) => related(word));
  const stems = wordStems(candidates);
  const added: Concept[] = [];
  for (const word of candidates) {
    const stem = stems.get(word) ?? word;
    const documents = vocabulary.documents.get(stem) ?? 0;
    if (asked.has(stem) || STOP_WORDS.has(word) || documents === 0 || documents > Math.max(1, vocabulary.passages * RELATED_AT_MOST_SHARE)) continue;
    asked.add(stem);
    added.push({ word, stems: [stem], prefixes: [], terms: [{ text: word, prefix: false }], weight: idf(documents, vocabulary.passages) * RELATED_WEIGHT, known: true, documents, carried: false, related: true });
    if (added.length >= RELATED_CONCEPTS) break;
  }
  return added;
}

const COMMON_SHARE = 0.3;
const DISTINCTIVE_CONCEPTS = 8;

/**
 * The concepts that pick candidates when any one word may match: the rarer
 * words the library knows. A word in a fifth of the passages matches most of a
 * large library and says little (ranking still weighs every word).
 */
export function distinctive(concepts: Concept[], passages: number): Concept[] {
  const known = concepts.filter((concept) => concept.known).sort((a, b) => b.weight - a.weight);
  const rare = known.filter((concept) => concept.documents <= passages * COMMON_SHARE);
  return (rare.length >= 2 ? rare : known).slice(0, DISTINCTIVE_CONCEPTS);
}

/** Whether a stem of a text counts as the concept's word. */
export function holds(concept: Concept, stem: string): boolean {
  return concept.stems.includes(stem) || concept.prefixes.some((prefix) => stem.startsWith(prefix));
}
