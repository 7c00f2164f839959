import { z } from "zod";

// Kept here rather than imported from db/schema so the browser bundle does not
// pull in drizzle; the model checks at compile time that both lists agree.
export const ARTICLE_CATEGORIES = [
  "Getting Started",
  "Business Tools",
  "Study Tips",
  "Community",
  "Membership",
  "Technical Support",
] as const;
export type ArticleCategory = (typeof ARTICLE_CATEGORIES)[number];

export const REQUIRED_FIELDS_MESSAGE = "Please fill in all required fields";

export function isArticleCategory(value: unknown): value is ArticleCategory {
  return ARTICLE_CATEGORIES.some((category) => category === value);
}

/** "a, b,, c " → ["a", "b", "c"]: trimmed, empties dropped (spec §5). */
export function parseTags(input: string | readonly string[] | null | undefined): string[] {
  if (input === null || input === undefined) return [];
  const parts = typeof input === "string" ? input.split(",") : input;
  return parts.map((tag) => tag.trim()).filter((tag) => tag !== "");
}

export const TAGS_JSON_MESSAGE = "Tags must be a JSON list of strings, such as [\"focus\", \"ritual\"]";

/**
 * The API's tags (spec §3: a JSON-encoded string of a list of strings). A
 * string that opens with "[" is that JSON and is decoded whole, never split
 * at its commas; a real list and a plain comma-separated string are accepted
 * too. Undefined when a "[...]" string is not a JSON list of strings.
 */
export function decodeApiTags(input: string | readonly string[] | null | undefined): string[] | undefined {
  if (typeof input !== "string" || !input.trim().startsWith("[")) return parseTags(input);
  try {
    const value: unknown = JSON.parse(input);
    if (Array.isArray(value) && value.every((tag): tag is string => typeof tag === "string")) return parseTags(value);
  } catch {
    // Falls through to "not a JSON list".
  }
  return undefined;
}

/** Tags as the API sends them: the JSON-encoded list the spec names. */
export function encodeApiTags(tags: readonly string[]): string {
  return JSON.stringify(tags);
}

const MAX_TAGS = 20;
const MAX_TAG_LENGTH = 40;

const tagList = z
  .array(z.string().trim().min(1).max(MAX_TAG_LENGTH, "A tag is too long"))
  .max(MAX_TAGS, `Use at most ${MAX_TAGS} tags`);

function requiredText(max: number, tooLong: string, message: string) {
  return z.string({ required_error: message, invalid_type_error: message }).trim().min(1, message).max(max, tooLong);
}

function articleFields(messages: { title: string; content: string; summary: string; category: string }) {
  return {
    title: requiredText(200, "Title is too long", messages.title),
    content: requiredText(50_000, "Content is too long", messages.content),
    summary: requiredText(500, "Summary is too long", messages.summary),
    category: z.enum(ARTICLE_CATEGORIES, {
      errorMap: () => ({ message: messages.category }),
    }),
  };
}

/** The admin page's form: tags typed comma-separated, a Published checkbox. */
export const ArticleFormSchema = z.object({
  ...articleFields({
    title: "Title is required",
    content: "Content is required",
    summary: "Summary is required",
    category: "Choose a category",
  }),
  tags: z
    .string()
    .max(1000, "Tags are too long")
    .optional()
    .transform((value) => parseTags(value))
    .pipe(tagList),
  isPublished: z.boolean().default(false),
});

/**
 * The JSON API's body (spec §7). Tags are the spec's JSON-encoded list (a
 * real list or a comma string are accepted too);
 * authorId is accepted but ignored: the author is the signed-in admin.
 */
export const ArticleApiSchema = z.object({
  ...articleFields({
    title: REQUIRED_FIELDS_MESSAGE,
    content: REQUIRED_FIELDS_MESSAGE,
    summary: REQUIRED_FIELDS_MESSAGE,
    category: REQUIRED_FIELDS_MESSAGE,
  }),
  tags: z
    .union([z.string().max(2000, "Tags are too long"), z.array(z.string())])
    .nullish()
    .transform((value, ctx) => {
      const tags = decodeApiTags(value);
      if (!tags) ctx.addIssue({ code: z.ZodIssueCode.custom, message: TAGS_JSON_MESSAGE });
      return tags ?? [];
    })
    .pipe(tagList),
  isPublished: z.boolean().default(false),
});

export type ArticleInput = z.output<typeof ArticleFormSchema>;
export type ArticleFormInput = z.input<typeof ArticleFormSchema>;
