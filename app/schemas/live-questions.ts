import { z } from "zod";
import { cleanChatText } from "~/schemas/live-chat";

// A live session's questions (issue 28): one schema for the JSON API, the join
// page's plain form and the room's panel.

export const QUESTION_MAX = 500;

export const QUESTION_TEXTS = {
  heading: "Questions",
  answeredHeading: "Answered",
  empty: "No questions yet. Ask the first one!",
  placeholder: "Ask the host a question...",
  blank: "Write a question first",
  tooLong: `Keep questions under ${QUESTION_MAX} characters`,
} as const;

const questionText = () => z.string({ required_error: QUESTION_TEXTS.blank, invalid_type_error: QUESTION_TEXTS.blank });

/** 1–500 characters once cleaned as chat text is (one line, no control characters, trimmed). */
export const QuestionTextSchema = questionText()
  .transform(cleanChatText)
  .pipe(questionText().min(1, QUESTION_TEXTS.blank).max(QUESTION_MAX, QUESTION_TEXTS.tooLong));

/** The API's body and the plain form's field. */
export const AskQuestionSchema = z.object({ text: QuestionTextSchema });

/** A question as the API and the room send it (`voted` is the reader's own vote). */
export const LiveQuestionSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  authorName: z.string(),
  votes: z.number().int(),
  voted: z.boolean(),
  answered: z.boolean(),
  createdAt: z.string(),
});
export type LiveQuestion = z.infer<typeof LiveQuestionSchema>;

/** What the room's WebSocket says when a question changed: the question, or that it was hidden. */
export const QuestionUpdateSchema = z.union([LiveQuestionSchema, z.object({ id: z.number().int(), removed: z.literal(true) })]);
export type QuestionUpdate = z.infer<typeof QuestionUpdateSchema>;

/** Most votes first, then the earlier question: the order of the list everywhere. */
export function byVotesThenTime(a: LiveQuestion, b: LiveQuestion): number {
  return b.votes - a.votes || a.id - b.id;
}

/** A list after one update from the room: replaced, added or removed; the reader's own `voted` is kept. */
export function applyQuestionUpdate(list: LiveQuestion[], update: QuestionUpdate): LiveQuestion[] {
  const rest = list.filter((question) => question.id !== update.id);
  if ("removed" in update) return rest;
  const previous = list.find((question) => question.id === update.id);
  return [...rest, { ...update, voted: previous?.voted ?? false }].sort(byVotesThenTime);
}
