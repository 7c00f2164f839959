import { z } from "zod";

// The caption forms on the lesson captions page and /admin/recordings (issue 38).
export const CAPTION_INTENTS = ["upload-captions", "delete-captions", "approve-captions", "generate-captions"] as const;

export const CaptionFormSchema = z.object({
  intent: z.enum(CAPTION_INTENTS),
  language: z
    .string({ required_error: "Enter a language tag such as en or pt-BR" })
    .trim()
    .min(2, "Enter a language tag such as en or pt-BR")
    .max(35, "A language tag is at most 35 characters"),
  label: z.string().trim().max(80, "A label is at most 80 characters").optional(),
});
