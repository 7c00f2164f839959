import { z } from "zod";

const optionalUrl = z
  .string()
  .trim()
  .max(2048)
  .optional()
  .transform((v) => (v ? v : undefined))
  .refine((v) => v === undefined || v.startsWith("/uploads/") || /^https:\/\//.test(v) || v.startsWith("/images/"), {
    message: "Use an https:// address or an uploaded file",
  });

export const SectionSchema = z
  .object({
    type: z.enum(["text", "image", "video"], { errorMap: () => ({ message: "Choose text, image or video" }) }),
    title: z.string({ required_error: "Section title is required" }).trim().min(1, "Section title is required").max(200),
    content: z.string().max(50_000, "Section content is too long").optional().default(""),
    url: optionalUrl,
  })
  .refine((s) => s.type === "text" || s.url !== undefined, { message: "Image and video sections need a URL or a file", path: ["url"] });

export const MAX_RELEASE_AFTER_DAYS = 3650;

/** Scheduled release (issue 29): whole days after the member starts the course; null (or absent) for no delay. */
export const ReleaseAfterDaysSchema = z
  .number({ invalid_type_error: "Release after (days) must be a whole number from 0 to 3650" })
  .int("Release after (days) must be a whole number from 0 to 3650")
  .min(0, "Release after (days) must be a whole number from 0 to 3650")
  .max(MAX_RELEASE_AFTER_DAYS, "Release after (days) must be a whole number from 0 to 3650")
  .nullable();

/** A fixed release instant: an ISO 8601 date-time with its offset ("2026-03-04T09:00:00Z"); null for none. */
export const ReleaseAtSchema = z
  .string({ invalid_type_error: "Release date must be an ISO 8601 date-time, such as 2026-03-04T09:00:00Z" })
  .datetime({ offset: true, message: "Release date must be an ISO 8601 date-time, such as 2026-03-04T09:00:00Z" })
  .transform((value) => new Date(value))
  .nullable();

export const LessonSchema = z.object({
  title: z.string({ required_error: "Title is required" }).trim().min(1, "Title is required").max(200, "Title is too long"),
  description: z.string().trim().max(2000, "Description is too long").optional().default(""),
  isActive: z.boolean().optional().default(true),
  estimatedMinutes: z.coerce.number().int().min(1).max(1440).optional().default(20),
  order: z.coerce.number().int().min(1).optional(),
  contentSections: z.array(SectionSchema).max(50, "At most 50 sections").optional().default([]),
  // A lesson is saved whole (PUT replaces it): leaving these out clears the schedule.
  releaseAfterDays: ReleaseAfterDaysSchema.optional().default(null),
  releaseAt: ReleaseAtSchema.optional().default(null),
});

export type LessonInput = z.infer<typeof LessonSchema>;
export type SectionInput = z.infer<typeof SectionSchema>;
