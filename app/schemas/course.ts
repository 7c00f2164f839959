import { z } from "zod";

const imageUrl = z
  .string()
  .trim()
  .max(2048)
  .optional()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || v.startsWith("/uploads/images/") || v.startsWith("/images/") || /^https:\/\/[^\s]+$/.test(v), {
    message: "Use an https:// image address or upload an image",
  });

export const CourseSchema = z.object({
  title: z.string({ required_error: "Title is required" }).trim().min(1, "Title is required").max(200, "Title is too long"),
  description: z
    .string({ required_error: "Description is required" })
    .trim()
    .min(1, "Description is required")
    .max(5000, "Description is too long"),
  imageUrl,
  level: z.enum(["Beginner", "Intermediate", "Advanced"]).default("Beginner"),
  rating: z
    .string({ required_error: "Rating is required" })
    .trim()
    .min(1, "Rating is required")
    .regex(/^(?:[0-4](?:\.\d)?|5(?:\.0)?)$/, "Rating must be a number from 0 to 5, like 4.5"),
  // Kept for compatibility with the spec's form: the real count comes from the lessons.
  lessons: z.preprocess((v) => {
    const n = Number(v);
    return Number.isFinite(n) && n >= 1 ? Math.floor(n) : 1;
  }, z.number()).optional(),
  duration: z.string({ required_error: "Duration is required" }).trim().min(1, "Duration is required").max(50, "Duration is too long"),
  // Whether the course is published and whether it is Premium: an admin's call (issue 39, applyPublishingRights).
  // Left out, a new course takes the defaults and an edited one keeps its values.
  isActive: z.boolean().optional(),
  isPremium: z.boolean().optional(),
  // The members with the instructor role who run the course (issue 29); only an admin changes them.
  instructorIds: z.array(z.number().int().positive()).max(20, "At most 20 instructors").optional(),
});

export type CourseInput = z.infer<typeof CourseSchema>;
