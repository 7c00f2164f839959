import type { StoredQuestionResult } from "#db/schema";
import { normaliseShortAnswer, quizScore, type AttemptInput, type QuestionType } from "~/schemas/quiz";

// Grading a quiz attempt (issue 24): pure rules, unit-tested on their own.

interface GradedQuestion {
  id: number;
  type: QuestionType;
  correct: number[] | null;
  accepted: string[] | null;
  explanation: string | null;
}

/** Right or wrong for one question; an unanswered question is wrong. */
export function isAnswerCorrect(question: Pick<GradedQuestion, "type" | "correct" | "accepted">, answer: { choices?: number[]; text?: string } | undefined): boolean {
  if (!answer) return false;
  if (question.type === "short") {
    const given = normaliseShortAnswer(answer.text ?? "");
    return given !== "" && (question.accepted ?? []).some((accepted) => normaliseShortAnswer(accepted) === given);
  }
  const chosen = [...new Set(answer.choices ?? [])].sort((a, b) => a - b);
  const correct = question.correct ?? [];
  return chosen.length === correct.length && chosen.every((choice, index) => choice === correct[index]);
}

/** Grades answers against the quiz as it is now. */
export function gradeAnswers(quiz: { passingScore: number; questions: GradedQuestion[] }, answers: AttemptInput["answers"]) {
  const byQuestion = new Map<number, AttemptInput["answers"][number]>();
  for (const answer of answers) if (!byQuestion.has(answer.questionId)) byQuestion.set(answer.questionId, answer);
  const results: StoredQuestionResult[] = quiz.questions.map((question) => ({
    questionId: question.id,
    correct: isAnswerCorrect(question, byQuestion.get(question.id)),
    ...(question.explanation ? { explanation: question.explanation } : {}),
  }));
  const score = quizScore(results.filter((result) => result.correct).length, quiz.questions.length);
  return { score, passed: score >= quiz.passingScore, results };
}

