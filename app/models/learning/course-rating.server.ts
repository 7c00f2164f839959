import { and, eq } from "drizzle-orm";
import { db, first } from "#db/client.server";
import { courseRatings } from "#db/schema";
import { getProgress } from "~/models/learning/progress.server";

// Students rate the courses they have started, once each (a new rating replaces
// the old one). Both the course page's form and PUT /api/courses/{id}/rating call
// rateCourse; the caller has found the course visible to the member.

export const RATE_AFTER_START_MESSAGE = "Start this course before rating it.";

export class RatingRefusal extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "RatingRefusal";
  }
}

export async function getMemberRating(userId: number, courseId: number): Promise<number | null> {
  return (
    (await first(db
      .select({ rating: courseRatings.rating })
      .from(courseRatings)
      .where(and(eq(courseRatings.userId, userId), eq(courseRatings.courseId, courseId))).limit(1)))?.rating ?? null
  );
}

/** May this member rate the course? Only once they have started it. */
export async function canRateCourse(userId: number, courseId: number): Promise<boolean> {
  return await getProgress(userId, courseId) !== undefined;
}

/** Stores (or replaces) the member's stars; throws RatingRefusal 403 before the course is started. */
export async function rateCourse(userId: number, courseId: number, rating: number): Promise<void> {
  if (!await canRateCourse(userId, courseId)) throw new RatingRefusal(RATE_AFTER_START_MESSAGE, 403);
  const now = new Date();
  await db.insert(courseRatings)
    .values({ userId, courseId, rating, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: [courseRatings.userId, courseRatings.courseId], set: { rating, updatedAt: now } });
}
