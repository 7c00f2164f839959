import { z } from "zod";

// The study companion's wire contract, written once: the server's model and
// routes (app/models/companion/companion.server.ts, app/routes/api.chat*.ts) and the
// browser (app/components/companion/*) take their types from these schemas,
// and the browser parses every answer with them instead of trusting it.

/** The server refuses longer messages with 400. */
export const CHAT_MESSAGE_MAX = 2000;
/** The spec sends the last 6 messages as context. */
export const CHAT_HISTORY_SENT = 6;

export const CompanionModeSchema = z.enum(["provider", "offline"]);
/** How answers are written: by the AI provider, or quoted from the course library. */
export type CompanionMode = z.infer<typeof CompanionModeSchema>;

export const ChatRoleSchema = z.enum(["user", "assistant"]);

export const ChatTurnSchema = z.object({
  role: ChatRoleSchema,
  content: z.string().max(8000, "A previous message is too long"),
});
export type ChatTurn = z.infer<typeof ChatTurnSchema>;

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
      conversationHistory: z.array(ChatTurnSchema).max(100).optional().default([]),
    })
    .optional()
    .default({}),
});
/** The request as the server reads it (defaults filled in). */
export type ChatRequest = z.output<typeof ChatRequestSchema>;
/** The request as the browser sends it. */
export type ChatRequestBody = z.input<typeof ChatRequestSchema>;

/** A source under an answer: numbered when cited; locked (no number, a course link) for Premium material the member may not open. */
export const ChatSourceSchema = z.object({
  n: z.number().nullable(),
  title: z.string(),
  heading: z.string().nullable(),
  url: z.string(),
  kind: z.enum(["lesson", "article", "template"]),
  locked: z.boolean(),
});
export type ChatSource = z.infer<typeof ChatSourceSchema>;

/** The answer to one question: the JSON reply of POST /api/chat, and the body of the stream's `done` event. */
export const ChatAnswerSchema = z.object({
  response: z.string(),
  html: z.string(),
  sources: z.array(ChatSourceSchema),
  mode: CompanionModeSchema,
  notice: z.string().optional(),
  answered: z.boolean(),
});
export type ChatAnswer = z.infer<typeof ChatAnswerSchema>;

/** The provider's token count for one answer (null when the library answered). */
export const ChatUsageSchema = z.object({ promptTokens: z.number(), completionTokens: z.number() });
export type ChatUsage = z.infer<typeof ChatUsageSchema>;

/** A refusal's body ({ message, errors? }) and the stream's `error` event. */
export const ChatErrorSchema = z.object({ message: z.string() });

// The Server-Sent Events of POST /api/chat (Accept: text/event-stream), in
// order: sources, text deltas, then done, or error when the server failed.
export const ChatStreamEventSchemas = {
  sources: z.object({ sources: z.array(ChatSourceSchema), mode: CompanionModeSchema }),
  delta: z.object({ text: z.string() }),
  done: ChatAnswerSchema.extend({ usage: ChatUsageSchema.nullable() }),
  error: ChatErrorSchema,
};
export type ChatStreamEvents = { [Name in keyof typeof ChatStreamEventSchemas]: z.infer<(typeof ChatStreamEventSchemas)[Name]> };

/** GET /api/chat/history: the member's last 20 turns, oldest first. */
export const ChatHistoryMessageSchema = z.object({
  id: z.number(),
  role: ChatRoleSchema,
  content: z.string(),
  html: z.string().nullable(),
  sources: z.array(ChatSourceSchema),
  createdAt: z.string(),
});
export type ChatHistoryMessage = z.infer<typeof ChatHistoryMessageSchema>;
export const ChatHistorySchema = z.object({ messages: z.array(ChatHistoryMessageSchema) });

/** GET /api/chat/status: how the companion answers and how much of today's allowance is used. */
export const CompanionStatusSchema = z.object({
  mode: CompanionModeSchema,
  model: z.string().nullable(),
  usedToday: z.number(),
  dailyLimit: z.number(),
});
export type CompanionStatus = z.infer<typeof CompanionStatusSchema>;

/** GET /api/chat/suggestions?lessonId=…: questions to start with. */
export const ChatSuggestionsSchema = z.object({ questions: z.array(z.string()) });
