import { and, asc, count, desc, eq, inArray, isNull, lt, ne, or, sql, type SQL } from "drizzle-orm";
import { db, first, withTransaction, single } from "#db/client.server";
import { notifyLiveSession } from "~/models/notifications/notification-events.server";
import { env } from "~/utils/env.server";
import { conferences, recordings, type User } from "#db/schema";
import { publishLiveEvent } from "~/models/live/live-events.server";
import { isPremium } from "~/models/billing/membership.server";
import { fromCatalogue } from "~/models/learning/catalogue-cache.server";
import {
  appendRecordingChunk,
  finaliseRecording,
  recordingFileNamesStored,
  recordingKey,
  storedRecordingSize,
  removeRecordingFiles,
  type ChunkReceipt,
} from "~/models/live/recording-files.server";
import {
  admitsViewer,
  conferenceStatus,
  INSTANT_SESSION,
  isEditable,
  RECORDING_FILE_PATTERN,
  recordingFileName,
  type ConferenceInput,
  type ConferenceStatus,
} from "~/schemas/conference";
import { logger } from "~/utils/logger.server";

// Live conferences and their recordings (admin spec §3–§9). Every rule —
// who may attend, which transitions are legal, what a recording is — lives
// here once; the admin pages, the join page and /api/conferences call it.

export type ConferenceRow = typeof conferences.$inferSelect;
export type RecordingRow = typeof recordings.$inferSelect;
type Viewer = Pick<User, "id" | "role">;

/** A refused change, with the status the API answers and a message a person can act on. */
export class ConferenceError extends Error {
  constructor(
    readonly status: 404 | 409,
    message: string,
  ) {
    super(message);
    this.name = "ConferenceError";
  }
}

export const CONFERENCE_MESSAGES = {
  notFound: "Conference not found",
  live: "This conference is live. End it before changing or deleting it.",
  ended: "This conference has ended and can no longer be changed.",
  endedStart: "This conference has ended. Schedule a new one instead.",
  anotherLive: "Another conference is already live. End it before starting this one.",
  notLive: "This conference is not live.",
  notLiveRecording: "Recording needs a live conference. Start the conference first.",
  alreadyRecording: "This conference is already being recorded.",
  notRecording: "This conference is not being recorded.",
  wrongRecordingFile: "recordingUrl must name this conference's recording (conference-{id}-{time}.webm)",
  recordingNotFound: "Recording not found",
  recordingInProgress: "This recording is still being made. Stop recording (or end the session) before deleting it.",
} as const;

export async function getConference(id: number): Promise<ConferenceRow | undefined> {
  return await first(db.select().from(conferences).where(eq(conferences.id, id)).limit(1));
}

async function requireConference(id: number): Promise<ConferenceRow> {
  const conference = await getConference(id);
  if (!conference) throw new ConferenceError(404, CONFERENCE_MESSAGES.notFound);
  return conference;
}

/** Premium-only sessions (the monthly live Q&A) are for Premium members and admins. */
export async function mayAttend(viewer: Viewer, conference: Pick<ConferenceRow, "isPremiumOnly">): Promise<boolean> {
  return admitsViewer({ premiumOnly: conference.isPremiumOnly }, await isPremium(viewer));
}

export interface ListConferencesOptions {
  /** Ended conferences are hidden from the admin list (spec §4) and of no use to students. */
  includeEnded?: boolean;
}

/** Live first, then by scheduled time. */
// Prepared once: every visit to the portal reads the sessions for its banner (issue 27).
const conferencesInOrder = (includeEnded: boolean) =>
  db
    .select()
    .from(conferences)
    .where(includeEnded ? undefined : isNull(conferences.endedAt))
    .orderBy(desc(conferences.isLive), asc(conferences.scheduledAt), asc(conferences.id))
    .prepare();
const openConferences = conferencesInOrder(false);
const allConferences = conferencesInOrder(true);

/** Kept with the catalogue: every portal view lists them, and a change raises the catalogue's version (migration 0034). */
export async function listConferences({ includeEnded = false }: ListConferencesOptions = {}): Promise<readonly ConferenceRow[]> {
  return await fromCatalogue(includeEnded ? "conferences:all" : "conferences:open", () => (includeEnded ? allConferences : openConferences).all());
}

export async function getLiveConference(): Promise<ConferenceRow | undefined> {
  return await first(db.select().from(conferences).where(eq(conferences.isLive, true)).limit(1));
}

/** Upcoming sessions (not ended, scheduled from `since` on, or live) the viewer may attend, for calendars. */
export async function listUpcomingFor(viewer: Viewer, now = new Date()): Promise<ConferenceRow[]> {
  const premium = await isPremium(viewer, now);
  return (await listConferences()).filter(
    (conference) =>
      admitsViewer({ premiumOnly: conference.isPremiumOnly }, premium) && (conference.isLive || conference.scheduledAt.getTime() >= now.getTime()),
  );
}

export async function createConference(input: ConferenceInput, createdBy: number): Promise<ConferenceRow> {
  const created = await single(db
    .insert(conferences)
    .values({ ...input, createdBy })
    .returning());
  if (created.scheduledAt.getTime() > Date.now()) await notifyLiveSession(created, "scheduled", createdBy, env.ACADEMY_TIMEZONE);
  return created;
}

function requireEditable(conference: ConferenceRow): void {
  if (conference.isLive) throw new ConferenceError(409, CONFERENCE_MESSAGES.live);
  if (conference.endedAt !== null) throw new ConferenceError(409, CONFERENCE_MESSAGES.ended);
  if (!isEditable(conference)) throw new ConferenceError(409, CONFERENCE_MESSAGES.ended);
}

export async function updateConference(id: number, input: ConferenceInput): Promise<ConferenceRow> {
  return await withTransaction(async () => {
    requireEditable(await requireConference(id));
    const updated = await first(db.update(conferences).set(input).where(eq(conferences.id, id)).returning());
    if (!updated) throw new ConferenceError(404, CONFERENCE_MESSAGES.notFound);
    return updated;
  });
}

/**
 * Deletes a conference that is neither live nor ended. Its recordings stay in
 * the library (their conference link is cleared) unless `withRecordings`.
 */
export async function deleteConference(id: number, { withRecordings = false } = {}): Promise<void> {
  const files = await withTransaction(async () => {
    requireEditable(await requireConference(id));
    let names: string[] = [];
    if (withRecordings) {
      const doomed = await db.select().from(recordings).where(eq(recordings.conferenceId, id));
      names = doomed.flatMap((recording) => (recording.recordingUrl ? [recording.recordingUrl] : []));
      await db.delete(recordings).where(eq(recordings.conferenceId, id));
    }
    await db.delete(conferences).where(eq(conferences.id, id));
    return names;
  });
  // Files go after the rows are gone, so a failure leaves an orphan file, never a broken row.
  for (const name of files) await removeRecordingFiles(name);
}

function isOneLiveViolation(error: unknown): boolean {
  return error instanceof Error && /UNIQUE constraint failed: conferences\.is_live/.test(error.message);
}

/** Moves a conference to live. Starting one that is already live is a no-op. */
export async function startConference(id: number, now = new Date()): Promise<ConferenceRow> {
  try {
    const started = await withTransaction(async () => {
      const conference = await requireConference(id);
      if (conference.isLive) return conference;
      if (conference.endedAt !== null) throw new ConferenceError(409, CONFERENCE_MESSAGES.endedStart);
      const live = await getLiveConference();
      if (live) throw new ConferenceError(409, CONFERENCE_MESSAGES.anotherLive);
      return await single(db.update(conferences).set({ isLive: true, startedAt: now }).where(eq(conferences.id, id)).returning());
    });
    if (started.startedAt?.getTime() === now.getTime()) await notifyLiveSession(started, "live", started.createdBy, env.ACADEMY_TIMEZONE);
    return started;
  } catch (error) {
    // The partial unique index is the last word when two starts race.
    if (isOneLiveViolation(error)) throw new ConferenceError(409, CONFERENCE_MESSAGES.anotherLive);
    throw error;
  }
}

/** 'Go Live' (spec §4): the instant session, created and started in one transaction. */
export async function goLive(createdBy: number, now = new Date()): Promise<ConferenceRow> {
  try {
    const live = await withTransaction(async () => {
      if (await getLiveConference()) throw new ConferenceError(409, CONFERENCE_MESSAGES.anotherLive);
      return await single(db
        .insert(conferences)
        .values({
          ...INSTANT_SESSION,
          scheduledAt: now,
          isRecorded: true,
          isLive: true,
          startedAt: now,
          createdBy,
        })
        .returning());
    });
    await notifyLiveSession(live, "live", createdBy, env.ACADEMY_TIMEZONE);
    return live;
  } catch (error) {
    if (isOneLiveViolation(error)) throw new ConferenceError(409, CONFERENCE_MESSAGES.anotherLive);
    throw error;
  }
}

/**
 * Moves a live conference to ended; a recording still running is stopped and
 * finalised like a stopped one, not lost. The room closes.
 */
export async function endConference(id: number, now = new Date()): Promise<ConferenceRow> {
  const { ended, recording } = await withTransaction(async () => {
    const conference = await requireConference(id);
    if (!conference.isLive) {
      throw new ConferenceError(409, conference.endedAt === null ? CONFERENCE_MESSAGES.notLive : CONFERENCE_MESSAGES.ended);
    }
    const closed = conference.isRecording ? await closeRecording(conference, now) : null;
    const row = await single(db
      .update(conferences)
      .set({ isLive: false, isRecording: false, recordingStartedAt: null, endedAt: now })
      .where(eq(conferences.id, id))
      .returning());
    return { ended: row, recording: closed };
  });
  publishLiveEvent({ type: "ended", conferenceId: id });
  if (recording) await scheduleFinalising(recording.id);
  return ended;
}

/**
 * Starts recording a live conference. Its recording is filed at once, as
 * "recording", under the file name the host's uploaded chunks are appended
 * to (conference-{id}-{start time}.webm); the library shows it as
 * 'Recording…' until it is stopped and finalised.
 */
export async function startRecording(id: number, now = new Date()): Promise<ConferenceRow> {
  const started = await withTransaction(async () => {
    const conference = await requireConference(id);
    if (!conference.isLive) throw new ConferenceError(409, CONFERENCE_MESSAGES.notLiveRecording);
    if (conference.isRecording) throw new ConferenceError(409, CONFERENCE_MESSAGES.alreadyRecording);
    const recording = await single(db
      .update(conferences)
      .set({ isRecording: true, recordingStartedAt: now })
      .where(eq(conferences.id, id))
      .returning());
    await openRecording(recording, now);
    return recording;
  });
  publishLiveEvent({ type: "recording", conferenceId: id, isRecording: true });
  return started;
}

/**
 * Stops the recording. Its row (made when recording started) keeps the file
 * name fixed then; a `recordingUrl` from the client (spec §7) must name this
 * conference, but the file keeps that name. The answer is the row as it is
 * now, still "recording" while its file is being finalised (see
 * `finalisingRecording` to wait for it): the host's browser must have
 * uploaded its last chunk before calling this.
 */
export async function stopRecording(id: number, recordingUrl: string | undefined, now = new Date()): Promise<RecordingRow> {
  const recording = await withTransaction(async () => {
    const conference = await requireConference(id);
    if (!conference.isRecording) throw new ConferenceError(409, CONFERENCE_MESSAGES.notRecording);
    if (recordingUrl !== undefined && RECORDING_FILE_PATTERN.exec(recordingUrl)?.[1] !== String(conference.id)) {
      throw new ConferenceError(409, CONFERENCE_MESSAGES.wrongRecordingFile);
    }
    const closed = await closeRecording(conference, now);
    await db.update(conferences).set({ isRecording: false, recordingStartedAt: null }).where(eq(conferences.id, id));
    return closed;
  });
  publishLiveEvent({ type: "recording", conferenceId: id, isRecording: false });
  await scheduleFinalising(recording.id);
  return recording;
}

async function openRecording(conference: ConferenceRow, startedAt: Date): Promise<RecordingRow> {
  return await single(db
    .insert(recordings)
    .values({
      conferenceId: conference.id,
      title: conference.title,
      description: conference.description,
      duration: 0,
      recordingUrl: recordingFileName(conference.id, startedAt),
      sizeBytes: 0,
      status: "recording",
      isPremiumOnly: conference.isPremiumOnly,
      createdAt: startedAt,
    })
    .returning());
}

/**
 * The row of the recording a conference is making now. One made before rows
 * were filed at the start (a recording running across an upgrade) is filed here.
 */
async function currentRecording(conference: ConferenceRow): Promise<RecordingRow> {
  const startedAt = conference.recordingStartedAt ?? conference.startedAt ?? new Date();
  const fileName = recordingFileName(conference.id, startedAt);
  const found = await first(db
    .select()
    .from(recordings)
    .where(and(eq(recordings.conferenceId, conference.id), eq(recordings.recordingUrl, fileName))).limit(1));
  return found ?? await openRecording(conference, startedAt);
}

/** The current recording, with the time it ran until the media says better. */
async function closeRecording(conference: ConferenceRow, now: Date): Promise<RecordingRow> {
  const recording = await currentRecording(conference);
  const minutes = Math.max(1, Math.round((now.getTime() - recording.createdAt.getTime()) / 60_000));
  return await first(db.update(recordings).set({ duration: minutes }).where(eq(recordings.id, recording.id)).returning()) ?? recording;
}

async function scheduleFinalising(recordingId: number): Promise<void> {
  finaliseRecording(recordingId).catch((error: unknown) => logger.error({ err: error }, `Recording ${recordingId}: finalising failed`));
}

/**
 * Stores chunk `seq` of the live conference's running recording (see
 * appendRecordingChunk for the order rules). Refused with 409 unless the
 * conference is live and recording, also when it stops while the chunk waits.
 */
export async function receiveRecordingChunk(conferenceId: number, seq: number, bytes: Buffer): Promise<ChunkReceipt> {
  const recordingNow = async (): Promise<RecordingRow> => {
    const conference = await requireConference(conferenceId);
    if (!conference.isLive) throw new ConferenceError(409, CONFERENCE_MESSAGES.notLiveRecording);
    if (!conference.isRecording) throw new ConferenceError(409, CONFERENCE_MESSAGES.notRecording);
    return await withTransaction(async () => await currentRecording(conference));
  };
  const recording = await recordingNow();
  const fileName = recording.recordingUrl ?? recordingFileName(conferenceId, recording.createdAt);
  return appendRecordingChunk(fileName, seq, bytes, async () => {
    if ((await recordingNow()).id !== recording.id) throw new ConferenceError(409, CONFERENCE_MESSAGES.notRecording);
  });
}

/**
 * Finalises recordings left "recording" by a stop that did not finish (the
 * server stopped meanwhile). Run at start; answers how many there were.
 */
export async function finaliseInterruptedRecordings(): Promise<number> {
  const waiting = await db
    .select({ id: recordings.id })
    .from(recordings)
    .leftJoin(conferences, eq(recordings.conferenceId, conferences.id))
    .where(and(eq(recordings.status, "recording"), or(isNull(conferences.id), eq(conferences.isRecording, false))));
  for (const { id } of waiting) await finaliseRecording(id);
  return waiting.length;
}

/**
 * Retention (RECORDING_RETENTION_DAYS): deletes recordings made more than
 * `days` days ago, rows and files; 0 keeps everything. One still being made is kept.
 */
export async function pruneExpiredRecordings(days: number, now = new Date()): Promise<number> {
  if (days <= 0) return 0;
  const cutoff = new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  const doomed = await db
    .delete(recordings)
    .where(and(lt(recordings.createdAt, cutoff), ne(recordings.status, "recording")))
    .returning({ recordingUrl: recordings.recordingUrl });
  for (const { recordingUrl } of doomed) {
    if (recordingUrl && RECORDING_FILE_PATTERN.test(recordingUrl)) await removeRecordingFiles(recordingUrl);
  }
  return doomed.length;
}

/**
 * Deletes a recording: its row, then its file and what its upload left
 * beside it, so its space counts as free at once (RECORDINGS_TOTAL_MAX_MB).
 * One still being made or finalised is refused (409). A member watching it
 * finishes the bytes already streaming; the next request is a 404.
 */
export async function deleteRecording(id: number): Promise<void> {
  const fileName = await withTransaction(async () => {
    const recording = await first(db.select().from(recordings).where(eq(recordings.id, id)).limit(1));
    if (!recording) throw new ConferenceError(404, CONFERENCE_MESSAGES.recordingNotFound);
    if (recording.status === "recording") throw new ConferenceError(409, CONFERENCE_MESSAGES.recordingInProgress);
    await db.delete(recordings).where(eq(recordings.id, id));
    return recording.recordingUrl;
  });
  // After the row, as deleteConference does: a failure leaves an orphan file (swept at start), never a row without its file.
  if (fileName && RECORDING_FILE_PATTERN.test(fileName)) await removeRecordingFiles(fileName);
}

/**
 * Start-up sweep (issue 30): removes the files of failed recordings and
 * files no recording names (left by a delete that could not remove them, or
 * by an older version that kept failed files). Never a file whose recording
 * is being made or finalised, nor one of a conference recording now (an
 * old-style recording is filed only at its stop). Answers how many recordings' files went.
 */
export async function removeLeftoverRecordingFiles(): Promise<number> {
  const keep = new Set(
    (await db
      .select({ recordingUrl: recordings.recordingUrl })
      .from(recordings)
      .where(ne(recordings.status, "failed")))
      .flatMap(({ recordingUrl }) => (recordingUrl ? [recordingUrl] : [])),
  );
  const recordingNow = new Set(
    (await db
      .select({ id: conferences.id })
      .from(conferences)
      .where(eq(conferences.isRecording, true)))
      .map(({ id }) => String(id)),
  );
  let removed = 0;
  for (const fileName of await recordingFileNamesStored()) {
    const conferenceId = RECORDING_FILE_PATTERN.exec(fileName)?.[1];
    if (keep.has(fileName) || (conferenceId !== undefined && recordingNow.has(conferenceId))) continue;
    await removeRecordingFiles(fileName);
    removed += 1;
  }
  return removed;
}

// ---------------------------------------------------------------------------
// Recordings
// ---------------------------------------------------------------------------

export { recordingKey };

/** True when the recording is finalised and its file is stored, not empty: Play and Download work. */
export function hasRecordingFile(recording: Pick<RecordingRow, "recordingUrl" | "status" | "sizeBytes">): boolean {
  return recording.status === "ready" && recording.recordingUrl !== null && storedRecordingSize(recording) > 0;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * Recordings newest first, filtered case-insensitively on title or
 * description (spec §5). Students see those of sessions they could attend.
 */
export async function listRecordings({ viewer, q = "" }: { viewer: Viewer; q?: string }): Promise<RecordingRow[]> {
  const conditions: SQL[] = [];
  if (!(await isPremium(viewer))) conditions.push(eq(recordings.isPremiumOnly, false));
  const term = q.trim().toLowerCase();
  if (term !== "") {
    const pattern = `%${escapeLike(term)}%`;
    conditions.push(sql`(lower(${recordings.title}) like ${pattern} escape '\\' or lower(${recordings.description}) like ${pattern} escape '\\')`);
  }
  return await db
    .select()
    .from(recordings)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(recordings.createdAt), desc(recordings.id));
}

/** How many recordings are for Premium members only: free students are told they exist, never what they are. */
export async function countPremiumOnlyRecordings(): Promise<number> {
  return (await first(db.select({ total: count() }).from(recordings).where(eq(recordings.isPremiumOnly, true)).limit(1)))?.total ?? 0;
}

/** A recording the viewer may watch, or undefined (unknown, or Premium-only for a free member). */
export async function getRecordingFor(viewer: Viewer, id: number): Promise<RecordingRow | undefined> {
  const recording = await first(db.select().from(recordings).where(eq(recordings.id, id)).limit(1));
  if (!recording) return undefined;
  return !recording.isPremiumOnly || (await isPremium(viewer)) ? recording : undefined;
}

export async function recordingsOf(conferenceIds: number[]): Promise<RecordingRow[]> {
  if (conferenceIds.length === 0) return [];
  return await db.select().from(recordings).where(inArray(recordings.conferenceId, conferenceIds));
}

// ---------------------------------------------------------------------------
// What the API sends
// ---------------------------------------------------------------------------

export interface ConferenceJson {
  id: number;
  title: string;
  description: string;
  scheduledAt: string;
  duration: number;
  maxParticipants: number;
  isRecorded: boolean;
  isLive: boolean;
  isRecording: boolean;
  isPremium: boolean;
  startedAt: string | null;
  endedAt: string | null;
  createdBy: number | null;
  status: ConferenceStatus;
}

export function conferenceForApi(conference: ConferenceRow, now = new Date()): ConferenceJson {
  return {
    id: conference.id,
    title: conference.title,
    description: conference.description,
    scheduledAt: conference.scheduledAt.toISOString(),
    duration: conference.duration,
    maxParticipants: conference.maxParticipants,
    isRecorded: conference.isRecorded,
    isLive: conference.isLive,
    isRecording: conference.isRecording,
    isPremium: conference.isPremiumOnly,
    startedAt: conference.startedAt?.toISOString() ?? null,
    endedAt: conference.endedAt?.toISOString() ?? null,
    createdBy: conference.createdBy,
    status: conferenceStatus(conference, now),
  };
}

export interface RecordingJson {
  id: number;
  conferenceId: number | null;
  title: string;
  description: string;
  createdAt: string;
  duration: number;
  /** The spec's file name; null until a file exists. */
  recordingUrl: string | null;
  /** Where the file is served (range requests), null until it exists. */
  fileUrl: string | null;
  size: number;
  mimeType: string;
  isPremium: boolean;
  /** "recording" while it is being made (and finalised), "ready" to play, "failed" when nothing playable arrived. */
  status: RecordingRow["status"];
}

export function recordingForApi(recording: RecordingRow): RecordingJson {
  const available = hasRecordingFile(recording);
  return {
    id: recording.id,
    conferenceId: recording.conferenceId,
    title: recording.title,
    description: recording.description,
    createdAt: recording.createdAt.toISOString(),
    duration: recording.duration,
    recordingUrl: available ? recording.recordingUrl : null,
    fileUrl: available ? recordingFileUrl(recording.id) : null,
    size: available ? storedRecordingSize(recording) : 0,
    mimeType: recording.mimeType,
    isPremium: recording.isPremiumOnly,
    status: recording.status,
  };
}

export function recordingFileUrl(id: number): string {
  return `/api/recordings/${id}/file`;
}
