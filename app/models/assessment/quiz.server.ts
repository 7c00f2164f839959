import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { db, first, changes, withTransaction, single } from "#db/client.server";
import { quizQuestionRows } from "#db/quiz-question-rows";
import { courses, lessons, quizAttempts, quizQuestions, quizzes, userProgress, users } from "#db/schema";
import { listLockedLessonIds } from "~/models/learning/lesson-release.server";
import { isPremium } from "~/models/billing/membership.server";
import { completeLessonIfDone, type CompletionResult } from "~/models/learning/progress.server";
import { gradeAnswers } from "~/models/assessment/quiz-grading";
import { TRUE_FALSE_OPTIONS, type AttemptInput, type QuestionType, type QuizData } from "~/schemas/quiz";
import { fromCatalogue } from "~/models/learning/catalogue-cache.server";

// A lesson's quiz (issue 24): saving and reading it, grading a member's
// attempt, and what the portal and the gradebook show. Who may open the
// lesson is decided by the caller through access.server, as for the lesson.
// Correct and accepted answers leave this module only in the admin's view
// (toAdminQuiz); a member's view never carries them, and explanations reach a
// member only in the results of an attempt they submitted.

export class QuizRefusal extends Error {
  constructor(
    readonly status: 404 | 409,
    message: string,
  ) {
    super(message);
    this.name = "QuizRefusal";
  }
}

export interface StoredQuestion {
  id: number;
  position: number;
  type: QuestionType;
  prompt: string;
  options: string[] | null;
  correct: number[] | null;
  accepted: string[] | null;
  explanation: string | null;
}

export interface StoredQuiz {
  id: number;
  lessonId: number;
  passingScore: number;
  maxAttempts: number;
  shuffle: boolean;
  updatedAt: Date;
  questions: StoredQuestion[];
}

// The quiz and its questions in one query (on PostgreSQL each query is a round trip, issue 43):
// a quiz without questions is one row whose question is null.
const quizWithQuestionsOfLesson = db
  .select({
    quiz: {
      id: quizzes.id,
      lessonId: quizzes.lessonId,
      passingScore: quizzes.passingScore,
      maxAttempts: quizzes.maxAttempts,
      shuffle: quizzes.shuffle,
      updatedAt: quizzes.updatedAt,
    },
    question: {
      id: quizQuestions.id,
      position: quizQuestions.position,
      type: quizQuestions.type,
      prompt: quizQuestions.prompt,
      options: quizQuestions.options,
      correct: quizQuestions.correct,
      accepted: quizQuestions.accepted,
      explanation: quizQuestions.explanation,
    },
  })
  .from(quizzes)
  .leftJoin(quizQuestions, eq(quizQuestions.quizId, quizzes.id))
  .where(eq(quizzes.lessonId, sql.placeholder("lessonId")))
  .orderBy(asc(quizQuestions.position), asc(quizQuestions.id))
  .prepare();

/** The lesson's quiz with every question and answer, or undefined. */
export function getQuizForLesson(lessonId: number): Promise<StoredQuiz | undefined> {
  return fromCatalogue(`quiz:${lessonId}`, () => readQuizForLesson(lessonId));
}

async function readQuizForLesson(lessonId: number): Promise<StoredQuiz | undefined> {
  const rows = await quizWithQuestionsOfLesson.all({ lessonId });
  const quiz = rows[0]?.quiz;
  if (!quiz) return undefined;
  return { ...quiz, questions: rows.flatMap(({ question }) => (question ? [question] : [])) };
}

/** Creates or replaces the lesson's quiz. Earlier attempts keep their grades. */
export async function saveQuiz(lessonId: number, input: QuizData): Promise<StoredQuiz> {
  const now = new Date();
  await withTransaction(async (tx) => {
    const quiz = await single(tx
      .insert(quizzes)
      .values({ lessonId, passingScore: input.passingScore, maxAttempts: input.maxAttempts, shuffle: input.shuffle, updatedAt: now })
      .onConflictDoUpdate({
        target: quizzes.lessonId,
        set: { passingScore: input.passingScore, maxAttempts: input.maxAttempts, shuffle: input.shuffle, updatedAt: now },
      })
      .returning({ id: quizzes.id }));
    await tx.delete(quizQuestions).where(eq(quizQuestions.quizId, quiz.id));
    await tx.insert(quizQuestions).values(quizQuestionRows(quiz.id, input.questions));
  });
  const saved = await getQuizForLesson(lessonId);
  if (!saved) throw new Error("quiz vanished after saving");
  return saved;
}

/** Removes the lesson's quiz and its attempts; the lesson is then completed as any other. */
export async function deleteQuiz(lessonId: number): Promise<boolean> {
  return changes(await db.delete(quizzes).where(eq(quizzes.lessonId, lessonId))) > 0;
}

/** Everything, for the admin's builder and API. */
export function toAdminQuiz(quiz: StoredQuiz) {
  return {
    id: quiz.id,
    lessonId: quiz.lessonId,
    passingScore: quiz.passingScore,
    maxAttempts: quiz.maxAttempts,
    shuffle: quiz.shuffle,
    questions: quiz.questions.map((question) => ({
      id: question.id,
      type: question.type,
      prompt: question.prompt,
      ...(question.options ? { options: question.options } : {}),
      ...(question.correct ? { correct: question.correct } : {}),
      ...(question.accepted ? { accepted: question.accepted } : {}),
      ...(question.explanation ? { explanation: question.explanation } : {}),
    })),
  };
}

export type AdminQuiz = ReturnType<typeof toAdminQuiz>;

/** The options a question shows: its own, or True/False. */
function optionsOf(question: Pick<StoredQuestion, "type" | "options">): string[] | undefined {
  if (question.type === "true_false") return [...TRUE_FALSE_OPTIONS];
  return question.type === "short" ? undefined : (question.options ?? []);
}

// A small seeded generator, so one attempt shows the same order on every load
// (a page reload, or the form sent back with an error) and the next attempt a new one.
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A Fisher–Yates shuffle driven by `random`. */
function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const held = copy[i] as T;
    copy[i] = copy[j] as T;
    copy[j] = held;
  }
  return copy;
}

/**
 * What a member may see before answering: prompts and options, never answers
 * or explanations. Options keep their indices (a member's `choices` are
 * those); `optionOrder` is the order to show them in for this attempt, and
 * the questions come in this attempt's order.
 */
export function toMemberQuiz(quiz: StoredQuiz, viewer: { userId: number; attemptNumber: number }) {
  const random = seededRandom(quiz.id * 7919 + viewer.userId * 104729 + viewer.attemptNumber * 15485863);
  const questions = quiz.shuffle ? shuffled(quiz.questions, random) : quiz.questions;
  return {
    id: quiz.id,
    passingScore: quiz.passingScore,
    maxAttempts: quiz.maxAttempts,
    questions: questions.map((question) => {
      const options = optionsOf(question);
      return {
        id: question.id,
        type: question.type,
        prompt: question.prompt,
        ...(options ? { options } : {}),
        // Only a shuffling quiz says in which order to show the options.
        ...(options && quiz.shuffle ? { optionOrder: question.type === "true_false" ? options.map((_, index) => index) : shuffled(options.map((_, index) => index), random) } : {}),
      };
    }),
  };
}

export type MemberQuiz = ReturnType<typeof toMemberQuiz>;

export type QuizAttempt = typeof quizAttempts.$inferSelect;

const attemptsOf = db
  .select()
  .from(quizAttempts)
  .where(and(eq(quizAttempts.quizId, sql.placeholder("quizId")), eq(quizAttempts.userId, sql.placeholder("userId"))))
  .orderBy(asc(quizAttempts.attemptNumber))
  .prepare();

export async function listAttempts(quizId: number, userId: number): Promise<QuizAttempt[]> {
  return await attemptsOf.all({ quizId, userId });
}

export function toApiAttempt(attempt: QuizAttempt) {
  return {
    id: attempt.id,
    attemptNumber: attempt.attemptNumber,
    score: attempt.score,
    passed: attempt.passed,
    submittedAt: attempt.submittedAt.toISOString(),
    results: attempt.results,
  };
}

export function attemptsLeft(quiz: Pick<StoredQuiz, "maxAttempts">, used: number): number | null {
  return quiz.maxAttempts === 0 ? null : Math.max(quiz.maxAttempts - used, 0);
}

/** The member's standing on a quiz: their attempts, best score, whether passed, attempts left. */
export async function quizStanding(quiz: StoredQuiz, userId: number) {
  const attempts = await listAttempts(quiz.id, userId);
  return {
    attempts,
    bestScore: attempts.length ? Math.max(...attempts.map((attempt) => attempt.score)) : null,
    passed: attempts.some((attempt) => attempt.passed),
    attemptsLeft: attemptsLeft(quiz, attempts.length),
    nextAttemptNumber: attempts.length + 1,
  };
}

export interface AttemptOutcome {
  attempt: QuizAttempt;
  completion: CompletionResult | null;
}

/**
 * Grades and records an attempt; a pass completes the lesson (progress,
 * streak, course completion and certificate follow). The caller has checked
 * that the member may open and complete the lesson.
 */
export async function submitAttempt(
  user: { id: number; username: string; name: string | null },
  lesson: { id: number; courseId: number; order: number },
  answers: AttemptInput["answers"],
): Promise<AttemptOutcome> {
  const attempt = await withTransaction(async (tx) => {
    // Read in the transaction, as it was atomic when queries were synchronous.
    const quiz = await getQuizForLesson(lesson.id);
    if (!quiz) throw new QuizRefusal(404, "This lesson has no quiz");
    const used = (await first(tx.select({ n: count() }).from(quizAttempts).where(and(eq(quizAttempts.quizId, quiz.id), eq(quizAttempts.userId, user.id))).limit(1)))?.n ?? 0;
    if (quiz.maxAttempts > 0 && used >= quiz.maxAttempts) {
      throw new QuizRefusal(409, `You have used all ${quiz.maxAttempts} ${quiz.maxAttempts === 1 ? "attempt" : "attempts"} at this quiz`);
    }
    const graded = gradeAnswers(quiz, answers);
    return await single(tx
      .insert(quizAttempts)
      .values({ quizId: quiz.id, userId: user.id, attemptNumber: used + 1, ...graded, submittedAt: new Date() })
      .returning());
  });
  // A required assignment may still keep the lesson open.
  return { attempt, completion: attempt.passed ? await completeLessonIfDone(user, lesson) : null };
}

/** Lessons of a course that carry a quiz, in course order (active lessons only unless asked). */
async function quizLessonsOfCourse(courseId: number) {
  return await db
    .select({ lessonId: lessons.id, title: lessons.title, quizId: quizzes.id, passingScore: quizzes.passingScore, maxAttempts: quizzes.maxAttempts })
    .from(quizzes)
    .innerJoin(lessons, eq(lessons.id, quizzes.lessonId))
    .where(and(eq(lessons.courseId, courseId), eq(lessons.isActive, true)))
    .orderBy(asc(lessons.order), asc(lessons.id));
}

/** Per member and quiz lesson of a course: best score, passed, attempts. Members who started the course or tried a quiz. */
export async function quizGradebook(courseId: number) {
  const quizLessons = await quizLessonsOfCourse(courseId);
  const stats = quizLessons.length
    ? await db
        .select({
          userId: quizAttempts.userId,
          quizId: quizAttempts.quizId,
          best: sql<number>`max(${quizAttempts.score})`.mapWith(Number),
          passed: sql<number>`max(case when ${quizAttempts.passed} then 1 else 0 end)`.mapWith(Number),
          attempts: count(),
        })
        .from(quizAttempts)
        .innerJoin(quizzes, eq(quizzes.id, quizAttempts.quizId))
        .innerJoin(lessons, eq(lessons.id, quizzes.lessonId))
        .where(eq(lessons.courseId, courseId))
        .groupBy(quizAttempts.userId, quizAttempts.quizId)
    : [];
  const learners = await db
    .select({
      userId: users.id,
      username: users.username,
      name: users.name,
      email: users.email,
      completedAt: userProgress.completedAt,
    })
    .from(users)
    .leftJoin(userProgress, and(eq(userProgress.userId, users.id), eq(userProgress.courseId, courseId)))
    .where(
      sql`${users.id} in (select ${userProgress.userId} from ${userProgress} where ${userProgress.courseId} = ${courseId})
        or ${users.id} in (${sql.join(
          stats.length ? stats.map((row) => sql`${row.userId}`) : [sql`null`],
          sql`, `,
        )})`,
    )
    .orderBy(asc(users.username), asc(users.id));
  const key = (userId: number, quizId: number) => `${userId}:${quizId}`;
  const byKey = new Map(stats.map((row) => [key(row.userId, row.quizId), row]));
  return {
    lessons: quizLessons.map(({ lessonId, title, passingScore }) => ({ lessonId, title, passingScore })),
    rows: learners.map((learner) => ({
      userId: learner.userId,
      username: learner.username,
      name: learner.name,
      email: learner.email,
      completedAt: learner.completedAt,
      lessons: quizLessons.map(({ lessonId, quizId }) => {
        const row = byKey.get(key(learner.userId, quizId));
        return { lessonId, bestScore: row ? row.best : null, passed: row ? row.passed === 1 : false, attempts: row ? row.attempts : 0 };
      }),
    })),
  };
}

/**
 * Quizzes the member still has to pass in courses they started: active
 * lessons of active courses they may open (Premium courses only with Premium),
 * with their best score so far and attempts left.
 */
// Prepared once: the portal asks this on every visit (issue 27).
const quizzesToPassQuery = db
  .select({
    courseId: courses.id,
    courseTitle: courses.title,
    coursePremium: courses.isPremium,
    lessonId: lessons.id,
    lessonTitle: lessons.title,
    passingScore: quizzes.passingScore,
    maxAttempts: quizzes.maxAttempts,
    best: sql<number | null>`(select max(score) from quiz_attempts a where a.quiz_id = ${quizzes.id} and a.user_id = ${sql.placeholder("userId")})`,
    used: sql<number>`(select count(*) from quiz_attempts a where a.quiz_id = ${quizzes.id} and a.user_id = ${sql.placeholder("userId")})`.mapWith(Number),
  })
  .from(userProgress)
  .innerJoin(courses, and(eq(courses.id, userProgress.courseId), eq(courses.isActive, true)))
  .innerJoin(lessons, and(eq(lessons.courseId, courses.id), eq(lessons.isActive, true)))
  .innerJoin(quizzes, eq(quizzes.lessonId, lessons.id))
  .where(
    and(
      eq(userProgress.userId, sql.placeholder("userId")),
      sql`not exists (select 1 from quiz_attempts a where a.quiz_id = ${quizzes.id} and a.user_id = ${sql.placeholder("userId")} and a.passed = true)`,
      sql`not exists (select 1 from lesson_completions c where c.lesson_id = ${lessons.id} and c.user_id = ${sql.placeholder("userId")})`,
    ),
  )
  .orderBy(desc(userProgress.lastAccessedAt), asc(lessons.order), asc(lessons.id))
  .prepare();

export async function listQuizzesToPass(user: { id: number; role: "student" | "instructor" | "admin" }) {
  const rows = await quizzesToPassQuery.all({ userId: user.id });
  const premium = rows.some((row) => row.coursePremium) && (await isPremium(user));
  // A quiz of a lesson not released for the member yet (issue 29) is not theirs to pass yet.
  const locked = new Set(rows.length ? await listLockedLessonIds(user) : []);
  return rows
    .filter((row) => (!row.coursePremium || premium) && !locked.has(row.lessonId))
    .map((row) => ({
      courseId: row.courseId,
      courseTitle: row.courseTitle,
      lessonId: row.lessonId,
      lessonTitle: row.lessonTitle,
      passingScore: row.passingScore,
      bestScore: row.best,
      attemptsLeft: attemptsLeft(row, row.used),
    }));
}

/** How many questions each quiz of a course has, by lesson id (the lesson list's "Quiz" buttons). */
export async function quizQuestionCounts(courseId: number): Promise<Record<number, number>> {
  const rows = await db
    .select({ lessonId: quizzes.lessonId, questions: sql<number>`(select count(*) from quiz_questions q where q.quiz_id = ${quizzes.id})`.mapWith(Number) })
    .from(quizzes)
    .innerJoin(lessons, eq(lessons.id, quizzes.lessonId))
    .where(eq(lessons.courseId, courseId));
  return Object.fromEntries(rows.map((row) => [row.lessonId, row.questions]));
}
