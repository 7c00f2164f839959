import { z } from "zod";
import { ASSIGNMENT_KIND_VALUES, AssignmentSchema, MAX_SUBMISSION_TEXT, REVIEW_DECISIONS, ReviewSchema } from "~/schemas/assignment";

// The HTML forms of assignments (issue 45): the builder, a member's hand-in
// and a reviewer's decision. They read what a browser posts (conform turns
// numbers and ticked boxes into values) and end in the JSON API's schemas, so
// the rules and messages are the API's.

// An unticked checkbox sends nothing, which on a form means false.
const checkbox = z.boolean().default(false);

export const RubricRowSchema = z.object({
  criterion: z.string().optional(),
  description: z.string().optional(),
  points: z.number({ invalid_type_error: "Points must be a number" }).optional(),
});
export type RubricRow = z.input<typeof RubricRowSchema>;

/** A new criterion in the builder. */
export const EMPTY_CRITERION: RubricRow = { criterion: "", description: "", points: undefined };

export const AssignmentFormSchema = z
  .object({
    instructions: z.string().optional(),
    kinds: z.array(z.enum(ASSIGNMENT_KIND_VALUES)).default([]),
    maxFileMb: z.number({ invalid_type_error: "File size limit must be a number" }).optional(),
    rubric: z.array(RubricRowSchema).default([]),
    passPoints: z.number({ invalid_type_error: "Points to pass must be a number" }).optional(),
    required: checkbox,
  })
  .transform((form) => ({
    instructions: form.instructions ?? "",
    kinds: form.kinds,
    maxFileMb: form.maxFileMb,
    rubric: form.rubric.map((row) => ({ criterion: row.criterion ?? "", description: row.description ?? "", points: row.points })),
    passPoints: form.passPoints,
    required: form.required,
  }))
  .pipe(AssignmentSchema);
export type AssignmentFormInput = z.input<typeof AssignmentFormSchema>;

/**
 * A member's hand-in as the browser checks it before sending: something to
 * hand in, and a file within the limit. The server decides again, by the
 * file's bytes (handInFromRequest).
 */
export function handInFormSchema({ kinds, maxFileMb }: { kinds: readonly string[]; maxFileMb: number }) {
  return z
    .object({
      intent: z.literal("submit-assignment"),
      text: z.string().max(MAX_SUBMISSION_TEXT, "Your text is too long").optional(),
      file: z.unknown().optional(),
    })
    .superRefine((form, ctx) => {
      const file = typeof File !== "undefined" && form.file instanceof File && form.file.size > 0 ? form.file : null;
      if (file && file.size > maxFileMb * 1024 * 1024) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["file"], message: `The file must be smaller than ${maxFileMb} MB` });
      }
      if (!form.text?.trim() && !file) {
        const path = kinds.includes("text") ? ["text"] : ["file"];
        ctx.addIssue({ code: z.ZodIssueCode.custom, path, message: kinds.includes("file") && kinds.includes("text") ? "Write your answer or attach a file" : kinds.includes("text") ? "Write your answer" : "Choose a file to hand in" });
      }
    });
}

/**
 * A reviewer's form: points per criterion (each within its maximum, checked
 * in the browser for quick feedback), feedback, and the decision from the
 * button pressed. Whether the decision agrees with the points is the model's
 * rule (gradeReview), answered by the server.
 */
export function reviewFormSchema(maxPoints: readonly number[]) {
  return z
    .object({
      scores: z
        .array(
          z.object({
            criterion: z.number().int().min(0),
            points: z
              .number({ required_error: "Give points for this criterion", invalid_type_error: "Points must be a number" })
              .int("Points must be a whole number")
              .min(0, "Points cannot be negative"),
          }),
        )
        .default([]),
      feedback: z.string().optional(),
      decision: z.enum(REVIEW_DECISIONS, { errorMap: () => ({ message: 'Press "Pass" or "Ask for revision"' }) }),
    })
    .superRefine((form, ctx) => {
      form.scores.forEach((score, index) => {
        const max = maxPoints[score.criterion];
        if (max !== undefined && score.points > max) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["scores", index, "points"], message: `At most ${max} points` });
      });
    })
    .transform((form) => ({ scores: form.scores, feedback: form.feedback ?? "", decision: form.decision }))
    .pipe(ReviewSchema);
}
