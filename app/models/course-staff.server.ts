import { and, eq } from "drizzle-orm";
import { db } from "#db/client.server";
import { courseInstructors, type User } from "#db/schema";

// Who runs a course (issue 29): admins run every course; an instructor runs
// the courses they are named on. Every "may this person edit / see all of
// this course" question is answered here.

type Staff = Pick<User, "id" | "role">;

export function isCourseInstructor(userId: number, courseId: number): boolean {
  return (
    db
      .select({ userId: courseInstructors.userId })
      .from(courseInstructors)
      .where(and(eq(courseInstructors.courseId, courseId), eq(courseInstructors.userId, userId)))
      .get() !== undefined
  );
}

/** Admins, and the course's own instructors: they edit it and see all of it (inactive and unreleased lessons included). */
export function canManageCourse(viewer: Staff | null, courseId: number): boolean {
  if (!viewer) return false;
  if (viewer.role === "admin") return true;
  return viewer.role === "instructor" && isCourseInstructor(viewer.id, courseId);
}
