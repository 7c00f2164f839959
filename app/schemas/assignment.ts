import { z } from "zod";

// A lesson's assignment (issue 45): what a course's staff save (PUT
// /api/lessons/{id}/assignment and the builder's form), what a member hands
// in, and what a reviewer decides. One set of rules for the API and the forms.

export const ASSIGNMENT_KIND_VALUES = ["text", "file"] as const;
export type AssignmentKind = (typeof ASSIGNMENT_KIND_VALUES)[number];
export const REVIEW_DECISIONS = ["passed", "revise"] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];
export const SUBMISSION_STATUS_LABELS = { submitted: "Waiting for review", passed: "Passed", revise: "Needs revision" } as const;

export const MAX_CRITERIA = 20;
export const MAX_CRITERION_POINTS = 100;
export const DEFAULT_MAX_FILE_MB = 25;
/** The largest per-assignment file limit staff may set (the schema's check agrees). */
export const MAX_FILE_MB_LIMIT = 100;
export const MAX_SUBMISSION_TEXT = 20_000;
export const MAX_FEEDBACK = 10_000;

const text = (what: string, max: number) =>
  z.string({ required_error: `${what} is required`, invalid_type_error: `${what} must be text` }).trim().min(1, `${what} is required`).max(max, `${what} is too long`);
const wholeNumber = (what: string) => z.number({ required_error: `${what} is required`, invalid_type_error: `${what} must be a number` }).int(`${what} must be a whole number`);

export const RubricCriterionSchema = z
  .object({
    criterion: text("Criterion", 200),
    description: z.string({ invalid_type_error: "Description must be text" }).trim().max(2000, "Description is too long").default(""),
    points: wholeNumber("Points").min(1, "A criterion is worth at least 1 point").max(MAX_CRITERION_POINTS, `A criterion is worth at most ${MAX_CRITERION_POINTS} points`),
  })
  .strict();

const RubricSchema = z.array(RubricCriterionSchema).min(1, "Add at least one criterion to the rubric").max(MAX_CRITERIA, `At most ${MAX_CRITERIA} criteria`);

export const AssignmentSchema = z
  .object({
    instructions: text("Instructions", 20_000),
    kinds: z
      .array(z.enum(ASSIGNMENT_KIND_VALUES, { errorMap: () => ({ message: 'Choose "text", "file" or both' }) }))
      .min(1, "Accept at least one kind of submission: text, a file or both")
      .max(ASSIGNMENT_KIND_VALUES.length, 'Choose "text", "file" or both')
      .transform((kinds) => ASSIGNMENT_KIND_VALUES.filter((kind) => kinds.includes(kind))),
    maxFileMb: wholeNumber("File size limit").min(1, "The file size limit is at least 1 MB").max(MAX_FILE_MB_LIMIT, `The file size limit is at most ${MAX_FILE_MB_LIMIT} MB`).default(DEFAULT_MAX_FILE_MB),
    rubric: RubricSchema,
    passPoints: wholeNumber("Points to pass").min(1, "Points to pass must be at least 1"),
    required: z.boolean({ invalid_type_error: "Required must be true or false" }).default(true),
  })
  .strict()
  .superRefine((assignment, ctx) => {
    // zod still calls this when the rubric was refused: there is no total to compare with then.
    if (!RubricSchema.safeParse(assignment.rubric).success) return;
    const total = rubricTotal(assignment.rubric);
    if (assignment.passPoints > total) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["passPoints"], message: `Points to pass (${assignment.passPoints}) cannot be more than the rubric's total (${total})` });
    }
  });
export type AssignmentInput = z.output<typeof AssignmentSchema>;

export function rubricTotal(rubric: readonly { points: number }[]): number {
  return rubric.reduce((sum, criterion) => sum + criterion.points, 0);
}

/** The text part of a submission (a JSON body's or a form's field). Empty means none. */
export const SubmissionTextSchema = z
  .string({ invalid_type_error: "Text must be text" })
  .trim()
  .max(MAX_SUBMISSION_TEXT, `Your text is too long (at most ${MAX_SUBMISSION_TEXT.toLocaleString("en-US")} characters)`)
  .optional()
  .transform((value) => value || undefined);

export const SubmissionJsonSchema = z.object({ text: SubmissionTextSchema }).strict();

export const ReviewSchema = z
  .object({
    scores: z
      .array(
        z
          .object({
            criterion: wholeNumber("Criterion").min(0, "Criterion is the rubric line's number, from 0"),
            points: wholeNumber("Points").min(0, "Points cannot be negative"),
          })
          .strict(),
      )
      .min(1, "Score every criterion of the rubric"),
    feedback: z.string({ invalid_type_error: "Feedback must be text" }).trim().max(MAX_FEEDBACK, "Feedback is too long").default(""),
    decision: z.enum(REVIEW_DECISIONS, { errorMap: () => ({ message: 'Decide "passed" or "revise"' }) }),
  })
  .strict();
export type ReviewInput = z.output<typeof ReviewSchema>;

export const ReviewQueueQuerySchema = z.object({
  status: z.enum(["submitted", "passed", "revise", "all"], { errorMap: () => ({ message: 'Status is "submitted", "passed", "revise" or "all"' }) }).default("submitted"),
  courseId: z.coerce.number({ invalid_type_error: "courseId must be a number" }).int().positive("courseId must be a course's id").optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});
