import type { User } from "#db/schema";
import { isCourseLocked } from "~/models/learning/access.server";
import { listActiveCourses, type CourseSummary } from "~/models/learning/course.server";
import { listProgressForUser, type ProgressWithCourse } from "~/models/learning/progress.server";

// "Continue Your Journey": what a member should study next. Courses in progress
// come first, most recently studied first; then courses they can start, in
// catalogue order. Finished courses never appear. A Premium course a member
// may not take (a free member, or one whose Premium has lapsed) is only ever
// an upsell, listed apart and leading to /upgrade.

export type JourneyKind = "in-progress" | "not-started" | "upsell";

export interface JourneyCourse {
  id: number;
  title: string;
  level: CourseSummary["level"];
  lessons: number;
  percentage: number;
  kind: JourneyKind;
  lastAccessedAt: string | null;
}

export interface Journey {
  /** Courses the member can take, in the order they should see them. */
  courses: JourneyCourse[];
  /** Premium courses the member would need to upgrade for. */
  upsells: JourneyCourse[];
  /** How many courses the member has finished (they are left out). */
  finishedCount: number;
}

/** `progress`: the member's rows from listProgressForUser, when the caller has read them already. */
export async function getJourney(viewer: Pick<User, "id" | "role">, progress?: readonly ProgressWithCourse[]): Promise<Journey> {
  const catalogue = await listActiveCourses();
  progress ??= await listProgressForUser(viewer.id); // most recently accessed first
  const byCourse = new Map(progress.map((record) => [record.courseId, record]));
  const entry = (course: CourseSummary, kind: JourneyKind): JourneyCourse => {
    const record = byCourse.get(course.id);
    return {
      id: course.id,
      title: course.title,
      level: course.level,
      lessons: course.lessons,
      percentage: record?.progressPercentage ?? 0,
      kind,
      lastAccessedAt: record?.lastAccessedAt.toISOString() ?? null,
    };
  };
  const active = new Map(catalogue.map((course) => [course.id, course]));
  const unfinished = (course: CourseSummary) => !byCourse.get(course.id)?.isCompleted;
  const lockedIds = new Set<number>();
  for (const course of catalogue) if (await isCourseLocked(course, viewer)) lockedIds.add(course.id);
  const locked = (course: CourseSummary) => lockedIds.has(course.id);

  const inProgress = progress.flatMap((record) => {
    const course = active.get(record.courseId);
    return course && !record.isCompleted && !locked(course) ? [entry(course, "in-progress")] : [];
  });
  const notStarted = catalogue.filter((course) => !byCourse.has(course.id) && !locked(course)).map((course) => entry(course, "not-started"));
  const lockedStarted = progress.flatMap((record) => {
    const course = active.get(record.courseId);
    return course && unfinished(course) && locked(course) ? [entry(course, "upsell")] : [];
  });
  const lockedNew = catalogue.filter((course) => !byCourse.has(course.id) && locked(course)).map((course) => entry(course, "upsell"));

  return {
    courses: [...inProgress, ...notStarted],
    upsells: [...lockedStarted, ...lockedNew],
    finishedCount: progress.filter((record) => record.isCompleted && active.has(record.courseId)).length,
  };
}
