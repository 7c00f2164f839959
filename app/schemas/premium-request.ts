import { z } from "zod";

// A free member's "Request Premium" (used while online payments are off).

export const PREMIUM_REQUEST_MESSAGE_MAX = 500;

export const PremiumRequestSchema = z.object({
  message: z
    .string()
    .trim()
    .max(PREMIUM_REQUEST_MESSAGE_MAX, `Keep your message under ${PREMIUM_REQUEST_MESSAGE_MAX} characters`)
    .optional()
    .transform((value) => value || null),
});
export type PremiumRequestInput = z.output<typeof PremiumRequestSchema>;
