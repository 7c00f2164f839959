import { and, asc, eq, max, sql } from "drizzle-orm";
import { db, first, withTransaction, type Tx, single } from "#db/client.server";
import { inIdList } from "#db/dialect.server";
import { contentSections, lessons, type ContentSection, type Lesson } from "#db/schema";
import type { LessonInput } from "~/schemas/lesson";
import { keepCaptionsWithTheirVideos } from "~/models/learning/caption-store.server";
import { indexLesson } from "~/models/companion/companion-library.server";
import { recomputeCourseProgress } from "~/models/learning/progress.server";
import { announceCourseIfReady } from "~/models/learning/course.server";
import { removeSubmissionFiles, submissionFileKeys } from "~/models/assessment/submission-files.server";
import { fromCatalogue } from "~/models/learning/catalogue-cache.server";

export type SectionView = Pick<ContentSection, "id" | "type" | "title" | "content" | "url" | "order">;
export type LessonView = Pick<
  Lesson,
  "id" | "courseId" | "title" | "description" | "order" | "isActive" | "estimatedMinutes" | "releaseAfterDays" | "releaseAt"
> & { contentSections: SectionView[] };

const lessonColumns = {
  id: lessons.id,
  courseId: lessons.courseId,
  title: lessons.title,
  description: lessons.description,
  order: lessons.order,
  isActive: lessons.isActive,
  estimatedMinutes: lessons.estimatedMinutes,
  releaseAfterDays: lessons.releaseAfterDays,
  releaseAt: lessons.releaseAt,
};

const sectionColumns = {
  id: contentSections.id,
  lessonId: contentSections.lessonId,
  type: contentSections.type,
  title: contentSections.title,
  content: contentSections.content,
  url: contentSections.url,
  order: contentSections.order,
};

// The reads behind every lesson and course page are prepared once (issue 15).
const sectionsOfLessons = db
  .select(sectionColumns)
  .from(contentSections)
  .where(inIdList(contentSections.lessonId, sql.placeholder("lessonIds")))
  .orderBy(asc(contentSections.order), asc(contentSections.id))
  .prepare();

const lessonOutline = db
  .select({
    id: lessons.id,
    title: lessons.title,
    order: lessons.order,
    estimatedMinutes: lessons.estimatedMinutes,
    releaseAfterDays: lessons.releaseAfterDays,
    releaseAt: lessons.releaseAt,
  })
  .from(lessons)
  .where(and(eq(lessons.courseId, sql.placeholder("courseId")), eq(lessons.isActive, true)))
  .orderBy(asc(lessons.order), asc(lessons.id))
  .prepare();

// One lesson and its sections in one query (on PostgreSQL each query is a round trip, issue 43):
// a lesson without sections is one row whose section is null.
const lessonWithSectionsById = db
  .select({ lesson: lessonColumns, section: sectionColumns })
  .from(lessons)
  .leftJoin(contentSections, eq(contentSections.lessonId, lessons.id))
  .where(eq(lessons.id, sql.placeholder("id")))
  .orderBy(asc(contentSections.order), asc(contentSections.id))
  .prepare();

/** Attaches sections to lessons with one query, whatever the number of lessons. */
async function withSections(rows: Omit<LessonView, "contentSections">[]): Promise<LessonView[]> {
  if (rows.length === 0) return [];
  const sections = await sectionsOfLessons.all({ lessonIds: JSON.stringify(rows.map((r) => r.id)) });
  const byLesson = new Map<number, SectionView[]>();
  for (const { lessonId, ...section } of sections) {
    const list = byLesson.get(lessonId) ?? [];
    list.push(section);
    byLesson.set(lessonId, list);
  }
  return rows.map((row) => ({ ...row, contentSections: byLesson.get(row.id) ?? [] }));
}

export async function listLessonsForCourse(courseId: number, options: { includeInactive: boolean }): Promise<LessonView[]> {
  const rows = await db
    .select(lessonColumns)
    .from(lessons)
    .where(options.includeInactive ? eq(lessons.courseId, courseId) : and(eq(lessons.courseId, courseId), eq(lessons.isActive, true)))
    .orderBy(asc(lessons.order), asc(lessons.id));
  return await withSections(rows);
}

/** Lesson titles, order and release schedule only, for navigation lists (access.server adds each one's state for the viewer). */
export async function listLessonOutline(courseId: number) {
  return await fromCatalogue(`outline:${courseId}`, () => lessonOutline.all({ courseId }));
}

export function getLesson(id: number): Promise<LessonView | undefined> {
  return fromCatalogue(`lesson:${id}`, () => readLesson(id));
}

async function readLesson(id: number): Promise<LessonView | undefined> {
  const rows = await lessonWithSectionsById.all({ id });
  const lesson = rows[0]?.lesson;
  if (!lesson) return undefined;
  return { ...lesson, contentSections: rows.flatMap(({ section }) => (section ? [{ id: section.id, type: section.type, title: section.title, content: section.content, url: section.url, order: section.order }] : [])) };
}

async function insertSections(tx: Tx, lessonId: number, sections: LessonInput["contentSections"]) {
  for (const [index, section] of sections.entries()) {
    await tx.insert(contentSections)
      .values({ lessonId, type: section.type, title: section.title, content: section.content, url: section.type === "text" ? null : (section.url ?? null), order: index + 1 });
  }
}

export async function createLesson(courseId: number, input: LessonInput): Promise<LessonView> {
  const id = await withTransaction(async (tx) => {
    const last = await first(tx.select({ value: max(lessons.order) }).from(lessons).where(eq(lessons.courseId, courseId)).limit(1));
    const created = await single(tx
      .insert(lessons)
      .values({
        courseId,
        title: input.title,
        description: input.description,
        isActive: input.isActive,
        estimatedMinutes: input.estimatedMinutes,
        releaseAfterDays: input.releaseAfterDays,
        releaseAt: input.releaseAt,
        order: input.order ?? (last?.value ?? 0) + 1,
      })
      .returning({ id: lessons.id }));
    await insertSections(tx, created.id, input.contentSections);
    await indexLesson(tx, created.id);
    await recomputeCourseProgress(tx, courseId);
    return created.id;
  });
  const lesson = await getLesson(id);
  if (!lesson) throw new Error("lesson vanished after insert");
  // A published course's first active lesson is when members hear of it.
  await announceCourseIfReady(courseId);
  return lesson;
}

/** Replaces a lesson's fields and its whole list of sections. */
export async function updateLesson(id: number, input: LessonInput): Promise<LessonView | undefined> {
  // Read inside the transaction, as it was atomic when queries were synchronous.
  const found = await withTransaction(async (tx) => {
    const existing = await getLesson(id);
    if (!existing) return false;
    await tx.update(lessons)
      .set({
        title: input.title,
        description: input.description,
        isActive: input.isActive,
        estimatedMinutes: input.estimatedMinutes,
        releaseAfterDays: input.releaseAfterDays,
        releaseAt: input.releaseAt,
        order: input.order ?? existing.order,
        updatedAt: new Date(),
      })
      .where(eq(lessons.id, id));
    const restoreCaptions = await keepCaptionsWithTheirVideos(tx, id);
    await tx.delete(contentSections).where(eq(contentSections.lessonId, id));
    await insertSections(tx, id, input.contentSections);
    await restoreCaptions(tx);
    await indexLesson(tx, id);
    await recomputeCourseProgress(tx, existing.courseId);
    return true;
  });
  if (!found) return undefined;
  const lesson = await getLesson(id);
  if (lesson) await announceCourseIfReady(lesson.courseId);
  return lesson;
}

export async function deleteLesson(id: number): Promise<boolean> {
  const files = await withTransaction(async (tx) => {
    const existing = await getLesson(id);
    if (!existing) return null;
    // Its assignment's submissions go with it (cascade); their files are removed once that has committed.
    const keys = await submissionFileKeys(tx, { lessonId: id });
    await tx.delete(lessons).where(eq(lessons.id, id));
    await recomputeCourseProgress(tx, existing.courseId);
    return keys;
  });
  if (!files) return false;
  await removeSubmissionFiles(files);
  return true;
}

/** Moves a lesson one place up or down within its course. */
export async function moveLesson(id: number, direction: "up" | "down"): Promise<boolean> {
  // Read and swap in one transaction, as it was atomic when queries were synchronous.
  return await withTransaction(async (tx) => {
    const lesson = await getLesson(id);
    if (!lesson) return false;
    const siblings = await tx
      .select({ id: lessons.id, order: lessons.order })
      .from(lessons)
      .where(eq(lessons.courseId, lesson.courseId))
      .orderBy(asc(lessons.order), asc(lessons.id));
    const index = siblings.findIndex((s) => s.id === id);
    const swapWith = siblings[direction === "up" ? index - 1 : index + 1];
    if (!swapWith) return true;
    const ordered = siblings.map((s) => s.id);
    ordered[index] = swapWith.id;
    ordered[direction === "up" ? index - 1 : index + 1] = id;
    for (const [position, lessonId] of ordered.entries()) {
      await tx.update(lessons).set({ order: position + 1 }).where(eq(lessons.id, lessonId));
    }
    return true;
  });
}

export async function countSections(courseId: number): Promise<number> {
  return (
    (await first(db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(contentSections)
      .innerJoin(lessons, eq(lessons.id, contentSections.lessonId))
      .where(eq(lessons.courseId, courseId)).limit(1)))?.n ?? 0
  );
}

/** The course a section belongs to, for access checks. */
export async function getSectionCourseId(sectionId: number): Promise<number | undefined> {
  return (await first(db
    .select({ courseId: lessons.courseId })
    .from(contentSections)
    .innerJoin(lessons, eq(lessons.id, contentSections.lessonId))
    .where(eq(contentSections.id, sectionId)).limit(1)))?.courseId;
}

/** The course a lesson belongs to, for access checks (no content read). */
export async function getLessonCourseId(lessonId: number): Promise<number | undefined> {
  return (await first(db.select({ courseId: lessons.courseId }).from(lessons).where(eq(lessons.id, lessonId)).limit(1)))?.courseId;
}
