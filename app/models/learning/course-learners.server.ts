import { eq } from "drizzle-orm";
import { db } from "#db/client.server";
import { userProgress } from "#db/schema";
import { courseGradebook } from "~/models/assessment/gradebook.server";

// A course's learners as its instructors see them (issue 29). Apart from
// course-staff.server.ts, which decides who runs a course and which the quiz
// and certificate models ask: this report reads them, so it sits above them.

/**
 * What the course's instructors may see of its learners: progress and each
 * quiz's best score, passed and attempts, each assignment's status and points (the gradebook's figures).
 */
export async function listCourseLearners(courseId: number) {
  const gradebook = await courseGradebook(courseId, { withEmail: false });
  const progress = await db
    .select({
      userId: userProgress.userId,
      progressPercentage: userProgress.progressPercentage,
      isCompleted: userProgress.isCompleted,
      startedAt: userProgress.startedAt,
      lastAccessedAt: userProgress.lastAccessedAt,
      completedAt: userProgress.completedAt,
    })
    .from(userProgress)
    .where(eq(userProgress.courseId, courseId));
  const byUser = new Map(progress.map((row) => [row.userId, row]));
  return {
    quizLessons: gradebook.lessons,
    assignmentLessons: gradebook.assignments,
    learners: gradebook.rows.map((row) => {
      const started = byUser.get(row.userId);
      return {
        userId: row.userId,
        username: row.username,
        progressPercentage: started?.progressPercentage ?? 0,
        isCompleted: started?.isCompleted ?? false,
        startedAt: started?.startedAt.toISOString() ?? null,
        lastAccessedAt: started?.lastAccessedAt.toISOString() ?? null,
        completedAt: started?.completedAt?.toISOString() ?? null,
        quizzes: row.lessons,
        assignments: row.assignments,
      };
    }),
  };
}
