import { z } from "zod";
import { CourseSchema } from "~/schemas/course";
import { LessonSchema } from "~/schemas/lesson";
import { QUESTION_TYPES, QuizSchema, type QuestionType } from "~/schemas/quiz";

// The HTML forms of the admin course and lesson pages. They read what a browser
// posts (text, "on" for a ticked checkbox, a File in the browser) and give back
// the JSON shapes of CourseSchema and LessonSchema that the models take.

/** What the course image input accepts; the server checks the bytes again. */
export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp";
const IMAGE_TYPES: readonly string[] = IMAGE_ACCEPT.split(",");
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

// A ticked checkbox sends "on" (conform turns it into true); an unticked one
// sends nothing at all, which on a form means false, not the JSON default.
const checkbox = z.boolean().default(false);

function isChosenFile(value: unknown): value is File {
  return typeof File !== "undefined" && value instanceof File && value.size > 0;
}

export const CourseFormSchema = CourseSchema.omit({ imageUrl: true, isActive: true, isPremium: true, instructorIds: true })
  .extend({
    // An admin's form lists the instructors as checkboxes (none ticked sends nothing), with
    // `instructorsShown` to say the list was on the form; an instructor's form has neither.
    instructorsShown: z.literal("1").optional(),
    instructorIds: z.preprocess((value) => (value === undefined ? [] : [value].flat()), z.array(z.coerce.number().int().positive())),
    // Likewise "Active" and "Premium only": editable on an admin's form, with `publishingShown`;
    // an instructor's form shows them read-only (disabled, so not sent) and leaves them as they are.
    publishingShown: z.literal("1").optional(),
    // In the browser the chosen File; on the server the stored upload's URL,
    // which receiveUpload puts in its place.
    image: z.unknown().optional(),
    imageUrl: z.string().trim().max(2048, "Image URL is too long").optional(),
    isActive: checkbox,
    isPremium: checkbox,
  })
  .superRefine(({ image }, ctx) => {
    // Instant feedback in the browser only; the server decides by content.
    if (!isChosenFile(image)) return;
    if (!IMAGE_TYPES.includes(image.type)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["image"], message: "Please select a valid image file" });
    } else if (image.size > MAX_IMAGE_BYTES) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["image"], message: "Image must be smaller than 5MB" });
    }
  })
  // A chosen (and stored) file wins over the typed address.
  .transform(({ image, imageUrl, instructorsShown, instructorIds, publishingShown, isActive, isPremium, ...course }) => ({
    ...course,
    imageUrl: typeof image === "string" && image !== "" ? image : imageUrl,
    instructorIds: instructorsShown ? instructorIds : undefined,
    isActive: publishingShown ? isActive : undefined,
    isPremium: publishingShown ? isPremium : undefined,
  }))
  .pipe(CourseSchema);

export type CourseFormInput = z.input<typeof CourseFormSchema>;

/** A calendar day from an <input type="date">; the action reads it as midnight in the editor's time zone. */
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
export const ReleaseOnSchema = z
  .string()
  .regex(DAY, "Release on must be a date (YYYY-MM-DD)")
  .refine((value) => {
    const [, y, m, d] = DAY.exec(value) ?? [];
    const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
    return date.getUTCFullYear() === Number(y) && date.getUTCMonth() === Number(m) - 1 && date.getUTCDate() === Number(d) && Number(y) >= 2000 && Number(y) <= 2100;
  }, "Release on must be a real date between 2000 and 2100")
  .optional();

export const LessonFormSchema = LessonSchema.omit({ releaseAt: true }).extend({ isActive: checkbox, releaseOn: ReleaseOnSchema });

/** The row a new section starts from, in the section builder and the "Add section" button. */
export const EMPTY_SECTION = { type: "text", title: "", content: "", url: "" } as const;
export type LessonFormInput = z.input<typeof LessonFormSchema>;

// The quiz builder (issue 24). A question's options are written one per line,
// the correct ones starting with "*"; accepted short answers one per line. The
// form's values become QuizSchema's shape, so its rules and messages apply.
const lines = (text: string | undefined) => (text ?? "").split(/\r?\n/).map((line) => line.trim()).filter(Boolean);
const CORRECT_MARK = /^\*\s*/;

export const QuizQuestionRowSchema = z.object({
  type: z.enum(QUESTION_TYPES, { errorMap: () => ({ message: "Choose a question type" }) }),
  prompt: z.string({ required_error: "Question is required" }),
  options: z.string().optional(),
  truth: z.enum(["true", "false"]).optional(),
  accepted: z.string().optional(),
  explanation: z.string().optional(),
  // A drafted question's sentence of the lesson, shown beside it while it is reviewed; not saved.
  source: z.string().optional(),
});

export const QuizFormSchema = z
  .object({
    passingScore: z.number({ required_error: "Pass mark is required", invalid_type_error: "Pass mark must be a number from 0 to 100" }),
    maxAttempts: z.number({ invalid_type_error: "Attempts must be a number (0 = unlimited)" }).default(0),
    shuffle: checkbox,
    questions: z.array(QuizQuestionRowSchema).default([]),
  })
  .transform((form) => ({
    passingScore: form.passingScore,
    maxAttempts: form.maxAttempts,
    shuffle: form.shuffle,
    questions: form.questions.map((row) => {
      const options = lines(row.options);
      return {
        type: row.type,
        prompt: row.prompt,
        options: options.map((option) => option.replace(CORRECT_MARK, "")),
        correct:
          row.type === "true_false"
            ? row.truth === "true"
              ? [0]
              : row.truth === "false"
                ? [1]
                : []
            : options.flatMap((option, index) => (CORRECT_MARK.test(option) ? [index] : [])),
        accepted: lines(row.accepted),
        explanation: row.explanation,
      };
    }),
  }))
  .pipe(QuizSchema);

export type QuizFormInput = z.input<typeof QuizFormSchema>;
export type QuizQuestionRow = z.input<typeof QuizQuestionRowSchema>;

/** A new question in the builder. */
export const EMPTY_QUESTION: QuizQuestionRow = { type: "single", prompt: "", options: "", truth: "true", accepted: "", explanation: "", source: "" };

/** Saved or drafted questions as builder rows (every field a string, as a browser posts it). */
export function quizQuestionRows(
  questions: ReadonlyArray<{ type: QuestionType; prompt: string; options?: string[]; correct?: number[]; accepted?: string[]; explanation?: string; source?: string }>,
): QuizQuestionRow[] {
  return questions.map((question) => ({
    type: question.type,
    prompt: question.prompt,
    options: (question.options ?? []).map((option, index) => `${question.correct?.includes(index) ? "* " : ""}${option}`).join("\n"),
    truth: question.type === "true_false" && question.correct?.[0] === 1 ? "false" : "true",
    accepted: (question.accepted ?? []).join("\n"),
    explanation: question.explanation ?? "",
    source: question.source ?? "",
  }));
}
