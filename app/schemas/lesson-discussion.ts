import { z } from "zod";

// Questions and comments under a lesson (issue 46): what a member writes, as
// the JSON API and the lesson page's forms accept it.

export const COMMENT_MAX = 5_000;
export const COMMENT_MISSING = "Write your question or comment first.";
export const REPORT_REASON_MAX = 500;

const content = z
  .string({ required_error: COMMENT_MISSING, invalid_type_error: COMMENT_MISSING })
  .trim()
  .min(1, COMMENT_MISSING)
  .max(COMMENT_MAX, `A comment can be at most ${COMMENT_MAX.toLocaleString("en-US")} characters.`);

export const CommentSchema = z
  .object({
    content,
    parentId: z.coerce.number({ invalid_type_error: "parentId must be a comment's id" }).int().positive("parentId must be a comment's id").optional(),
  })
  .strict();
export type CommentInput = z.infer<typeof CommentSchema>;

export const CommentEditSchema = z.object({ content }).strict();

export const ReportSchema = z
  .object({
    reason: z
      .string({ required_error: "Say briefly what is wrong with it.", invalid_type_error: "Say briefly what is wrong with it." })
      .trim()
      .min(1, "Say briefly what is wrong with it.")
      .max(REPORT_REASON_MAX, `At most ${REPORT_REASON_MAX} characters.`),
  })
  .strict();

export const ModerationSchema = z.object({ hidden: z.boolean({ required_error: "hidden is true or false", invalid_type_error: "hidden is true or false" }) }).strict();

/**
 * The lesson page shows its discussion in full only when asked (`?discussion=all`):
 * thirty comments would triple the cost of every lesson view (issue 46 bench).
 * With JavaScript the panel loads it when it scrolls near; without, this link does.
 */
export const DISCUSSION_PARAM = "discussion";
export function discussionHref(courseId: number, lessonId: number, commentId?: number): string {
  return `/course/${courseId}/lesson/${lessonId}?${DISCUSSION_PARAM}=all#${commentId ? `comment-${commentId}` : "discussion"}`;
}
