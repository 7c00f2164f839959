import { assignmentGrades, courseAssignments } from "~/models/assessment/assignment.server";
import { quizGradebook } from "~/models/assessment/quiz.server";
import { rubricTotal } from "~/schemas/assignment";

// A course's gradebook: per member, each quiz's best score and attempts
// (issue 24) beside each assignment's latest status and points (issue 45).
// The page, the JSON API and its CSV read this one table.

export type AssignmentStanding = "none" | "submitted" | "passed" | "revise";

/** `withEmail`: members' addresses are for admins only; a course's instructors get everything else. */
export async function courseGradebook(courseId: number, { withEmail }: { withEmail: boolean }) {
  const quizzes = await quizGradebook(courseId);
  const assignmentLessons = await courseAssignments(courseId);
  const grades = assignmentLessons.length ? await assignmentGrades(courseId) : [];
  const key = (userId: number, lessonId: number) => `${userId}:${lessonId}`;
  const byKey = new Map(grades.map((grade) => [key(grade.userId, grade.lessonId), grade]));
  // A member who handed in work but never started the course (an admin trying it) still has a row.
  const rows = [...quizzes.rows];
  const known = new Set(rows.map((row) => row.userId));
  for (const grade of grades) {
    if (known.has(grade.userId)) continue;
    known.add(grade.userId);
    rows.push({ userId: grade.userId, username: grade.username, name: grade.name, email: grade.email, completedAt: null, lessons: quizzes.lessons.map(({ lessonId }) => ({ lessonId, bestScore: null, passed: false, attempts: 0 })) });
  }
  rows.sort((a, b) => a.username.localeCompare(b.username) || a.userId - b.userId);
  return {
    lessons: quizzes.lessons,
    assignments: assignmentLessons.map((lesson) => ({
      lessonId: lesson.lessonId,
      title: lesson.lessonTitle,
      totalPoints: rubricTotal(lesson.rubric),
      passPoints: lesson.passPoints,
      required: lesson.required,
    })),
    rows: rows.map(({ completedAt, email, ...row }) => ({
      ...row,
      email: withEmail ? email : null,
      completedAt: completedAt?.toISOString() ?? null,
      assignments: assignmentLessons.map(({ lessonId }) => {
        const grade = byKey.get(key(row.userId, lessonId));
        return { lessonId, status: (grade?.status ?? "none") as AssignmentStanding, points: grade?.totalPoints ?? null, version: grade?.version ?? 0 };
      }),
    })),
  };
}

export type Gradebook = Awaited<ReturnType<typeof courseGradebook>>;

/**
 * The gradebook as CSV: one row per member (username, name, email for admins
 * only, the day they completed the course); per quiz best score, passed,
 * attempts; per assignment status and points.
 */
export function gradebookCsv(gradebook: Gradebook, { withEmail }: { withEmail: boolean }): string {
  // (The rows' addresses are already null unless courseGradebook was asked for them.)
  const cell = (value: string | number) => {
    const text = String(value);
    // Quoted when needed; a leading = + - @ is defused so a spreadsheet does not run it.
    const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
    return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  const header = [
    "username",
    "name",
    ...(withEmail ? ["email"] : []),
    "completed on",
    ...gradebook.lessons.flatMap((lesson) => [`${lesson.title} best score`, `${lesson.title} passed`, `${lesson.title} attempts`]),
    ...gradebook.assignments.flatMap((lesson) => [`${lesson.title} assignment`, `${lesson.title} points`]),
  ];
  const lines = gradebook.rows.map((row) => [
    row.username,
    row.name ?? "",
    ...(withEmail ? [row.email ?? ""] : []),
    row.completedAt?.slice(0, 10) ?? "",
    ...row.lessons.flatMap((lesson) => [lesson.bestScore ?? "", lesson.attempts ? (lesson.passed ? "yes" : "no") : "", lesson.attempts]),
    ...row.assignments.flatMap((grade) => [grade.status === "none" ? "" : grade.status, grade.points ?? ""]),
  ]);
  return [header, ...lines].map((line) => line.map(cell).join(",")).join("\r\n") + "\r\n";
}
