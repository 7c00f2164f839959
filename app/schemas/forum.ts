import { z } from "zod";

// Kept in step with FORUM_PERMISSIONS and FORUM_COLORS in db/schema.ts, which
// the browser bundle must not import.
export const FORUM_PERMISSION_CHOICES = ["base", "advanced"] as const;
export const FORUM_COLOR_CHOICES = [
  { value: "8B5CF6", label: "Purple" },
  { value: "059669", label: "Green" },
  { value: "DC2626", label: "Red" },
  { value: "D97706", label: "Orange" },
  { value: "0891B2", label: "Cyan" },
  { value: "7C3AED", label: "Violet" },
] as const;
const COLOR_VALUES = ["8B5CF6", "059669", "DC2626", "D97706", "0891B2", "7C3AED"] as const;

export const TITLE_MAX = 200;
export const TOPIC_BODY_MAX = 20_000;
export const REPLY_BODY_MAX = 10_000;

export const TOPIC_MISSING = "Please provide both a title and content for your topic.";
export const REPLY_MISSING = "Please write a reply before posting.";
export const TOPIC_LOCKED = "This discussion has been locked and no longer accepts new replies.";
export const CATEGORY_MISSING = "Please provide both name and description for the category.";

/** An id from JSON (number) or a form field (string). */
const positiveId = (message: string) =>
  z.preprocess(
    (value) => (typeof value === "string" && /^\d{1,9}$/.test(value) ? Number(value) : value),
    z.number({ required_error: message, invalid_type_error: message }).int(message).positive(message),
  );

export const TopicSchema = z.object({
  title: z
    .string({ required_error: TOPIC_MISSING, invalid_type_error: TOPIC_MISSING })
    .trim()
    .min(1, TOPIC_MISSING)
    .max(TITLE_MAX, `Titles can be at most ${TITLE_MAX} characters.`),
  content: z
    .string({ required_error: TOPIC_MISSING, invalid_type_error: TOPIC_MISSING })
    .trim()
    .min(1, TOPIC_MISSING)
    .max(TOPIC_BODY_MAX, `Topics can be at most ${TOPIC_BODY_MAX.toLocaleString("en-US")} characters.`),
  categoryId: positiveId("Please choose a category."),
});
export type TopicInput = z.infer<typeof TopicSchema>;

export const ReplyFormSchema = z.object({
  content: z
    .string({ required_error: REPLY_MISSING, invalid_type_error: REPLY_MISSING })
    .trim()
    .min(1, REPLY_MISSING)
    .max(REPLY_BODY_MAX, `Replies can be at most ${REPLY_BODY_MAX.toLocaleString("en-US")} characters.`),
});

export const ReplySchema = ReplyFormSchema.extend({ topicId: positiveId("Please choose a discussion to reply to.") });
export type ReplyInput = z.infer<typeof ReplySchema>;

// Editing checks a post exactly as posting it did; the topic stays in its category.
export const TopicEditSchema = TopicSchema.pick({ title: true, content: true });
export type TopicEditInput = z.infer<typeof TopicEditSchema>;
export const ReplyEditSchema = ReplyFormSchema;
export type ReplyEditInput = z.infer<typeof ReplyEditSchema>;

export const CategorySchema = z.object({
  name: z
    .string({ required_error: CATEGORY_MISSING, invalid_type_error: CATEGORY_MISSING })
    .trim()
    .min(1, CATEGORY_MISSING)
    .max(100, "Category names can be at most 100 characters."),
  description: z
    .string({ required_error: CATEGORY_MISSING, invalid_type_error: CATEGORY_MISSING })
    .trim()
    .min(1, CATEGORY_MISSING)
    .max(1000, "Descriptions can be at most 1,000 characters."),
  permission: z.enum(FORUM_PERMISSION_CHOICES, { message: "Choose Free (base) or Premium (advanced)." }).default("base"),
  color: z.preprocess(
    (value) => (typeof value === "string" ? value.replace(/^#/, "").toUpperCase() : value),
    z.enum(COLOR_VALUES, { message: "Choose one of the six category colours." }).default("8B5CF6"),
  ),
});
export type CategoryInput = z.infer<typeof CategorySchema>;

export const TopicModerationSchema = z
  .object({ isPinned: z.boolean().optional(), isLocked: z.boolean().optional() })
  .refine((value) => value.isPinned !== undefined || value.isLocked !== undefined, {
    message: "Send isPinned or isLocked.",
  });
export type TopicModeration = z.infer<typeof TopicModerationSchema>;

/** A moderator's delete may say why; the post's author is told (issue 25). An empty body is fine. */
export const ModerationDeleteSchema = z.object({
  reason: z.string().trim().max(500, "A reason is at most 500 characters").optional().transform((value) => value || undefined),
});
