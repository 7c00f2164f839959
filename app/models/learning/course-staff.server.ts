import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { db, first, withTransaction } from "#db/client.server";
import { courseInstructors, courses, users, type User } from "#db/schema";
import { liveDisplayName } from "~/models/accounts/user.server";
import { fromCatalogue } from "~/models/learning/catalogue-cache.server";

// Who runs a course (issue 29): admins run every course; an instructor runs
// the courses they are named on. Every "may this person edit / see all of
// this course" question is answered here.

type Staff = Pick<User, "id" | "role">;

export const STAFF_REFUSALS = {
  notInstructor: (id: number) => `Member ${id} is not an instructor`,
  adminOnlyInstructors: "Only an administrator can change a course's instructors",
  cannotCreate: "Only administrators, and instructors an administrator allows, can create courses",
  notYourCourse: "You can only manage your own courses",
  adminOnlyPublishing: "Only an administrator can publish or hide a course, or change whether it is Premium",
} as const;

export class StaffError extends Error {
  constructor(
    readonly status: 400 | 403 | 404,
    message: string,
    /** The course form's field the refusal belongs to; none: the whole form. */
    readonly field?: "instructorIds",
  ) {
    super(message);
  }
}

export interface CoursePublishing {
  isActive: boolean;
  isPremium: boolean;
}

/** Where a course an instructor creates starts: hidden and free, until an admin publishes it. */
const INSTRUCTOR_DRAFT: CoursePublishing = { isActive: false, isPremium: false };

/**
 * Whether a course is published and whether it is Premium are the academy's
 * decisions, not its instructor's (issue 39): who pays for what and what
 * members see. An admin sets both (a new course defaults to published and
 * free); an instructor may send the course's values back unchanged or leave
 * them out, and a changed value is refused (403) rather than ignored, so the
 * form and the API never report a save that did not happen. `current` is the
 * course as it is (null when creating). Returns the values to save.
 */
export function applyPublishingRights(
  viewer: Staff,
  current: CoursePublishing | null,
  input: Partial<CoursePublishing>,
): CoursePublishing {
  if (viewer.role === "admin") {
    return { isActive: input.isActive ?? current?.isActive ?? true, isPremium: input.isPremium ?? current?.isPremium ?? false };
  }
  const kept = current ? { isActive: current.isActive, isPremium: current.isPremium } : INSTRUCTOR_DRAFT;
  const changes = (["isActive", "isPremium"] as const).some((field) => input[field] !== undefined && input[field] !== kept[field]);
  if (changes) throw new StaffError(403, STAFF_REFUSALS.adminOnlyPublishing);
  return kept;
}

// Prepared once: these run on every course page and course API read, where building the query cost more than running it.
const instructorRow = db
  .select({ userId: courseInstructors.userId })
  .from(courseInstructors)
  .where(and(eq(courseInstructors.courseId, sql.placeholder("courseId")), eq(courseInstructors.userId, sql.placeholder("userId"))))
  .prepare();

export async function isCourseInstructor(userId: number, courseId: number): Promise<boolean> {
  return await instructorRow.get({ courseId, userId }) !== undefined;
}

/** Admins, and the course's own instructors: they edit it and see all of it (inactive and unreleased lessons included). */
export async function canManageCourse(viewer: Staff | null, courseId: number): Promise<boolean> {
  if (!viewer) return false;
  if (viewer.role === "admin") return true;
  return viewer.role === "instructor" && await isCourseInstructor(viewer.id, courseId);
}

export function isStaff(viewer: Pick<User, "role"> | null): boolean {
  return viewer?.role === "admin" || viewer?.role === "instructor";
}

/** Admins, and instructors an admin allowed (`canCreateCourses`). */
export function canCreateCourses(viewer: Pick<User, "role" | "canCreateCourses">): boolean {
  return viewer.role === "admin" || (viewer.role === "instructor" && viewer.canCreateCourses);
}

/** The ids of the courses a viewer manages: null means every course (an admin). */
export async function managedCourseIds(viewer: Staff): Promise<number[] | null> {
  if (viewer.role === "admin") return null;
  if (viewer.role !== "instructor") return [];
  return (await db
    .select({ courseId: courseInstructors.courseId })
    .from(courseInstructors)
    .where(eq(courseInstructors.userId, viewer.id)))
    .map((row) => row.courseId);
}

export interface CourseInstructor {
  id: number;
  name: string;
  bio: string | null;
}

function toInstructor(row: Pick<User, "id" | "username" | "firstName" | "name" | "bio">): CourseInstructor {
  return { id: row.id, name: liveDisplayName(row), bio: row.bio?.trim() || null };
}

const instructorsOfCourse = db
  .select({ id: users.id, username: users.username, firstName: users.firstName, name: users.name, bio: users.bio })
  .from(courseInstructors)
  .innerJoin(users, eq(users.id, courseInstructors.userId))
  .where(eq(courseInstructors.courseId, sql.placeholder("courseId")))
  .orderBy(asc(courseInstructors.createdAt), asc(users.id))
  .prepare();

/** The instructors named on a course, in the order they were added. */
export async function listCourseInstructors(courseId: number): Promise<CourseInstructor[]> {
  return await fromCatalogue(`instructors:${courseId}`, async () => (await instructorsOfCourse.all({ courseId })).map(toInstructor));
}

/** Names the course's instructors (replacing the list); every id must be a member with the instructor role. */
export async function setCourseInstructors(courseId: number, instructorIds: readonly number[]): Promise<void> {
  const wanted = [...new Set(instructorIds)];
  const found = wanted.length
    ? await db.select({ id: users.id }).from(users).where(and(inArray(users.id, wanted), eq(users.role, "instructor")))
    : [];
  const known = new Set(found.map((row) => row.id));
  const missing = wanted.find((id) => !known.has(id));
  if (missing !== undefined) throw new StaffError(400, STAFF_REFUSALS.notInstructor(missing), "instructorIds");
  await withTransaction(async (tx) => {
    await tx.delete(courseInstructors).where(eq(courseInstructors.courseId, courseId));
    for (const userId of wanted) await tx.insert(courseInstructors).values({ courseId, userId });
  });
}

/** An instructor who creates a course is named on it. */
export async function addCourseInstructor(courseId: number, userId: number): Promise<void> {
  await db.insert(courseInstructors).values({ courseId, userId }).onConflictDoNothing();
}

/** Course titles for an instructor's own list, archived ones included. */
export async function courseExists(courseId: number): Promise<boolean> {
  return await first(db.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId)).limit(1)) !== undefined;
}

/**
 * The instructor list a course API call asked for: an admin sets it; anyone
 * else may send it back unchanged (the form echoes it) but not change it.
 */
export async function applyInstructorIds(viewer: Staff, courseId: number, instructorIds: readonly number[] | undefined): Promise<void> {
  if (instructorIds === undefined) return;
  if (viewer.role !== "admin") {
    const current = new Set((await listCourseInstructors(courseId)).map((instructor) => instructor.id));
    const same = new Set(instructorIds).size === current.size && instructorIds.every((id) => current.has(id));
    if (!same) throw new StaffError(403, STAFF_REFUSALS.adminOnlyInstructors, "instructorIds");
    return;
  }
  await setCourseInstructors(courseId, instructorIds);
}

/** A course as the course API answers it: with its instructors' ids, names and bios. */
export async function withInstructors<C extends { id: number }>(course: C): Promise<C & { instructorIds: number[]; instructors: CourseInstructor[] }> {
  const instructors = await listCourseInstructors(course.id);
  return { ...course, instructorIds: instructors.map((instructor) => instructor.id), instructors };
}

const allInstructors = db
  .select({ courseId: courseInstructors.courseId, id: users.id, username: users.username, firstName: users.firstName, name: users.name, bio: users.bio })
  .from(courseInstructors)
  .innerJoin(users, eq(users.id, courseInstructors.userId))
  .orderBy(asc(courseInstructors.createdAt), asc(users.id))
  .prepare();

/** The catalogue as the course API lists it: each course as withInstructors gives it, in one query. */
export async function listWithInstructors<C extends { id: number }>(courses: readonly C[]): Promise<Array<C & { instructorIds: number[]; instructors: CourseInstructor[] }>> {
  const byCourse = new Map<number, CourseInstructor[]>();
  for (const row of await allInstructors.all()) {
    byCourse.set(row.courseId, [...(byCourse.get(row.courseId) ?? []), toInstructor(row)]);
  }
  return courses.map((course) => {
    const instructors = byCourse.get(course.id) ?? [];
    return { ...course, instructorIds: instructors.map((instructor) => instructor.id), instructors };
  });
}

/** Members with the instructor role, by name: the admin's course form offers them. */
export async function listInstructorChoices(): Promise<{ id: number; name: string }[]> {
  return (await db
    .select({ id: users.id, username: users.username, firstName: users.firstName, name: users.name })
    .from(users)
    .where(eq(users.role, "instructor"))
    .orderBy(asc(users.username)))
    .map((row) => ({ id: row.id, name: liveDisplayName(row) }));
}

/** Every course's instructor ids, for the admin's course list. */
export async function instructorIdsByCourse(): Promise<Map<number, number[]>> {
  const byCourse = new Map<number, number[]>();
  for (const row of await db.select().from(courseInstructors).orderBy(asc(courseInstructors.createdAt))) {
    byCourse.set(row.courseId, [...(byCourse.get(row.courseId) ?? []), row.userId]);
  }
  return byCourse;
}
