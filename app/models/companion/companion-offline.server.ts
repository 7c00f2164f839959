import { stemEach, wordsOf } from "#db/word-stems";
import { DISCUSSION_HEADING, discussionAnswer, splitSentences, type LibrarySearch, type LockedReference, type Passage } from "~/models/companion/companion-library.server";
import type { Concept } from "~/models/companion/companion-question";
import { conceptsIn, coverage, proximity } from "~/models/companion/companion-relevance";

// The companion without an AI model: it quotes, word for word, sentences of
// the best passages in their rank order — the best passage always first — each
// with its citation. It never writes anything of its own beyond framing.

export interface CitedSource {
  n: number;
  passage: Passage;
}

export interface OfflineAnswer {
  response: string;
  cited: CitedSource[];
  answered: boolean;
  /** The Premium lessons the answer points a member without Premium to. */
  pointedTo: LockedReference[];
}

const MAX_QUOTES = 4;
const MAX_QUOTES_PER_PASSAGE = 2;
const CONSIDERED_PASSAGES = 3;
/**
 * A quote must hold a real share of the question's weight: one common word of
 * a long question is not an answer. The best passage's sentences need less:
 * it is quoted whenever one of its sentences says something of the question.
 */
const QUOTE_SHARE = 0.3;
const BEST_QUOTE_SHARE = 0.2;
/**
 * The library answers when the best passage's text holds this share of the
 * question, and more for each word the library does not know at all (those
 * are what questions about other subjects are made of) — or when its title or
 * heading is what was asked.
 */
const ANSWER_SHARE = 0.3;
const UNKNOWN_WORDS_RAISE = 0.5;
const TITLE_ASKED = 0.6;
/**
 * Below the answering bar, the closest passages are still offered with an
 * honest "this may help" when they hold a fair share of the question and the
 * question is not mostly words the library has never seen (those are what
 * questions about other subjects are made of): a covered topic asked in other
 * words is not met with "nothing found".
 */
const MAY_HELP_SHARE = 0.15;
const MAY_HELP_TITLE = 0.3;
const MAY_HELP_UNKNOWN_AT_MOST = 0.25;
export const MAY_HELP_INTRO = "I couldn't find a direct answer in the course library, but this may help";
/** Later passages are quoted only when they answer nearly as well as the best one. */
const FOLLOWING_SCORE = 0.6;

interface Quote {
  sentence: string;
  passageIndex: number;
  order: number;
  relevance: number;
}

function quotesFrom(passage: Passage, passageIndex: number, concepts: Concept[]): Quote[] {
  const needed = passageIndex === 0 ? BEST_QUOTE_SHARE : QUOTE_SHARE;
  if (passage.heading === DISCUSSION_HEADING) return answerQuotes(passage, passageIndex, concepts, needed);
  const quotes: Quote[] = [];
  splitSentences(passage.body).forEach((sentence, order) => {
    const words = wordsOf(sentence);
    if (words.length < 5 || words.length > 80) return;
    const tokens = stemEach(words);
    const present = new Set(tokens);
    // Never a sentence that shares no meaningful word with the question.
    if (conceptsIn(concepts, present) === 0) return;
    const relevance = coverage(concepts, present) + 0.25 * proximity(concepts, tokens);
    if (relevance >= needed) quotes.push({ sentence, passageIndex, order, relevance });
  });
  return quotes.sort((a, b) => b.relevance - a.relevance).slice(0, MAX_QUOTES_PER_PASSAGE);
}

/**
 * A question answered in a lesson's discussion is measured as a whole (the
 * question holds the asker's words, the answer the instructor's) and quoted
 * by its answer's first sentences: the question alone answers nothing.
 */
function answerQuotes(passage: Passage, passageIndex: number, concepts: Concept[], needed: number): Quote[] {
  const present = new Set(stemEach(wordsOf(passage.body)));
  if (conceptsIn(concepts, present) === 0) return [];
  const relevance = coverage(concepts, present);
  if (relevance < needed) return [];
  return splitSentences(discussionAnswer(passage.body))
    .filter((sentence) => wordsOf(sentence).length >= 3)
    .slice(0, MAX_QUOTES_PER_PASSAGE)
    .map((sentence, order) => ({ sentence, passageIndex, order, relevance }));
}

/** The share of the member's own words (not those carried from the conversation) the library does not know, by weight. */
function unknownShare(concepts: Concept[]): number {
  const own = concepts.filter((concept) => !concept.carried && !concept.related);
  const total = own.reduce((sum, concept) => sum + concept.weight, 0);
  const unknown = own.reduce((sum, concept) => sum + (concept.known ? 0 : concept.weight), 0);
  return total ? unknown / total : 0;
}

/** Whether a passage matching this way answers the question at all (else the answer is "not found"). */
function answers(match: Passage["match"], concepts: Concept[]): boolean {
  if (match.title >= TITLE_ASKED || match.heading >= TITLE_ASKED) return true;
  return match.text >= ANSWER_SHARE + UNKNOWN_WORDS_RAISE * unknownShare(concepts);
}

/** Whether a passage that does not answer may still help (see MAY_HELP_SHARE). */
function mayHelp(match: Passage["match"], concepts: Concept[]): boolean {
  if (unknownShare(concepts) > MAY_HELP_UNKNOWN_AT_MOST) return false;
  return match.text >= MAY_HELP_SHARE || match.title >= MAY_HELP_TITLE || match.heading >= MAY_HELP_TITLE;
}

/**
 * The answer quoted from the library. For a member with Premium it holds at
 * least what the same question gets a member without Premium — every source
 * that answer cites, and the Premium lessons it points to, here unlocked —
 * because whether to answer and what to quote are decided on a ranking, and a
 * Premium passage ranking first must not push out what the free answer had
 * (issues 31 and 40: a Premium passage holding fewer of the question's words
 * ranked first and turned an answer into "I couldn't find this").
 */
export function offlineAnswer(question: string, search: Pick<LibrarySearch, "passages" | "locked" | "concepts" | "withoutPremium">): OfflineAnswer {
  const floor = search.withoutPremium ? offlineAnswer(question, search.withoutPremium) : null;
  const required: Passage[] = [];
  if (floor) {
    const unlocked = new Set(floor.pointedTo.map((pointer) => pointer.chunkId));
    required.push(...search.passages.filter((passage) => unlocked.has(passage.chunkId)), ...floor.cited.map(({ passage }) => passage));
  }
  return composeAnswer(question, search, required);
}

function composeAnswer(question: string, { passages, locked, concepts }: Pick<LibrarySearch, "passages" | "locked" | "concepts">, required: Passage[]): OfflineAnswer {
  const best = passages[0];
  const answering = best !== undefined && answers(best.match, concepts);
  const helping = !answering && best !== undefined && mayHelp(best.match, concepts);
  if (!answering && !helping && required.length === 0) return notFound(question, locked, concepts);

  // The best passage first, whatever its sentences; then the others in rank
  // order, each only when it answers nearly as well.
  const considered = (answering || helping) && best ? passages.slice(0, CONSIDERED_PASSAGES).filter((passage, index) => index === 0 || passage.score >= best.score * FOLLOWING_SCORE) : [];
  const perPassage = considered.map((passage, index) => quotesFrom(passage, index, concepts));
  const chosen: Quote[] = [];
  for (const quotes of perPassage) {
    for (const quote of quotes.sort((a, b) => a.order - b.order)) if (chosen.length < MAX_QUOTES) chosen.push(quote);
  }

  // What must be cited whatever the ranking, in the ranking's order: its best
  // sentence each, or a pointer when no sentence stands alone.
  const keyOf = (passage: Passage) => `${passage.url}#${passage.heading ?? ""}`;
  const rankOf = (passage: Passage) => {
    const index = passages.findIndex((p) => p.chunkId === passage.chunkId);
    return index === -1 ? passages.length : index;
  };
  const included = new Set(considered.map(keyOf));
  const pointers: Passage[] = [];
  for (const passage of [...new Map(required.map((p) => [p.chunkId, p])).values()].sort((a, b) => rankOf(a) - rankOf(b))) {
    if (included.has(keyOf(passage)) && chosen.some((quote) => keyOf(considered[quote.passageIndex] ?? passage) === keyOf(passage))) continue;
    included.add(keyOf(passage));
    const index = considered.push(passage) - 1;
    const quote = quotesFrom(passage, 0, concepts)[0];
    if (quote) chosen.push({ ...quote, passageIndex: index });
    else if (index > 0) pointers.push(passage);
  }
  const first = considered[0];
  if (!first) return notFound(question, locked, concepts);

  // Two passages of one article or lesson section are one source, with one number.
  const numbers = new Map<string, number>();
  const cited: CitedSource[] = [];
  const cite = (passage: Passage) => {
    const key = keyOf(passage);
    let n = numbers.get(key);
    if (n === undefined) {
      n = cited.length + 1;
      numbers.set(key, n);
      cited.push({ n, passage });
    }
    return n;
  };
  const firstQuoted = chosen.some((quote) => quote.passageIndex === 0);
  const blocks: string[] = [];
  // Matched on its title or heading, with no sentence that stands alone: point to it.
  if (!firstQuoted) blocks.push(coversThis(first, cite(first), helping));
  if (chosen.length) {
    const quotes = chosen.map((quote) => `> ${quote.sentence} [${cite(considered[quote.passageIndex] ?? first)}]`);
    const intro = helping ? MAY_HELP_INTRO : firstQuoted ? "Here is what the course library says" : "Elsewhere the course library says";
    blocks.push(`${intro} (quoted as written):\n\n${quotes.join("\n>\n")}`);
  }
  for (const passage of pointers) if (!numbers.has(keyOf(passage))) blocks.push(coversThis(passage, cite(passage)));
  if (locked.length) blocks.push(lockedNote(locked));
  return { response: blocks.join("\n\n"), cited, answered: true, pointedTo: locked };
}

const KIND_NAME: Record<Passage["kind"], string> = { lesson: "lesson", article: "article", template: "tool" };

function coversThis(passage: Passage, n: number, helping = false): string {
  const name = passage.heading ? `${passage.title} — ${passage.heading}` : passage.title;
  return `The ${KIND_NAME[passage.kind]} [${name}](${passage.url}) ${helping ? "may help" : "covers this"}. [${n}]`;
}

function lockedNote(locked: LockedReference[]): string {
  return `The Premium lesson${locked.length > 1 ? "s" : ""} ${locked.map((l) => `“${l.title}”`).join(" and ")} also cover${locked.length > 1 ? "" : "s"} this.`;
}

function notFound(question: string, locked: LockedReference[], concepts: Concept[]): OfflineAnswer {
  // With nothing open to quote, a Premium lesson is offered only when it
  // answers by the same measure: one sharing a word of a question about
  // something else is no pointer (and a member with Premium would be shown it).
  const pointedTo = locked.filter((pointer) => answers(pointer.match, concepts));
  const search = `/knowledge-base?q=${encodeURIComponent(question.slice(0, 100))}`;
  return {
    response: [
      "I couldn't find this in the course library.",
      "",
      `You could [search the knowledge base](${search}) or ask fellow students in the [community forum](/community).`,
      ...(pointedTo.length ? ["", lockedNote(pointedTo)] : []),
    ].join("\n"),
    cited: [],
    answered: false,
    pointedTo,
  };
}
