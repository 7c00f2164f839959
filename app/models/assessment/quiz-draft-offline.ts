import { marked, type Token, type Tokens } from "marked";
import { QuizQuestionSchema, type DraftQuestion } from "~/schemas/quiz";

// Drafting quiz questions from a lesson's own text, without an AI provider
// (issue 24). Every question is built from one sentence of the lesson and
// points at it (`source`): a key term blanked out (choose it among the
// lesson's other key terms, or type it), the sentence as a true statement, or
// the sentence with its key term swapped for another or negated (a false one). Key terms
// are what the lesson itself marks as important: bold phrases and headings,
// then words the lesson repeats. Deterministic: the same lesson gives the
// same draft, for the admin to edit before saving.

export interface DraftableLesson {
  title: string;
  description: string;
  contentSections: { type: string; title: string; content: string }[];
}

const MIN_SENTENCE = 40;
const MAX_SENTENCE = 240;
const MAX_QUESTIONS = 8;

const STOP_WORDS = new Set(
  (
    "about above after again against all also although among and another any are around because been before being below between both but " +
    "can cannot could does doing down during each either even every few first for from further have having here how however into its itself " +
    "just less like many might more most much must need never not now off once one only other others our out over own rather same several " +
    "should simply since some such than that the their theirs them themselves then there these they this those through thus too under until " +
    "upon very was well were what when where whether which while who whom whose why will with within without would yet you your yours " +
    "lesson lessons section client clients someone something often always usually"
  ).split(" "),
);

/** The text of inline tokens, without their Markdown. */
function inlineText(tokens: Token[] | undefined): string {
  return (tokens ?? [])
    .map((token) => {
      if ("tokens" in token && token.tokens) return inlineText(token.tokens);
      if (token.type === "br") return " ";
      return "text" in token ? String(token.text) : "";
    })
    .join("");
}

/** Paragraph-like blocks of plain text (paragraphs, list items, quotes), and the bold phrases and headings. */
function readBlocks(markdown: string): { blocks: string[]; marked: string[] } {
  const blocks: string[] = [];
  const markedTerms: string[] = [];
  const collectStrong = (tokens: Token[] | undefined) => {
    for (const token of tokens ?? []) {
      if (token.type === "strong") markedTerms.push(inlineText((token as Tokens.Strong).tokens));
      if ("tokens" in token && token.tokens) collectStrong(token.tokens);
    }
  };
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === "paragraph" || token.type === "text") {
        const paragraph = token as Tokens.Paragraph;
        blocks.push(inlineText(paragraph.tokens ?? [{ type: "text", raw: paragraph.text, text: paragraph.text } as Tokens.Text]));
        collectStrong(paragraph.tokens);
      } else if (token.type === "heading") {
        markedTerms.push(inlineText((token as Tokens.Heading).tokens));
      } else if (token.type === "list") {
        for (const item of (token as Tokens.List).items) walk(item.tokens);
      } else if (token.type === "blockquote") {
        walk((token as Tokens.Blockquote).tokens);
      }
    }
  };
  walk(marked.lexer(markdown));
  return { blocks, marked: markedTerms };
}

const clean = (text: string) => text.replace(/\s+/g, " ").trim();

/** A block of plain text cut into sentences. */
function sentencesOf(block: string): string[] {
  return clean(block)
    .split(/(?<=[.!?])\s+(?=["“(]?[A-Z0-9])/)
    .map(clean)
    .filter(Boolean);
}

/** Every sentence of the lesson's text (its description and text sections), in order, without Markdown. */
export function lessonSentences(lesson: DraftableLesson): string[] {
  const sentences = sentencesOf(lesson.description);
  for (const section of lesson.contentSections) {
    if (section.type !== "text") continue;
    for (const block of readBlocks(section.content).blocks) sentences.push(...sentencesOf(block));
  }
  return sentences;
}

const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}][\p{L}'’-]*/gu) ?? [];

/** The lesson's key terms, most important first: bold phrases, words of headings and the title, then repeated words. */
function keyTerms(lesson: DraftableLesson, sentences: string[]): string[] {
  const phrases: string[] = [];
  for (const section of lesson.contentSections) {
    if (section.type !== "text") continue;
    const { marked: terms } = readBlocks(section.content);
    for (const term of terms) {
      const phrase = clean(term).replace(/[.:,;!?–—-]+$/, "").trim();
      // A short bold phrase is a term; a long one is a sentence in bold.
      if (phrase.split(" ").length <= 3 && phrase.length >= 3) phrases.push(phrase);
    }
  }
  const counts = new Map<string, number>();
  for (const sentence of sentences) {
    for (const word of new Set(wordsOf(sentence))) {
      if (word.length >= 5 && !STOP_WORDS.has(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  const headingWords = new Set(wordsOf([lesson.title, ...lesson.contentSections.map((s) => s.title)].join(" ")));
  const repeated = [...counts]
    .filter(([word, count]) => count >= 2 || headingWords.has(word))
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([word]) => word);
  const seen = new Set<string>();
  return [...phrases, ...repeated].filter((term) => {
    const key = term.toLowerCase();
    if (seen.has(key) || STOP_WORDS.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
// A term is a whole word: "minute" is not blanked out of "five-minute", nor "client" out of "client's".
const termPattern = (term: string) => new RegExp(`(?<![\\p{L}'’-])${escape(term)}(?![\\p{L}'’-])`, "iu");

/** A small stable hash, so choices (where the right option sits, which term to swap) vary but never change between runs. */
function stableHash(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return hash >>> 0;
}

/** Keeps a term's capitals where the sentence has them. */
function asWritten(sentence: string, term: string): string {
  return termPattern(term).exec(sentence)?.[0] ?? term;
}

interface Candidate {
  sentence: string;
  term: string;
}

function candidates(sentences: string[], terms: string[]): Candidate[] {
  const usable = sentences.filter((s) => s.length >= MIN_SENTENCE && s.length <= MAX_SENTENCE && /[.!]$/.test(s) && !/^["“]/.test(s));
  const picked: Candidate[] = [];
  const usedTerms = new Set<string>();
  // Each sentence once, each term once, in the order of the terms' importance.
  for (const term of terms) {
    const pattern = termPattern(term);
    const sentence = usable.find((s) => pattern.test(s) && !picked.some((p) => p.sentence === s));
    if (!sentence || usedTerms.has(term.toLowerCase())) continue;
    usedTerms.add(term.toLowerCase());
    picked.push({ sentence, term: asWritten(sentence, term) });
  }
  return picked;
}

/** Other key terms to stand beside the right one, of a similar length. */
function distractors(term: string, terms: string[], sentence: string, count: number): string[] {
  const words = term.split(" ").length;
  const others = terms
    .filter((other) => other.toLowerCase() !== term.toLowerCase() && !termPattern(other).test(sentence))
    .sort((a, b) => Math.abs(a.split(" ").length - words) - Math.abs(b.split(" ").length - words) || stableHash(a + term) - stableHash(b + term));
  return others.slice(0, count);
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The sentence with `term` replaced by `other`, capitalised where it starts the sentence. */
function swapTerm(sentence: string, term: string, other: string): string {
  const match = termPattern(term).exec(sentence);
  if (!match) return sentence;
  const replacement = match.index === 0 ? capitalise(other) : other;
  return sentence.slice(0, match.index) + replacement + sentence.slice(match.index + match[0].length);
}

// Lower case only: "May" or "Will" at the start of a statement are more likely names than verbs.
const AUXILIARY = /(?<![\p{L}'’-])(is|are|was|were|can|will|should|must|may|could|would)(?![\p{L}'’-])( not(?![\p{L}'’-]))?/u;

/** The sentence made false by negating its first auxiliary verb ("is" → "is not", "should not" → "should"), if it has one. */
function negated(sentence: string): string | undefined {
  const match = AUXILIARY.exec(sentence);
  if (!match) return undefined;
  const [whole, verb] = match;
  const replacement = match[2] ? verb : verb === "can" ? "cannot" : `${verb} not`;
  return sentence.slice(0, match.index) + replacement + sentence.slice(match.index + whole.length);
}

/** The sentence's content words, longest first (ties in the order they appear). */
function contentWords(sentence: string): string[] {
  const words = [...new Set(wordsOf(sentence))].filter((word) => word.length >= 4 && !STOP_WORDS.has(word));
  return words.sort((a, b) => b.length - a.length);
}

function explanationFor(sentence: string): string {
  return `From the lesson: "${sentence}"`;
}

/** Questions drafted from the lesson's own sentences; at least 3 when the lesson has any text. */
export function draftQuestionsOffline(lesson: DraftableLesson): DraftQuestion[] {
  const sentences = lessonSentences(lesson);
  const terms = keyTerms(lesson, sentences);
  const picked = candidates(sentences, terms);
  const questions: DraftQuestion[] = [];
  const add = (question: unknown, source: string) => {
    const parsed = QuizQuestionSchema.safeParse(question);
    if (parsed.success && !questions.some((q) => q.prompt === parsed.data.prompt)) questions.push({ ...parsed.data, source });
  };

  picked.forEach(({ sentence, term }, index) => {
    if (questions.length >= MAX_QUESTIONS) return;
    const blanked = sentence.replace(termPattern(term), "_____");
    const kind = index % 4;
    const others = distractors(term, terms, sentence, 3);
    if (kind === 0 && others.length >= 2) {
      // Choose the missing term among the lesson's terms.
      const options = [...others.map((o) => capitalise(o))];
      const at = stableHash(sentence) % (options.length + 1);
      options.splice(at, 0, capitalise(term));
      add({ type: "single", prompt: `Which term completes the sentence? "${blanked}"`, options, correct: [at], explanation: explanationFor(sentence) }, sentence);
    } else if (kind === 1) {
      add({ type: "true_false", prompt: `True or false: ${sentence}`, correct: [0], explanation: explanationFor(sentence) }, sentence);
    } else if (kind === 2 && (others.length >= 1 || negated(sentence))) {
      // The same sentence made false: its key term swapped for another, or (every other time, where it can be) negated.
      const negation = negated(sentence);
      const changed =
        negation && (index % 8 === 6 || others.length === 0) ? negation : swapTerm(sentence, term, others[stableHash(sentence) % others.length] ?? "");
      add({ type: "true_false", prompt: `True or false: ${changed}`, correct: [1], explanation: `False. ${explanationFor(sentence)}` }, sentence);
    } else {
      add({ type: "short", prompt: `Fill in the missing word or phrase: "${blanked}"`, accepted: [term], explanation: explanationFor(sentence) }, sentence);
    }
  });

  // A short lesson still gets three, from whatever sentences it has: each as written (true), negated
  // (false), with its longest word to type or to choose among the lesson's other words, then its
  // next longest word to type. Well-formed statements first.
  // Questions and lead-ins ("Try this:") are not statements.
  const statements = sentences.filter((s) => !/[?:]$/.test(s) && wordsOf(s).length >= 2);
  const wellFormed = (s: string) => s.length >= 20 && /[.!]$/.test(s);
  const fallback = [...statements.filter(wellFormed), ...statements.filter((s) => !wellFormed(s))];
  const lessonWords = [...new Set(wordsOf([lesson.title, ...sentences].join(" ")))].filter((w) => w.length >= 4 && !STOP_WORDS.has(w));
  const fillIn = (sentence: string, word: string | undefined) => {
    if (!word) return;
    const blanked = sentence.replace(termPattern(word), "_____");
    add({ type: "short", prompt: `Fill in the missing word: "${blanked}"`, accepted: [word], explanation: explanationFor(sentence) }, sentence);
  };
  const kinds: Array<(sentence: string) => void> = [
    (sentence) => add({ type: "true_false", prompt: `True or false: ${sentence}`, correct: [0], explanation: explanationFor(sentence) }, sentence),
    (sentence) => {
      const negation = negated(sentence);
      if (negation) add({ type: "true_false", prompt: `True or false: ${negation}`, correct: [1], explanation: `False. ${explanationFor(sentence)}` }, sentence);
    },
    (sentence) => fillIn(sentence, contentWords(sentence)[0]),
    (sentence) => {
      const word = contentWords(sentence)[0];
      const others = lessonWords.filter((w) => !termPattern(w).test(sentence)).sort((a, b) => stableHash(a + sentence) - stableHash(b + sentence)).slice(0, 3);
      if (!word || !others.length) return;
      const options = others.map(capitalise);
      const at = stableHash(sentence) % (options.length + 1);
      options.splice(at, 0, capitalise(word));
      const blanked = sentence.replace(termPattern(word), "_____");
      add({ type: "single", prompt: `Which word completes the sentence? "${blanked}"`, options, correct: [at], explanation: explanationFor(sentence) }, sentence);
    },
    (sentence) => fillIn(sentence, contentWords(sentence)[1]),
  ];
  for (const kind of kinds) {
    for (const sentence of fallback) {
      if (questions.length >= 3) return questions;
      kind(sentence);
    }
  }
  return questions;
}
