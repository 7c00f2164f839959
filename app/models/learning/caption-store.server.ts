import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import { type db, type Tx } from "#db/client.server";
import { captions, contentSections } from "#db/schema";
import { parseCaptions, type Cue } from "~/utils/captions";

// The captions table's reads and writes that carry no access rule: the lesson
// save keeps a section's captions with its video, and the companion reads
// transcripts to index them. Who may read or change captions is decided in
// captions.server.ts, which is what pages and the API call.

type Reader = typeof db | Tx;

export type CaptionRow = typeof captions.$inferSelect;

/** Stored captions are written by parseCaptions, so reading them again cannot fail; a row that somehow does reads as no cues. */
export function cuesOf(vtt: string): Cue[] {
  try {
    return parseCaptions(vtt).cues;
  } catch {
    return [];
  }
}

export async function sectionCaptionRows(reader: Reader, sectionIds: readonly number[]): Promise<CaptionRow[]> {
  if (sectionIds.length === 0) return [];
  return await reader
    .select()
    .from(captions)
    .where(inArray(captions.sectionId, [...sectionIds]))
    .orderBy(asc(captions.id));
}

/**
 * Call before a lesson's sections are replaced (updateLesson deletes and
 * re-inserts them, and the delete cascades to their captions). Answers a
 * function that gives each new section with the same video address the
 * captions its old section had, so editing a lesson's text keeps them.
 */
export async function keepCaptionsWithTheirVideos(tx: Tx, lessonId: number): Promise<(tx: Tx) => Promise<void>> {
  const kept = await tx
    .select({ url: contentSections.url, language: captions.language, label: captions.label, vtt: captions.vtt, generated: captions.generated, createdAt: captions.createdAt })
    .from(captions)
    .innerJoin(contentSections, eq(contentSections.id, captions.sectionId))
    .where(and(eq(contentSections.lessonId, lessonId), isNotNull(contentSections.url)));
  return async (after) => {
    if (kept.length === 0) return;
    const sections = await after
      .select({ id: contentSections.id, url: contentSections.url, type: contentSections.type })
      .from(contentSections)
      .where(eq(contentSections.lessonId, lessonId))
      .orderBy(asc(contentSections.order));
    for (const caption of kept) {
      // The first video section showing that same file takes them.
      const section = sections.find((candidate) => candidate.type === "video" && candidate.url === caption.url);
      if (!section) continue;
      await after
        .insert(captions)
        .values({ language: caption.language, label: caption.label, vtt: caption.vtt, generated: caption.generated, createdAt: caption.createdAt, sectionId: section.id })
        .onConflictDoNothing();
    }
  };
}

export interface TranscriptSource {
  sectionId: number;
  /** 1-based place of the section in its lesson. */
  sectionNumber: number;
  sectionTitle: string;
  cues: Cue[];
}

/** Each captioned video section's transcript (its first language), for the companion's library. */
export async function lessonTranscripts(reader: Reader, lessonId: number): Promise<TranscriptSource[]> {
  const sections = await reader
    .select({ id: contentSections.id, title: contentSections.title })
    .from(contentSections)
    .where(eq(contentSections.lessonId, lessonId))
    .orderBy(asc(contentSections.order), asc(contentSections.id));
  const rows = await sectionCaptionRows(
    reader,
    sections.map((section) => section.id),
  );
  const transcripts: TranscriptSource[] = [];
  sections.forEach((section, index) => {
    const first = rows.find((row) => row.sectionId === section.id);
    if (first) transcripts.push({ sectionId: section.id, sectionNumber: index + 1, sectionTitle: section.title, cues: cuesOf(first.vtt) });
  });
  return transcripts;
}
