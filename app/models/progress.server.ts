import { and, count, eq } from "drizzle-orm";
import { db } from "#db/client.server";
import { userProgress } from "#db/schema";

export interface EnrolmentCounts {
  enrolled: number;
  completed: number;
}

/** How many courses a student has started and finished. */
export function getEnrolmentCounts(userId: number): EnrolmentCounts {
  const enrolled = db.select({ n: count() }).from(userProgress).where(eq(userProgress.userId, userId)).get()?.n ?? 0;
  const completed =
    db
      .select({ n: count() })
      .from(userProgress)
      .where(and(eq(userProgress.userId, userId), eq(userProgress.isCompleted, true)))
      .get()?.n ?? 0;
  return { enrolled, completed };
}
