import { z } from "zod";
import { CHAT_HISTORY_SENT, CHAT_MESSAGE_MAX, ChatSourceSchema, type ChatSource } from "~/schemas/companion";

// The shapes the study companion's API answers with (app/routes/api+/chat*.ts).
// The browser parses every answer instead of trusting it.

export const SourceSchema = ChatSourceSchema;
export type Source = ChatSource;

export const ModeSchema = z.enum(["provider", "offline"]);
export type CompanionMode = z.infer<typeof ModeSchema>;

export const SourcesEventSchema = z.object({ sources: z.array(SourceSchema), mode: ModeSchema });
export const DeltaEventSchema = z.object({ text: z.string() });
export const ErrorBodySchema = z.object({ message: z.string() });

export const AnswerSchema = z.object({
  response: z.string(),
  html: z.string(),
  sources: z.array(SourceSchema),
  mode: ModeSchema,
  notice: z.string().optional(),
  answered: z.boolean(),
});
export type Answer = z.infer<typeof AnswerSchema>;

export const HistorySchema = z.object({
  messages: z.array(
    z.object({
      id: z.number(),
      role: z.enum(["user", "assistant"]),
      content: z.string(),
      html: z.string().nullable(),
      sources: z.array(SourceSchema),
      createdAt: z.string(),
    }),
  ),
});

export const StatusSchema = z.object({
  mode: ModeSchema,
  model: z.string().nullable(),
  usedToday: z.number(),
  dailyLimit: z.number(),
});
export type CompanionStatus = z.infer<typeof StatusSchema>;

export const SuggestionsSchema = z.object({ questions: z.array(z.string()) });

/** What the panel is about: the whole academy, or one lesson ("Ask about this lesson"). */
export interface CompanionScope {
  lessonId: number;
  courseTitle: string;
  lessonTitle: string;
}

export interface HistoryTurn {
  role: "user" | "assistant";
  content: string;
}

/** The spec sends the last 6 messages as context. */
export const HISTORY_SENT = CHAT_HISTORY_SENT;
/** The server refuses longer messages with 400. */
export const MAX_MESSAGE_LENGTH = CHAT_MESSAGE_MAX;
