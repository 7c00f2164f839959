import { queryWords } from "~/models/companion/companion-question";
import type { ChatTurn } from "~/schemas/companion";

// A follow-up leans on the conversation ("and the water ones?", "how long
// does it take"): asked alone it names too little to find its passage. Offline
// the companion carries the key words of the question it follows into the
// search, at a lower weight than the member's own words (companion-question's
// carried concepts); with a provider one short model call rewrites it instead
// (companion-provider.rewriteFollowUp). Pure: the history is passed in.

// Words that point back at something already said.
const POINTING = /\b(it|its|that|this|those|these|them|they|their|one|ones|first|second|third|last|other|others|same|else|more|again|also|too|instead|then|there|he|she|him|her)\b/i;
// Openings that continue the previous question.
const CONTINUING = /^\s*(and|but|so|also|or|what about|how about|what if|ok|okay|then|same|wait|hmm|and then)\b/i;
/** A question of this many meaningful words or fewer that points back is a follow-up. */
const SHORT_QUESTION = 6;
/** A question this short is a follow-up whenever there is a conversation. */
const BARE_QUESTION = 2;
/** How far back a chain of follow-ups is followed ("and death?" after "and the tower?" after "what does the star mean"). */
const CHAIN = 3;

/** Whether a question leans on the conversation before it. */
export function isFollowUp(question: string, history: ChatTurn[]): boolean {
  if (!history.some((turn) => turn.role === "user")) return false;
  const words = queryWords(question);
  if (CONTINUING.test(question)) return true;
  if (words.length <= BARE_QUESTION) return true;
  return words.length <= SHORT_QUESTION && POINTING.test(question);
}

/**
 * The words to carry into the search of a follow-up: the meaningful words of
 * the member's previous questions, back to the one that stood alone, that the
 * follow-up does not already hold. Empty when the question stands alone.
 */
export function carriedWords(question: string, history: ChatTurn[]): string[] {
  if (!isFollowUp(question, history)) return [];
  const own = new Set(queryWords(question));
  const carried: string[] = [];
  const earlier = history.filter((turn) => turn.role === "user").map((turn) => turn.content);
  for (let i = earlier.length - 1, steps = 0; i >= 0 && steps < CHAIN; i--, steps++) {
    const previous = earlier[i] ?? "";
    for (const word of queryWords(previous)) if (!own.has(word) && !carried.includes(word)) carried.push(word);
    const before = earlier.slice(0, i).map((content) => ({ role: "user" as const, content }));
    if (!isFollowUp(previous, before)) break;
  }
  return carried;
}
