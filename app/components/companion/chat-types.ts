import { z } from "zod";

// The shapes the study companion's API answers with (app/routes/api.chat*.ts).
// The browser parses every answer instead of trusting it.

export const SourceSchema = z.object({
  n: z.number().nullable(),
  title: z.string(),
  heading: z.string().nullable(),
  url: z.string(),
  kind: z.enum(["lesson", "article"]),
  locked: z.boolean(),
});
export type Source = z.infer<typeof SourceSchema>;

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

/** Spec §9: the last 6 messages go along as context. */
export const HISTORY_SENT = 6;
/** The server refuses longer messages with 400. */
export const MAX_MESSAGE_LENGTH = 2000;
