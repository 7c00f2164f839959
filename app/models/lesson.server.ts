import { and, asc, eq, max, sql } from "drizzle-orm";
import { db } from "#db/client.server";
import { inIdList } from "#db/id-list";
import { contentSections, lessons, type ContentSection, type Lesson } from "#db/schema";
import type { LessonInput } from "~/schemas/lesson";
import { keepCaptionsWithTheirVideos } from "~/models/caption-store.server";
import { indexLesson } from "~/models/companion-library.server";
import { recomputeCourseProgress } from "~/models/progress.server";

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

const lessonById = db.select(lessonColumns).from(lessons).where(eq(lessons.id, sql.placeholder("id"))).prepare();

/** Attaches sections to lessons with one query, whatever the number of lessons. */
function withSections(rows: Omit<LessonView, "contentSections">[]): LessonView[] {
  if (rows.length === 0) return [];
  const sections = sectionsOfLessons.all({ lessonIds: JSON.stringify(rows.map((r) => r.id)) });
  const byLesson = new Map<number, SectionView[]>();
  for (const { lessonId, ...section } of sections) {
    const list = byLesson.get(lessonId) ?? [];
    list.push(section);
    byLesson.set(lessonId, list);
  }
  return rows.map((row) => ({ ...row, contentSections: byLesson.get(row.id) ?? [] }));
}

export function listLessonsForCourse(courseId: number, options: { includeInactive: boolean }): LessonView[] {
  const rows = db
    .select(lessonColumns)
    .from(lessons)
    .where(options.includeInactive ? eq(lessons.courseId, courseId) : and(eq(lessons.courseId, courseId), eq(lessons.isActive, true)))
    .orderBy(asc(lessons.order), asc(lessons.id))
    .all();
  return withSections(rows);
}

/** Lesson titles, order and release schedule only, for navigation lists (access.server adds each one's state for the viewer). */
export function listLessonOutline(courseId: number) {
  return lessonOutline.all({ courseId });
}

export function getLesson(id: number): LessonView | undefined {
  const row = lessonById.get({ id });
  return row ? withSections([row])[0] : undefined;
}

type Tx = Parameters<Parameters<typeof db.transaction>[0]>[0];

function insertSections(tx: Tx, lessonId: number, sections: LessonInput["contentSections"]) {
  sections.forEach((section, index) => {
    tx.insert(contentSections)
      .values({ lessonId, type: section.type, title: section.title, content: section.content, url: section.type === "text" ? null : (section.url ?? null), order: index + 1 })
      .run();
  });
}

export function createLesson(courseId: number, input: LessonInput): LessonView {
  const id = db.transaction((tx) => {
    const last = tx.select({ value: max(lessons.order) }).from(lessons).where(eq(lessons.courseId, courseId)).get();
    const created = tx
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
      .returning({ id: lessons.id })
      .get();
    insertSections(tx, created.id, input.contentSections);
    indexLesson(tx, created.id);
    recomputeCourseProgress(tx, courseId);
    return created.id;
  });
  const lesson = getLesson(id);
  if (!lesson) throw new Error("lesson vanished after insert");
  return lesson;
}

/** Replaces a lesson's fields and its whole list of sections. */
export function updateLesson(id: number, input: LessonInput): LessonView | undefined {
  const existing = getLesson(id);
  if (!existing) return undefined;
  db.transaction((tx) => {
    tx.update(lessons)
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
      .where(eq(lessons.id, id))
      .run();
    const restoreCaptions = keepCaptionsWithTheirVideos(tx, id);
    tx.delete(contentSections).where(eq(contentSections.lessonId, id)).run();
    insertSections(tx, id, input.contentSections);
    restoreCaptions(tx);
    indexLesson(tx, id);
    recomputeCourseProgress(tx, existing.courseId);
  });
  return getLesson(id);
}

export function deleteLesson(id: number): boolean {
  const existing = getLesson(id);
  if (!existing) return false;
  db.transaction((tx) => {
    tx.delete(lessons).where(eq(lessons.id, id)).run();
    recomputeCourseProgress(tx, existing.courseId);
  });
  return true;
}

/** Moves a lesson one place up or down within its course. */
export function moveLesson(id: number, direction: "up" | "down"): boolean {
  const lesson = getLesson(id);
  if (!lesson) return false;
  const siblings = db
    .select({ id: lessons.id, order: lessons.order })
    .from(lessons)
    .where(eq(lessons.courseId, lesson.courseId))
    .orderBy(asc(lessons.order), asc(lessons.id))
    .all();
  const index = siblings.findIndex((s) => s.id === id);
  const swapWith = siblings[direction === "up" ? index - 1 : index + 1];
  if (!swapWith) return true;
  const ordered = siblings.map((s) => s.id);
  ordered[index] = swapWith.id;
  ordered[direction === "up" ? index - 1 : index + 1] = id;
  db.transaction((tx) => {
    ordered.forEach((lessonId, position) => {
      tx.update(lessons).set({ order: position + 1 }).where(eq(lessons.id, lessonId)).run();
    });
  });
  return true;
}

export function countSections(courseId: number): number {
  return (
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(contentSections)
      .innerJoin(lessons, eq(lessons.id, contentSections.lessonId))
      .where(eq(lessons.courseId, courseId))
      .get()?.n ?? 0
  );
}

/** The course a section belongs to, for access checks. */
export function getSectionCourseId(sectionId: number): number | undefined {
  return db
    .select({ courseId: lessons.courseId })
    .from(contentSections)
    .innerJoin(lessons, eq(lessons.id, contentSections.lessonId))
    .where(eq(contentSections.id, sectionId))
    .get()?.courseId;
}

/** The course a lesson belongs to, for access checks (no content read). */
export function getLessonCourseId(lessonId: number): number | undefined {
  return db.select({ courseId: lessons.courseId }).from(lessons).where(eq(lessons.id, lessonId)).get()?.courseId;
}
