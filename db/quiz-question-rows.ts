import type { quizQuestions } from "./schema";

// A quiz's questions as rows of quiz_questions, in order: one mapping for the
// quiz model (saving a quiz) and the seed (the demo quizzes in content/).
export interface QuizQuestionInput {
  type: (typeof quizQuestions.$inferInsert)["type"];
  prompt: string;
  options?: string[];
  correct?: number[];
  accepted?: string[];
  explanation?: string;
}

export function quizQuestionRows(quizId: number, questions: readonly QuizQuestionInput[]): (typeof quizQuestions.$inferInsert)[] {
  return questions.map((question, index) => ({
    quizId,
    position: index + 1,
    type: question.type,
    prompt: question.prompt,
    options: question.options ?? null,
    correct: question.correct ?? null,
    accepted: question.accepted ?? null,
    explanation: question.explanation ?? null,
  }));
}
