import { eq } from "drizzle-orm";
import type { Tx } from "#db/client.server";
import { assignments, assignmentSubmissions, lessons } from "#db/schema";
import { fileStore } from "~/utils/file-store.server";

// Members' handed-in files (issue 45) live in the file store, outside the
// database: when an assignment goes (alone or with its lesson) the rows go by
// cascade, and the files must be removed by hand, once the deletion has
// committed. Read the keys inside the deleting transaction, remove after it.
// A course with handed-in work is archived, never deleted (course.server).

type Scope = { assignmentId: number } | { lessonId: number } | { courseId: number };

function inScope(scope: Scope) {
  if ("assignmentId" in scope) return eq(assignments.id, scope.assignmentId);
  return "lessonId" in scope ? eq(assignments.lessonId, scope.lessonId) : eq(lessons.courseId, scope.courseId);
}

function submissionsIn(tx: Tx, scope: Scope, columns: { key: typeof assignmentSubmissions.fileKey }) {
  return tx
    .select(columns)
    .from(assignmentSubmissions)
    .innerJoin(assignments, eq(assignments.id, assignmentSubmissions.assignmentId))
    .innerJoin(lessons, eq(lessons.id, assignments.lessonId))
    .where(inScope(scope));
}

/** The file-store keys of every submission file under an assignment, a lesson or a course. */
export async function submissionFileKeys(tx: Tx, scope: Scope): Promise<string[]> {
  const rows = await submissionsIn(tx, scope, { key: assignmentSubmissions.fileKey });
  return rows.flatMap((row) => (row.key ? [row.key] : []));
}

/** Whether any member handed in work under an assignment, a lesson or a course. */
export async function hasSubmissions(tx: Tx, scope: Scope): Promise<boolean> {
  return (await submissionsIn(tx, scope, { key: assignmentSubmissions.fileKey }).limit(1)).length > 0;
}

/** Removes files whose rows are gone (a file already missing is no error). */
export async function removeSubmissionFiles(keys: readonly string[]): Promise<void> {
  await Promise.all(keys.map((key) => fileStore.delete(key)));
}
