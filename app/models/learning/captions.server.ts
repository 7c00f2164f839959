import path from "node:path";
import { and, asc, eq, like, sql } from "drizzle-orm";
import { db, first, withTransaction } from "#db/client.server";
import { captions, contentSections, lessons, recordings, type User } from "#db/schema";
import { findLessonForViewer } from "~/models/learning/access.server";
import { cuesOf, sectionCaptionRows, type CaptionRow } from "~/models/learning/caption-store.server";
import { indexLesson } from "~/models/companion/companion-library.server";
import { providerConfigured, ProviderError, transcribeAudioToVtt } from "~/models/companion/companion-provider.server";
import { canManageCourse } from "~/models/learning/course-staff.server";
import { getRecordingFor, hasRecordingFile } from "~/models/live/conference.server";
import { recordingKey } from "~/models/live/recording-files.server";
import { canonicalLanguage, CaptionFormatError, languageName, MAX_CAPTION_BYTES, parseCaptions, shiftCues, writeVtt, type Cue } from "~/utils/captions";
import { env } from "~/utils/env.server";
import { extractAudioPieces, mediaDurationSeconds } from "~/utils/media-tools.server";
import { fileStore, localCopy } from "~/utils/file-store.server";
import { uploadKey } from "~/utils/uploads.server";

// Captions and transcripts of the videos members watch (issue 38): uploaded
// lesson videos (a video section) and live-session recordings. Members read
// them under the same rule as the video itself (the lesson's Premium and
// release rules, the recording's Premium rule); admins, and a course's own
// instructors for its sections, write them. Pages and the /api routes both
// come through here.

type Viewer = Pick<User, "id" | "role">;

export type CaptionTarget = { kind: "section"; id: number } | { kind: "recording"; id: number };

export class CaptionError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 502 | 503,
    message: string,
  ) {
    super(message);
    this.name = "CaptionError";
  }
}

export const CAPTION_MESSAGES = {
  sectionNotFound: "Section not found",
  recordingNotFound: "Recording not found",
  captionsNotFound: "No captions in that language",
  notUploadedVideo: "Captions can be added to uploaded videos only; YouTube and Vimeo videos keep their own captions.",
  sectionForbidden: "Only admins and this course's instructors can change its captions.",
  recordingForbidden: "Only admins can change a recording's captions.",
  tooLarge: "The caption file is larger than 1 MB.",
  notUtf8: "The caption file must be UTF-8 text (WebVTT or SRT).",
  noProvider: "No speech-to-text provider is configured (OPENAI_API_KEY is not set), so captions cannot be generated here. Upload a .vtt or .srt file instead.",
  noVideoFile: "This video's file is not available, so there is nothing to transcribe.",
} as const;

export function unknownLanguageMessage(tag: string): string {
  return `Unknown language tag "${tag.slice(0, 40)}": use a BCP 47 tag such as en or pt-BR.`;
}

export interface CaptionJson {
  language: string;
  label: string;
  /** Serves the WebVTT file (text/vtt) under the video's access rule. */
  url: string;
  cues: Cue[];
  /** Made by the speech-to-text provider and not yet saved by an author. */
  generated: boolean;
}

export function captionFileUrl(target: CaptionTarget, language: string): string {
  return `/api/${target.kind === "section" ? "sections" : "recordings"}/${target.id}/captions/${encodeURIComponent(language)}`;
}

function toJson(target: CaptionTarget, row: CaptionRow): CaptionJson {
  return { language: row.language, label: row.label, url: captionFileUrl(target, row.language), cues: cuesOf(row.vtt), generated: row.generated };
}

const UPLOADED_VIDEO = /^\/uploads\/videos\/[\w.-]+$/;

const sectionById = db
  .select({ id: contentSections.id, lessonId: contentSections.lessonId, type: contentSections.type, url: contentSections.url, courseId: lessons.courseId })
  .from(contentSections)
  .innerJoin(lessons, eq(lessons.id, contentSections.lessonId))
  .where(eq(contentSections.id, sql.placeholder("id")))
  .prepare();

type SectionRow = NonNullable<Awaited<ReturnType<typeof sectionById.get>>>;

interface ResolvedTarget {
  target: CaptionTarget;
  /** The lesson to re-index for the companion (sections only). */
  lessonId: number | null;
  /** The video's key in the file store, when there is one. */
  videoFile: string | null;
}

/**
 * Runs `work` on the video as a file on this machine, as ffmpeg needs: the
 * stored file itself on disk, a temporary copy from a bucket (removed after).
 * `missing` when the store does not hold it.
 */
async function withVideoOnDisk<T, M>(key: string, work: (file: string) => Promise<T>, missing: M): Promise<T | M> {
  const copy = await localCopy(fileStore, key);
  if (!copy) return missing;
  try {
    return await work(copy.path);
  } finally {
    await copy.release();
  }
}

function sectionVideoFile(section: Pick<SectionRow, "type" | "url">): string | null {
  if (section.type !== "video" || !section.url || !UPLOADED_VIDEO.test(section.url)) return null;
  return uploadKey("videos", path.basename(section.url));
}

/**
 * The target, for a viewer who may watch its video: a section of a lesson
 * they may open (403 for a Premium lesson or one not released yet, as the
 * lesson itself answers), or a recording they may watch.
 */
async function resolveForReader(viewer: Viewer, target: CaptionTarget): Promise<ResolvedTarget> {
  if (target.kind === "recording") {
    const recording = await getRecordingFor(viewer, target.id);
    if (!recording) throw new CaptionError(404, CAPTION_MESSAGES.recordingNotFound);
    return { target, lessonId: null, videoFile: recording.recordingUrl && hasRecordingFile(recording) ? recordingKey(recording.recordingUrl) : null };
  }
  const section = await sectionById.get({ id: target.id });
  // findLessonForViewer throws the lesson's own 403 (Premium, not released yet).
  const found = section ? await findLessonForViewer(section.lessonId, viewer) : undefined;
  if (!section || !found) throw new CaptionError(404, CAPTION_MESSAGES.sectionNotFound);
  return { target, lessonId: section.lessonId, videoFile: sectionVideoFile(section) };
}

/** The target, for a viewer who may change its captions; only uploaded lesson videos take them. */
async function resolveForWriter(viewer: Viewer, target: CaptionTarget): Promise<ResolvedTarget> {
  if (target.kind === "recording") {
    const recording = await first(db.select().from(recordings).where(eq(recordings.id, target.id)).limit(1));
    if (!recording) throw new CaptionError(404, CAPTION_MESSAGES.recordingNotFound);
    if (viewer.role !== "admin") throw new CaptionError(403, CAPTION_MESSAGES.recordingForbidden);
    return { target, lessonId: null, videoFile: recording.recordingUrl && hasRecordingFile(recording) ? recordingKey(recording.recordingUrl) : null };
  }
  const section = await sectionById.get({ id: target.id });
  if (!section) throw new CaptionError(404, CAPTION_MESSAGES.sectionNotFound);
  if (!(await canManageCourse(viewer, section.courseId))) throw new CaptionError(403, CAPTION_MESSAGES.sectionForbidden);
  const videoFile = sectionVideoFile(section);
  if (!videoFile) throw new CaptionError(409, CAPTION_MESSAGES.notUploadedVideo);
  return { target, lessonId: section.lessonId, videoFile };
}

/** Throws the CaptionError a write would (404, 403, 409) before any body is read. */
export async function checkCaptionWriter(viewer: Viewer, target: CaptionTarget): Promise<void> {
  await resolveForWriter(viewer, target);
}

const ownerColumn = (target: CaptionTarget) => (target.kind === "section" ? captions.sectionId : captions.recordingId);

async function rowsOf(target: CaptionTarget): Promise<CaptionRow[]> {
  return await db.select().from(captions).where(eq(ownerColumn(target), target.id)).orderBy(asc(captions.id));
}

/** GET …/captions: every language, with its cues. */
export async function listCaptions(viewer: Viewer, target: CaptionTarget): Promise<CaptionJson[]> {
  await resolveForReader(viewer, target);
  return (await rowsOf(target)).map((row) => toJson(target, row));
}

/** GET …/captions/{language}: the WebVTT file. */
export async function captionFile(viewer: Viewer, target: CaptionTarget, language: string): Promise<string> {
  await resolveForReader(viewer, target);
  const tag = canonicalLanguage(language);
  const row = tag ? (await rowsOf(target)).find((candidate) => candidate.language === tag) : undefined;
  if (!row) throw new CaptionError(404, CAPTION_MESSAGES.captionsNotFound);
  return row.vtt;
}

/**
 * The captions of the sections a page shows, for a page that has already let
 * the viewer open their lesson (the lesson player, through access.server).
 */
export async function captionsOfOpenSections(sectionIds: readonly number[]): Promise<Map<number, CaptionJson[]>> {
  const bySection = new Map<number, CaptionJson[]>();
  for (const row of await sectionCaptionRows(db, sectionIds)) {
    if (row.sectionId === null) continue;
    const list = bySection.get(row.sectionId) ?? [];
    list.push(toJson({ kind: "section", id: row.sectionId }, row));
    bySection.set(row.sectionId, list);
  }
  return bySection;
}

/** The captions of a recording the viewer may watch ([] otherwise). */
export async function captionsOfRecording(viewer: Viewer, recordingId: number): Promise<CaptionJson[]> {
  try {
    return await listCaptions(viewer, { kind: "recording", id: recordingId });
  } catch (error) {
    if (error instanceof CaptionError) return [];
    throw error;
  }
}

export interface CaptionInput {
  language: string;
  /** Empty: the language's English name. */
  label?: string | null;
  file: Uint8Array | string;
  generated?: boolean;
}

function decodeCaptionFile(file: Uint8Array | string): string {
  if (typeof file === "string") {
    if (Buffer.byteLength(file, "utf8") > MAX_CAPTION_BYTES) throw new CaptionError(400, CAPTION_MESSAGES.tooLarge);
    return file;
  }
  if (file.byteLength > MAX_CAPTION_BYTES) throw new CaptionError(400, CAPTION_MESSAGES.tooLarge);
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(file);
    if (text.includes("\0")) throw new Error("binary");
    return text;
  } catch {
    throw new CaptionError(400, CAPTION_MESSAGES.notUtf8);
  }
}

/** A label as stored: one line, at most 80 characters; the language's name when empty. */
function cleanLabel(label: string | null | undefined, language: string): string {
  const cleaned = (label ?? "").replace(/[\p{Cc}]+/gu, " ").replace(/\s+/g, " ").trim().slice(0, 80);
  return cleaned || languageName(language);
}

/**
 * PUT …/captions/{language}: stores a WebVTT or SRT file (SRT converted to
 * WebVTT, cue markup stripped) after checking all of it; nothing is stored
 * when any check fails. Answers whether it was new, and the stored captions.
 */
export async function saveCaptions(viewer: Viewer, target: CaptionTarget, input: CaptionInput): Promise<{ created: boolean; captions: CaptionJson }> {
  const resolved = await resolveForWriter(viewer, target);
  const language = canonicalLanguage(input.language);
  if (!language) throw new CaptionError(400, unknownLanguageMessage(input.language));
  const text = decodeCaptionFile(input.file);
  const durationSeconds = resolved.videoFile ? await withVideoOnDisk(resolved.videoFile, async (file) => await mediaDurationSeconds(file), null) : null;
  let vtt: string;
  try {
    vtt = parseCaptions(text, { durationSeconds }).vtt;
  } catch (error) {
    if (error instanceof CaptionFormatError) throw new CaptionError(400, error.message);
    throw error;
  }
  const label = cleanLabel(input.label, language);
  const generated = input.generated ?? false;
  const created = await withTransaction(async (tx) => {
    const existing = await first(tx
      .select({ id: captions.id })
      .from(captions)
      .where(and(eq(ownerColumn(target), target.id), eq(captions.language, language))).limit(1));
    if (existing) {
      await tx.update(captions).set({ label, vtt, generated, updatedAt: new Date() }).where(eq(captions.id, existing.id));
    } else {
      await tx.insert(captions)
        .values({ language, label, vtt, generated, ...(target.kind === "section" ? { sectionId: target.id } : { recordingId: target.id }) });
    }
    if (resolved.lessonId !== null) await indexLesson(tx, resolved.lessonId);
    return !existing;
  });
  const row = (await rowsOf(target)).find((candidate) => candidate.language === language);
  if (!row) throw new Error("captions vanished after saving");
  return { created, captions: toJson(target, row) };
}

/** DELETE …/captions/{language}. */
export async function deleteCaptions(viewer: Viewer, target: CaptionTarget, language: string): Promise<void> {
  const resolved = await resolveForWriter(viewer, target);
  const tag = canonicalLanguage(language);
  await withTransaction(async (tx) => {
    const removed = tag
      ? await tx
          .delete(captions)
          .where(and(eq(ownerColumn(target), target.id), eq(captions.language, tag)))
          .returning({ id: captions.id })
      : [];
    if (removed.length === 0) throw new CaptionError(404, CAPTION_MESSAGES.captionsNotFound);
    if (resolved.lessonId !== null) await indexLesson(tx, resolved.lessonId);
  });
}

/** An author saves generated captions as they are: they are no longer marked generated. */
export async function approveGeneratedCaptions(viewer: Viewer, target: CaptionTarget, language: string): Promise<void> {
  await resolveForWriter(viewer, target);
  const tag = canonicalLanguage(language);
  const updated = tag
    ? await db
        .update(captions)
        .set({ generated: false, updatedAt: new Date() })
        .where(and(eq(ownerColumn(target), target.id), eq(captions.language, tag)))
        .returning({ id: captions.id })
    : [];
  if (updated.length === 0) throw new CaptionError(404, CAPTION_MESSAGES.captionsNotFound);
}

/** What "Generate captions" would use, or null without an AI provider. */
export function captionGeneration(): { model: string } | null {
  return providerConfigured() ? { model: env.OPENAI_TRANSCRIBE_MODEL } : null;
}

/**
 * POST …/captions/generate: the video's sound through the provider's
 * speech-to-text, in pieces under its upload limit, stored as `language`
 * captions marked generated (replacing generated ones; never an author's).
 */
export async function generateCaptions(viewer: Viewer, target: CaptionTarget, requestedLanguage: string): Promise<{ created: boolean; captions: CaptionJson }> {
  const resolved = await resolveForWriter(viewer, target);
  const language = canonicalLanguage(requestedLanguage);
  if (!language) throw new CaptionError(400, unknownLanguageMessage(requestedLanguage));
  if (!providerConfigured()) throw new CaptionError(503, CAPTION_MESSAGES.noProvider);
  if (!resolved.videoFile) throw new CaptionError(409, CAPTION_MESSAGES.noVideoFile);
  const existing = (await rowsOf(target)).find((row) => row.language === language);
  if (existing && !existing.generated) {
    throw new CaptionError(409, "Captions in this language were written by an author. Delete them first to generate new ones.");
  }
  const pieceSeconds = env.OPENAI_TRANSCRIBE_PIECE_SECONDS;
  let audio;
  try {
    audio = await withVideoOnDisk(resolved.videoFile, async (file) => await extractAudioPieces(file, pieceSeconds), null);
  } catch {
    throw new CaptionError(409, "The video's sound could not be read (is Debian's ffmpeg installed, and does the video have sound?).");
  }
  if (!audio) throw new CaptionError(409, CAPTION_MESSAGES.noVideoFile);
  const cues: Cue[] = [];
  try {
    for (const piece of audio.pieces) {
      const vtt = await transcribeAudioToVtt(piece.file, pieceSeconds);
      try {
        cues.push(...shiftCues(parseCaptions(vtt).cues, piece.offset));
      } catch (error) {
        // A piece with nothing said comes back without cues: nothing to add.
        if (!(error instanceof CaptionFormatError)) throw error;
      }
    }
  } catch (error) {
    if (error instanceof ProviderError) throw new CaptionError(502, `Captions could not be generated: ${error.message}`);
    throw error;
  } finally {
    audio.cleanUp();
  }
  if (cues.length === 0) throw new CaptionError(409, "The provider heard no speech in this video.");
  return await saveCaptions(viewer, target, { language, label: `${languageName(language)} (generated)`, file: writeVtt(cues), generated: true });
}

// ---- What the admin lists ---------------------------------------------------

/** The languages each recording has captions in (recordings without any are left out). */
export async function recordingCaptionLanguages(): Promise<Map<number, string[]>> {
  const rows = await db
    .select({ recordingId: captions.recordingId, language: captions.language })
    .from(captions)
    .where(sql`${captions.recordingId} is not null`)
    .orderBy(asc(captions.id));
  const byRecording = new Map<number, string[]>();
  for (const row of rows) {
    if (row.recordingId === null) continue;
    byRecording.set(row.recordingId, [...(byRecording.get(row.recordingId) ?? []), row.language]);
  }
  return byRecording;
}

export interface LessonCaptionGap {
  /** Uploaded videos in the lesson. */
  videos: number;
  /** Of which without any captions. */
  uncaptioned: number;
}

/** Per lesson of a course: how many of its uploaded videos still have no captions (lessons without uploaded videos are left out). */
export async function lessonCaptionGaps(courseId: number): Promise<Map<number, LessonCaptionGap>> {
  const rows = await db
    .select({
      lessonId: contentSections.lessonId,
      sectionId: contentSections.id,
      captioned: sql<number>`exists (select 1 from ${captions} where ${captions.sectionId} = ${contentSections.id})`.mapWith(Number),
    })
    .from(contentSections)
    .innerJoin(lessons, eq(lessons.id, contentSections.lessonId))
    .where(and(eq(lessons.courseId, courseId), eq(contentSections.type, "video"), like(contentSections.url, "/uploads/videos/%")));
  const gaps = new Map<number, LessonCaptionGap>();
  for (const row of rows) {
    const gap = gaps.get(row.lessonId) ?? { videos: 0, uncaptioned: 0 };
    gap.videos += 1;
    if (!row.captioned) gap.uncaptioned += 1;
    gaps.set(row.lessonId, gap);
  }
  return gaps;
}

/** The uploaded video sections of one lesson with their captions, for the lesson's captions page (staff who manage the course). */
export async function lessonVideoSections(viewer: Viewer, lessonId: number) {
  const found = await findLessonForViewer(lessonId, viewer);
  if (!found || !(await canManageCourse(viewer, found.course.id))) return undefined;
  const sections = found.lesson.contentSections
    .map((section, index) => ({ ...section, number: index + 1 }))
    .filter((section) => section.type === "video" && section.url !== null && UPLOADED_VIDEO.test(section.url));
  const bySection = await captionsOfOpenSections(sections.map((section) => section.id));
  return {
    lesson: found.lesson,
    course: found.course,
    sections: sections.map((section) => ({ id: section.id, number: section.number, title: section.title, url: section.url ?? "", captions: bySection.get(section.id) ?? [] })),
  };
}
