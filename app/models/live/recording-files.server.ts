import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { db, first } from "#db/client.server";
import { recordings } from "#db/schema";
import { withLease } from "~/models/platform/leases.server";
import { RECORDING_CHUNK_MAX_MB, RECORDING_CHUNK_TOO_LARGE, RECORDING_FILE_PATTERN } from "~/schemas/conference";
import { env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { fileStore, localCopy, type StoredObject } from "~/utils/file-store.server";
import { uploadKey } from "~/utils/uploads.server";
import { rewriteSeekableWebm, WebmError } from "~/utils/webm.server";

// Where recordings live and how they get there: the host's browser uploads the
// recording in numbered chunks while it records. On disk each is appended to
// the one file of that recording (UPLOADS_DIR/recordings/conference-…webm) in
// order, so whatever arrived before a crash or a closed tab is kept. In a
// bucket (issue 44: chunks may reach different servers, and an object cannot
// be appended to) each chunk is an object of its own,
// recordings/conference-….webm.chunks/000042, and the chunks present are the
// upload's state. When the recording stops, the file is rewritten once to be
// seekable (from the chunks joined, in a bucket) and stored under its name.

type RecordingRow = typeof recordings.$inferSelect;

const MB = 1024 * 1024;
export const RECORDING_CHUNK_MAX_BYTES = RECORDING_CHUNK_MAX_MB * MB;
const WEBM_SIGNATURE = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);
/** Swept at start by removeStaleIncomingFiles (app/utils/uploads.server.ts). */
const TEMP_PREFIX = ".incoming-";

export const RECORDING_UPLOAD_MESSAGES = {
  chunkTooLarge: RECORDING_CHUNK_TOO_LARGE,
  recordingFull: (mb: number) => `This recording reached its size limit (${mb} MB)`,
  storageFull: (mb: number) => `Recordings have used all their storage (${mb} MB). Delete old recordings to record more.`,
  diskFull: "The server's disk is full; the recording so far is kept.",
  notWebm: "A recording must be WebM video: its first chunk does not start like one.",
  outOfOrder: (seq: number, expected: number) => `Chunk ${seq} is out of order: send chunk ${expected} next.`,
  stateLost: "This recording's upload can no longer be continued. Stop and start recording again.",
} as const;

/** A refused chunk, with the status the API answers; `expectedSeq` lets the client resync. */
export class RecordingUploadError extends Error {
  constructor(
    readonly status: 409 | 413 | 415 | 507,
    message: string,
    readonly expectedSeq?: number,
  ) {
    super(message);
    this.name = "RecordingUploadError";
  }
}

/** The recording's key in the file store. */
export function recordingKey(fileName: string): string {
  if (!RECORDING_FILE_PATTERN.test(fileName)) throw new Error(`not a recording file name: ${fileName}`);
  return uploadKey("recordings", fileName);
}

/** The recording's file on this machine's disk (the disk store only; tests read it). */
export function recordingPath(fileName: string): string {
  return path.join(path.resolve(env.UPLOADS_DIR), recordingKey(fileName));
}

/** Where a bucket keeps a recording's chunks while it is being made. */
const CHUNKS_SUFFIX = ".chunks/";
const chunksPrefix = (fileName: string) => `${recordingKey(fileName)}${CHUNKS_SUFFIX}`;
const chunkKey = (fileName: string, seq: number) => `${chunksPrefix(fileName)}${String(seq).padStart(6, "0")}`;

/** How far an upload has come: written after each chunk, removed once the file is finalised. */
interface UploadState {
  nextSeq: number;
  size: number;
}

function statePath(fileName: string): string {
  return `${recordingPath(fileName)}${STATE_SUFFIX}`;
}

const UploadStateSchema = z.object({ nextSeq: z.number().int().min(0), size: z.number().int().min(0) });

function readState(fileName: string): UploadState | null {
  let text: string;
  try {
    text = fs.readFileSync(statePath(fileName), "utf8");
  } catch {
    return null;
  }
  try {
    return UploadStateSchema.parse(JSON.parse(text));
  } catch {
    return null;
  }
}

async function writeState(fileName: string, state: UploadState): Promise<void> {
  const target = statePath(fileName);
  const temp = path.join(path.dirname(target), `${TEMP_PREFIX}${path.basename(target)}`);
  await fs.promises.writeFile(temp, JSON.stringify(state));
  await fs.promises.rename(temp, target);
}

/** Bytes of the recording's file on disk (0 when there is none). */
export function recordingFileSize(fileName: string): number {
  try {
    return fs.statSync(recordingPath(fileName)).size;
  } catch {
    return 0;
  }
}

/**
 * The size of a finalised recording's file, for lists and Play: on disk the
 * file's own (a file removed by hand stops being offered); in a bucket the
 * size finalising recorded, so a list of recordings costs no request per row.
 */
export function storedRecordingSize(recording: Pick<RecordingRow, "recordingUrl" | "sizeBytes">): number {
  if (!recording.recordingUrl || !RECORDING_FILE_PATTERN.test(recording.recordingUrl)) return 0;
  return fileStore.localPath(recordingKey(recording.recordingUrl)) ? recordingFileSize(recording.recordingUrl) : recording.sizeBytes;
}

/** Removes a recording's file and what its upload left beside it (state file, chunks). */
export async function removeRecordingFiles(fileName: string): Promise<void> {
  await fileStore.delete(recordingKey(fileName));
  if (fileStore.localPath(recordingKey(fileName))) {
    fs.rmSync(statePath(fileName), { force: true });
    return;
  }
  for (const chunk of await fileStore.list(chunksPrefix(fileName))) await fileStore.delete(chunk.key);
}

function recordingsDir(): string {
  return path.resolve(env.UPLOADS_DIR, "recordings");
}

function recordingsDirEntries(): string[] {
  try {
    return fs.readdirSync(recordingsDir());
  } catch {
    return [];
  }
}

const STATE_SUFFIX = ".upload.json";

/**
 * The recordings whose files (or upload state, or chunks) are in the store, by
 * file name: what recordingKey accepts. Other files in the folder are not listed.
 */
export async function recordingFileNamesStored(): Promise<string[]> {
  const names = new Set<string>();
  for (const { key } of await fileStore.list("recordings/")) {
    let name = key.slice("recordings/".length);
    if (name.endsWith(STATE_SUFFIX)) name = name.slice(0, -STATE_SUFFIX.length);
    const chunks = name.indexOf(CHUNKS_SUFFIX);
    if (chunks > 0) name = name.slice(0, chunks);
    if (RECORDING_FILE_PATTERN.test(name)) names.add(name);
  }
  return [...names];
}

/** What the recordings use on disk against RECORDINGS_TOTAL_MAX_MB, for the admin page. */
export interface RecordingStorage {
  usedBytes: number;
  capBytes: number;
}

export async function recordingStorage(): Promise<RecordingStorage> {
  return { usedBytes: await recordingsStorageUsed(), capBytes: env.RECORDINGS_TOTAL_MAX_MB * MB };
}

/** Bytes used by every file under recordings/ in the store. */
export async function recordingsStorageUsed(): Promise<number> {
  if (!fileStore.localPath("recordings/x")) return sumSizes(await fileStore.list("recordings/"));
  return recordingsDiskUsage();
}

function sumSizes(objects: StoredObject[]): number {
  return objects.reduce((total, object) => total + object.size, 0);
}

/** Bytes used by every file under UPLOADS_DIR/recordings. */
function recordingsDiskUsage(): number {
  const dir = recordingsDir();
  let total = 0;
  for (const name of recordingsDirEntries()) {
    try {
      total += fs.statSync(path.join(dir, name)).size;
    } catch {
      // removed a moment ago
    }
  }
  return total;
}

// One chain of work per file: chunks are appended one after the other, and
// finalising waits for the chunk being written. The chain orders this
// process's work; a lease row (leases.server.ts) keeps the other academy
// processes out meanwhile (issue 41: a recording's chunks may reach any
// worker). A holder killed mid-write blocks the file for `leaseMs` at most.
const locks = new Map<string, Promise<void>>();
const finalising = new Map<number, Promise<RecordingRow | undefined>>();
const CHUNK_LEASE_MS = 30_000;
const FINALISE_LEASE_MS = 15 * 60_000;

function withFileLock<T>(fileName: string, leaseMs: number, work: () => Promise<T>): Promise<T> {
  const previous = locks.get(fileName) ?? Promise.resolve();
  const run = previous.then(async () => await withLease(`recording-file:${fileName}`, { ms: leaseMs, waitMs: FINALISE_LEASE_MS }, work));
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  locks.set(fileName, settled);
  void settled.then(() => {
    if (locks.get(fileName) === settled) locks.delete(fileName);
  });
  return run;
}

function isDiskFull(error: unknown): boolean {
  const code = error instanceof Error && "code" in error ? error.code : undefined;
  return code === "ENOSPC" || code === "EDQUOT";
}

export interface ChunkReceipt {
  seq: number;
  /** The chunk the server expects next. */
  nextSeq: number;
  /** Bytes of the recording stored so far. */
  size: number;
  /** False when this chunk had already been stored (a retry): nothing was written. */
  stored: boolean;
}

/**
 * Appends chunk `seq` to the recording's file. Chunks come in order from 0: an
 * earlier one is acknowledged again without writing (the client retried after
 * a lost answer), a later one is refused with the number expected. `stillOpen`
 * runs once the file is ours and throws if the recording stopped meanwhile.
 */
export function appendRecordingChunk(fileName: string, seq: number, bytes: Buffer, stillOpen: () => void | Promise<void>): Promise<ChunkReceipt> {
  return withFileLock(fileName, CHUNK_LEASE_MS, async () => {
    await stillOpen();
    if (!fileStore.localPath(recordingKey(fileName))) return await appendChunkObject(fileName, seq, bytes);
    const file = recordingPath(fileName);
    let state = readState(fileName);
    if (!state) {
      // No upload has begun, unless a file is there without its state (which nothing here leaves).
      if (recordingFileSize(fileName) > 0) throw new RecordingUploadError(409, RECORDING_UPLOAD_MESSAGES.stateLost);
      state = { nextSeq: 0, size: 0 };
    }
    if (seq < state.nextSeq) return { seq, nextSeq: state.nextSeq, size: state.size, stored: false };
    if (seq > state.nextSeq) throw new RecordingUploadError(409, RECORDING_UPLOAD_MESSAGES.outOfOrder(seq, state.nextSeq), state.nextSeq);
    await refuseChunk(seq, bytes, state.size);

    fs.mkdirSync(path.dirname(file), { recursive: true });
    const handle = await fs.promises.open(file, fs.constants.O_RDWR | fs.constants.O_CREAT);
    const acknowledged = state.size;
    try {
      // Bytes past the last acknowledged chunk are a write that never finished: drop them.
      await handle.truncate(acknowledged);
      let written = 0;
      while (written < bytes.length) {
        written += (await handle.write(bytes, written, bytes.length - written, acknowledged + written)).bytesWritten;
      }
      await handle.datasync();
      const next = { nextSeq: seq + 1, size: acknowledged + bytes.length };
      await writeState(fileName, next);
      return { seq, ...next, stored: true };
    } catch (error) {
      if (!isDiskFull(error)) throw error;
      // Everything acknowledged before stays; the part of this chunk that fitted goes.
      await handle.truncate(acknowledged).catch(() => undefined);
      throw new RecordingUploadError(507, RECORDING_UPLOAD_MESSAGES.diskFull);
    } finally {
      await handle.close();
    }
  });
}

/** The checks every stored chunk passes, whichever store keeps it. */
async function refuseChunk(seq: number, bytes: Buffer, sizeSoFar: number): Promise<void> {
  if (seq === 0 && !bytes.subarray(0, WEBM_SIGNATURE.length).equals(WEBM_SIGNATURE)) {
    throw new RecordingUploadError(415, RECORDING_UPLOAD_MESSAGES.notWebm);
  }
  if (sizeSoFar + bytes.length > env.RECORDING_MAX_MB * MB) {
    throw new RecordingUploadError(413, RECORDING_UPLOAD_MESSAGES.recordingFull(env.RECORDING_MAX_MB));
  }
  if ((await recordingsStorageUsed()) + bytes.length > env.RECORDINGS_TOTAL_MAX_MB * MB) {
    throw new RecordingUploadError(507, RECORDING_UPLOAD_MESSAGES.storageFull(env.RECORDINGS_TOTAL_MAX_MB));
  }
}

/** The chunks stored so far, in order: the upload's state in a bucket. */
async function storedChunks(fileName: string): Promise<StoredObject[]> {
  const chunks = await fileStore.list(chunksPrefix(fileName));
  return chunks.sort((a, b) => a.key.localeCompare(b.key));
}

/**
 * In a bucket: chunk `seq` becomes an object of its own. The lease held by the
 * caller keeps every server out meanwhile, so the listing is the state: chunks
 * 0…n-1 stored, n expected. An object is written whole or not at all, so a
 * crash mid-chunk leaves nothing to trim.
 */
async function appendChunkObject(fileName: string, seq: number, bytes: Buffer): Promise<ChunkReceipt> {
  const chunks = await storedChunks(fileName);
  const size = sumSizes(chunks);
  const nextSeq = chunks.length;
  if (seq < nextSeq) return { seq, nextSeq, size, stored: false };
  if (seq > nextSeq) throw new RecordingUploadError(409, RECORDING_UPLOAD_MESSAGES.outOfOrder(seq, nextSeq), nextSeq);
  await refuseChunk(seq, bytes, size);
  await fileStore.put(chunkKey(fileName, seq), bytes, { contentType: "application/octet-stream" });
  return { seq, nextSeq: seq + 1, size: size + bytes.length, stored: true };
}

function minutesOf(milliseconds: number): number {
  return Math.max(1, Math.round(milliseconds / 60_000));
}

async function updateRecording(id: number, values: Partial<Pick<RecordingRow, "status" | "sizeBytes" | "duration">>): Promise<RecordingRow | undefined> {
  return await first(db.update(recordings).set(values).where(eq(recordings.id, id)).returning());
}

/**
 * Turns a stopped recording's uploaded file into the library's copy: rewritten
 * to a temporary file and renamed over the upload, so a failure never loses
 * what arrived. Then the row is "ready" with the media's real duration and
 * size. A file that is no WebM with frames (nothing arrived, or only the
 * header) is "failed" and its file removed, so it takes no storage (issue
 * 30: kept, it filled RECORDINGS_TOTAL_MAX_MB unseen); when only writing the copy
 * fails (disk full), the upload stays as it is, "ready": it plays from the
 * start but may not seek. Finalising the same recording twice at once waits
 * for the first.
 */
export async function finaliseRecording(recordingId: number): Promise<RecordingRow | undefined> {
  const running = finalising.get(recordingId);
  if (running) return running;
  const work = finalise(recordingId).finally(() => finalising.delete(recordingId));
  finalising.set(recordingId, work);
  return work;
}

/** The finalising under way for this recording, or undefined when none is. */
export function finalisingRecording(recordingId: number): Promise<RecordingRow | undefined> | undefined {
  return finalising.get(recordingId);
}

async function finalise(recordingId: number): Promise<RecordingRow | undefined> {
  const row = await first(db.select().from(recordings).where(eq(recordings.id, recordingId)).limit(1));
  if (!row || row.status !== "recording") return row;
  const fileName = row.recordingUrl;
  if (!fileName || !RECORDING_FILE_PATTERN.test(fileName)) return await updateRecording(row.id, { status: "failed", sizeBytes: 0 });
  return withFileLock(fileName, FINALISE_LEASE_MS, async () => {
    // Another process may have finalised it while this one waited for the file.
    const current = await first(db.select().from(recordings).where(eq(recordings.id, recordingId)).limit(1));
    if (!current || current.status !== "recording") return current;
    if (!fileStore.localPath(recordingKey(fileName))) return await finaliseChunkObjects(current, fileName);
    const file = recordingPath(fileName);
    const uploaded = recordingFileSize(fileName);
    const temp = path.join(path.dirname(file), `${TEMP_PREFIX}finalising-${fileName}`);
    try {
      if (uploaded === 0) {
        await fs.promises.rm(file, { force: true });
        return await updateRecording(row.id, { status: "failed", sizeBytes: 0 });
      }
      const result = await rewriteSeekableWebm(file, temp);
      await fs.promises.rename(temp, file);
      if (result.truncated) logger.warn(`Recording ${row.id}: the upload ended mid-frame; kept every whole frame`);
      return await updateRecording(row.id, { status: "ready", sizeBytes: result.bytes, duration: minutesOf(result.durationMs) });
    } catch (error) {
      await fs.promises.rm(temp, { force: true });
      if (error instanceof WebmError) {
        logger.warn(`Recording ${row.id} could not be finalised (${error.message}); marked failed, its file (${uploaded} bytes) is removed`);
        await fs.promises.rm(file, { force: true });
        return await updateRecording(row.id, { status: "failed", sizeBytes: 0 });
      }
      logger.error({ err: error }, `Recording ${row.id}: writing the seekable copy failed; the upload is kept as it is`);
      return await updateRecording(row.id, { status: "ready", sizeBytes: uploaded });
    } finally {
      fs.rmSync(statePath(fileName), { force: true });
    }
  });
}

/**
 * In a bucket: the chunks are joined into a local scratch file, rewritten to
 * be seekable, and the result stored under the recording's name; then the
 * chunks go. The same outcomes as on disk: nothing playable is "failed" (and
 * its chunks removed); a rewrite that fails otherwise stores the joined upload
 * as it is, "ready". A server that dies midway leaves the chunks, and the next
 * start finalises again from them.
 */
async function finaliseChunkObjects(row: RecordingRow, fileName: string): Promise<RecordingRow | undefined> {
  const chunks = await storedChunks(fileName);
  const removeChunks = async () => {
    for (const chunk of chunks) await fileStore.delete(chunk.key);
  };
  if (sumSizes(chunks) === 0) {
    await removeChunks();
    return await updateRecording(row.id, { status: "failed", sizeBytes: 0 });
  }
  const scratch = await fs.promises.mkdtemp(path.join(os.tmpdir(), "academy-recording-"));
  try {
    const joined = path.join(scratch, "upload.webm");
    const output = await fs.promises.open(joined, "w");
    try {
      for (const chunk of chunks) {
        const copy = await localCopy(fileStore, chunk.key);
        if (!copy) throw new Error(`chunk ${chunk.key} vanished while finalising`);
        try {
          await output.write(await fs.promises.readFile(copy.path));
        } finally {
          await copy.release();
        }
      }
    } finally {
      await output.close();
    }
    const seekable = path.join(scratch, fileName);
    let outcome: Partial<Pick<RecordingRow, "status" | "sizeBytes" | "duration">>;
    try {
      const result = await rewriteSeekableWebm(joined, seekable);
      if (result.truncated) logger.warn(`Recording ${row.id}: the upload ended mid-frame; kept every whole frame`);
      const stored = await fileStore.putFile(recordingKey(fileName), seekable, { contentType: "video/webm" });
      outcome = { status: "ready", sizeBytes: stored.size, duration: minutesOf(result.durationMs) };
    } catch (error) {
      if (error instanceof WebmError) {
        logger.warn(`Recording ${row.id} could not be finalised (${error.message}); marked failed, its chunks are removed`);
        await removeChunks();
        return await updateRecording(row.id, { status: "failed", sizeBytes: 0 });
      }
      logger.error({ err: error }, `Recording ${row.id}: writing the seekable copy failed; the upload is stored as it is`);
      const stored = await fileStore.putFile(recordingKey(fileName), joined, { contentType: "video/webm" });
      outcome = { status: "ready", sizeBytes: stored.size };
    }
    await removeChunks();
    return await updateRecording(row.id, outcome);
  } finally {
    await fs.promises.rm(scratch, { recursive: true, force: true });
  }
}
