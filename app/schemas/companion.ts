import { z } from "zod";

export const CHAT_MESSAGE_MAX = 2000;
export const CHAT_HISTORY_SENT = 6;

const Turn = z.object({
  role: z.enum(["user", "assistant"]),
  content: z.string().max(8000, "A previous message is too long"),
});

/** POST /api/chat (spec: message, context {courseTitle, lessonTitle, conversationHistory: last 6}). */
export const ChatRequestSchema = z.object({
  message: z
    .string({ required_error: "Please type a question first", invalid_type_error: "Please type a question first" })
    .trim()
    .min(1, "Please type a question first")
    .max(CHAT_MESSAGE_MAX, `Your question is too long: ${CHAT_MESSAGE_MAX.toLocaleString("en-US")} characters at most`),
  context: z
    .object({
      courseTitle: z.string().max(300).optional(),
      lessonTitle: z.string().max(300).optional(),
      lessonId: z.number().int().positive().optional(),
      conversationHistory: z.array(Turn).max(100).optional().default([]),
    })
    .optional()
    .default({}),
});

export type ChatRequest = z.output<typeof ChatRequestSchema>;

/** A source under an answer: numbered when cited; locked (no number, a course link) for Premium material the member may not open. */
export const ChatSourceSchema = z.object({
  n: z.number().nullable(),
  title: z.string(),
  heading: z.string().nullable(),
  url: z.string(),
  kind: z.enum(["lesson", "article"]),
  locked: z.boolean(),
});
export type ChatSource = z.infer<typeof ChatSourceSchema>;
