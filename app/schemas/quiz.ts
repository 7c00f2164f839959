import { z } from "zod";

// A lesson's quiz (issue 24): what an admin saves (PUT /api/lessons/{id}/quiz,
// the quiz builder, the drafter's output) and what a member submits. The
// rules a question must satisfy live here once, for the API, the builder's
// form and the drafter alike.

export const QUESTION_TYPES = ["single", "multiple", "true_false", "short"] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** A true/false question's options: index 0 is "True", 1 is "False" (the API's `correct: [0]` means true). */
export const TRUE_FALSE_OPTIONS = ["True", "False"] as const;
export const MAX_QUESTIONS = 50;
export const MAX_OPTIONS = 10;

export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  single: "One correct answer",
  multiple: "Several correct answers",
  true_false: "True or false",
  short: "Short answer",
};

const text = (what: string, max: number) =>
  z.string({ required_error: `${what} is required`, invalid_type_error: `${what} must be text` }).trim().min(1, `${what} is required`).max(max, `${what} is too long`);

export const QuizQuestionSchema = z
  .object({
    type: z.enum(QUESTION_TYPES, { errorMap: () => ({ message: "Choose single, multiple, true_false or short" }) }),
    prompt: text("Question", 1000),
    options: z.array(text("Option", 300)).max(MAX_OPTIONS, `At most ${MAX_OPTIONS} options`).optional(),
    correct: z.array(z.number({ invalid_type_error: "Correct answers are option numbers" }).int().min(0)).max(MAX_OPTIONS).optional(),
    accepted: z.array(text("Accepted answer", 200)).max(20, "At most 20 accepted answers").optional(),
    explanation: z
      .string()
      .trim()
      .max(2000, "Explanation is too long")
      .optional()
      .transform((value) => value || undefined),
  })
  .superRefine((question, ctx) => {
    const problem = (path: string, message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
    if (question.type === "short") {
      if (!question.accepted?.length) problem("accepted", "A short-answer question needs at least one accepted answer");
      return;
    }
    const optionCount = question.type === "true_false" ? TRUE_FALSE_OPTIONS.length : (question.options?.length ?? 0);
    if (question.type !== "true_false" && optionCount < 2) problem("options", "A question needs at least 2 options");
    const correct = question.correct ?? [];
    if (correct.some((index) => index >= optionCount)) {
      problem("correct", `A correct answer points at an option that does not exist (options are numbered 0 to ${Math.max(optionCount - 1, 0)})`);
    } else if (new Set(correct).size !== correct.length) {
      problem("correct", "A correct answer is listed twice");
    } else if ((question.type === "single" || question.type === "true_false") && correct.length !== 1) {
      problem("correct", "Mark exactly one correct answer");
    } else if (question.type === "multiple" && correct.length < 1) {
      problem("correct", "Mark at least one correct answer");
    }
  })
  // What is stored: options only where the type has its own, accepted answers only for short ones.
  .transform((question) => ({
    type: question.type,
    prompt: question.prompt,
    options: question.type === "single" || question.type === "multiple" ? (question.options ?? []) : undefined,
    correct: question.type === "short" ? undefined : [...(question.correct ?? [])].sort((a, b) => a - b),
    accepted: question.type === "short" ? question.accepted : undefined,
    explanation: question.explanation,
  }));

export const QuizSchema = z.object({
  passingScore: z
    .number({ required_error: "Pass mark is required", invalid_type_error: "Pass mark must be a number from 0 to 100" })
    .int("Pass mark must be a whole number")
    .min(0, "Pass mark must be between 0 and 100")
    .max(100, "Pass mark must be between 0 and 100"),
  maxAttempts: z
    .number({ invalid_type_error: "Attempts must be a number (0 = unlimited)" })
    .int("Attempts must be a whole number")
    .min(0, "Attempts cannot be negative (0 = unlimited)")
    .max(100, "At most 100 attempts")
    .optional()
    .default(0),
  shuffle: z.boolean({ invalid_type_error: "shuffle is true or false" }).optional().default(false),
  questions: z
    .array(QuizQuestionSchema, { required_error: "Add at least one question" })
    .min(1, "Add at least one question")
    .max(MAX_QUESTIONS, `At most ${MAX_QUESTIONS} questions`),
});

export type QuizInput = z.input<typeof QuizSchema>;
export type QuizData = z.output<typeof QuizSchema>;
export type QuizQuestionData = z.output<typeof QuizQuestionSchema>;

/** A drafted question (POST /api/lessons/{id}/quiz/draft): a valid quiz question and the lesson's sentence it tests. */
export type DraftQuestion = QuizQuestionData & { source: string };

export const AttemptSchema = z.object({
  answers: z
    .array(
      z.object({
        questionId: z.number({ required_error: "questionId is required", invalid_type_error: "questionId must be a number" }).int().positive(),
        choices: z.array(z.number({ invalid_type_error: "choices are option numbers" }).int().min(0)).max(MAX_OPTIONS).optional(),
        text: z.string({ invalid_type_error: "text must be text" }).max(500, "An answer is at most 500 characters").optional(),
      }),
      { required_error: "answers is required", invalid_type_error: "answers must be a list" },
    )
    .max(MAX_QUESTIONS, "Too many answers"),
});
export type AttemptInput = z.output<typeof AttemptSchema>;

/** Short answers match ignoring case, surrounding spaces and repeated spaces. */
export function normaliseShortAnswer(value: string): string {
  return value.trim().replace(/\s+/g, " ").toLocaleLowerCase("en");
}

/** Score = correct / all × 100, rounded (an empty quiz scores 0). */
export function quizScore(correct: number, total: number): number {
  return total === 0 ? 0 : Math.round((correct / total) * 100);
}
