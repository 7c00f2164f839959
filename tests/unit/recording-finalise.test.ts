import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { db, first, single } from "#db/client.server";
import { recordings } from "#db/schema";
import { pruneExpiredRecordings } from "~/models/live/conference.server";
import {
  appendRecordingChunk,
  finaliseRecording,
  RECORDING_UPLOAD_MESSAGES,
  recordingPath,
  RecordingUploadError,
} from "~/models/live/recording-files.server";
import { inspectWebm, readWebmLayout, rewriteSeekableWebm, WebmError } from "~/utils/webm.server";

// tests/fixtures/recording.webm is about 3 s of Chromium's MediaRecorder
// (VP8 + Opus, joined 500 ms slices), made by tests/fixtures/make-recording-fixture.ts.
const FIXTURE = path.resolve(import.meta.dirname, "../fixtures/recording.webm");
const fixture = fs.readFileSync(FIXTURE);
const CLUSTER_ID = Buffer.from([0x1f, 0x43, 0xb6, 0x75]);

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "academy-webm-"));
let counter = 0;
function scratchFile(bytes?: Buffer): string {
  counter += 1;
  const file = path.join(scratch, `file-${counter}.webm`);
  if (bytes) fs.writeFileSync(file, bytes);
  return file;
}

/** The bytes of every frame, in order, as the layout finds them. */
async function frameBytes(file: string): Promise<Buffer> {
  const layout = await readWebmLayout(file);
  const bytes = fs.readFileSync(file);
  return Buffer.concat(layout.clusters.flatMap((cluster) => cluster.ranges.map(([start, end]) => bytes.subarray(start, end))));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("making a MediaRecorder WebM seekable", () => {
  it("starts from what Chromium writes: no duration, no cues, sizes unknown", async () => {
    expect(await inspectWebm(FIXTURE)).toMatchObject({ durationMs: null, cuePoints: 0, segmentSizeKnown: false });
  });

  it("writes a copy with its duration, cues at clusters and every frame byte for byte", async () => {
    const target = scratchFile();
    const result = await rewriteSeekableWebm(FIXTURE, target);
    expect(result.truncated).toBe(false);
    expect(result.durationMs).toBeGreaterThan(2500);
    expect(result.durationMs).toBeLessThan(3500);
    expect(result.bytes).toBe(fs.statSync(target).size);

    const finalised = await inspectWebm(target);
    expect(finalised).toMatchObject({ durationMs: result.durationMs, cuePoints: result.cuePoints, segmentSizeKnown: true });
    expect(finalised.cuePoints).toBeGreaterThanOrEqual(1);
    expect((await frameBytes(target)).equals(await frameBytes(FIXTURE))).toBe(true);

    // Each CueClusterPosition (0xF1, 8 bytes) points at a Cluster, counted from the Segment's data.
    const bytes = fs.readFileSync(target);
    const segmentData = bytes.indexOf(Buffer.from([0x18, 0x53, 0x80, 0x67])) + 4 + 8;
    let found = 0;
    for (let at = bytes.indexOf(Buffer.from([0xf1, 0x88])); at !== -1 && at < segmentData + 4096; at = bytes.indexOf(Buffer.from([0xf1, 0x88]), at + 1)) {
      const position = Number(bytes.readBigUInt64BE(at + 2));
      if (segmentData + position + 4 > bytes.length) continue;
      expect(bytes.subarray(segmentData + position, segmentData + position + 4).equals(CLUSTER_ID)).toBe(true);
      found += 1;
    }
    expect(found).toBe(finalised.cuePoints);
  });

  it("changes nothing when run again on its own output", async () => {
    const once = scratchFile();
    const twice = scratchFile();
    await rewriteSeekableWebm(FIXTURE, once);
    await rewriteSeekableWebm(once, twice);
    expect(fs.readFileSync(twice).equals(fs.readFileSync(once))).toBe(true);
  });

  it("keeps every whole frame of a file cut off mid-frame (a crash)", async () => {
    const cut = scratchFile(fixture.subarray(0, Math.floor(fixture.length * 0.6)));
    const target = scratchFile();
    const result = await rewriteSeekableWebm(cut, target);
    expect(result.truncated).toBe(true);
    expect(result.durationMs).toBeGreaterThan(500);
    expect(result.durationMs).toBeLessThan((await inspectWebm(FIXTURE)).endMs);
    expect((await inspectWebm(target)).durationMs).toBe(result.durationMs);
  });

  it("refuses what is not a WebM with frames", async () => {
    const firstCluster = fixture.indexOf(CLUSTER_ID);
    const cases = {
      "a PNG": Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]),
      "noise behind the WebM signature": Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(500, 0x5a)]),
      "the header alone": fixture.subarray(0, firstCluster),
      "a header cut short": fixture.subarray(0, 40),
    };
    for (const [what, bytes] of Object.entries(cases)) {
      await expect(rewriteSeekableWebm(scratchFile(bytes), scratchFile()), what).rejects.toBeInstanceOf(WebmError);
    }
  });
});

// ---------------------------------------------------------------------------
// The upload and the library's copy
// ---------------------------------------------------------------------------

let conferenceCounter = 1000;
async function newRecording(values: Partial<typeof recordings.$inferInsert> = {}) {
  conferenceCounter += 1;
  const fileName = `conference-${conferenceCounter}-${Date.now()}.webm`;
  return await single(db
    .insert(recordings)
    .values({ title: "A recorded session", recordingUrl: fileName, status: "recording", duration: 0, ...values })
    .returning());
}

const open = () => undefined;

/** `fs.promises.open` that hands out handles whose writes (for files matching `matches`) fail with ENOSPC after `room` bytes. */
function diskFullAfter(room: number, matches: (file: string) => boolean) {
  const realOpen = fs.promises.open.bind(fs.promises);
  return vi.spyOn(fs.promises, "open").mockImplementation(async (...args: Parameters<typeof fs.promises.open>) => {
    const handle = await realOpen(...args);
    if (!matches(String(args[0]))) return handle;
    let left = room;
    const write = handle.write.bind(handle);
    const full = Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
    // The module writes Buffers with offset, length and position.
    const limited = async (bytes: Buffer, offset = 0, length = bytes.length - offset, position: number | null = null) => {
      if (left <= 0) throw full;
      const allowed = Math.min(length, left);
      left -= allowed;
      return write(bytes, offset, allowed, position);
    };
    return Object.assign(handle, { write: limited });
  });
}

describe("a recording's chunks", () => {
  it("are appended in order; a repeat is acknowledged without writing, a gap is refused with the number expected", async () => {
    const { recordingUrl } = await newRecording();
    const name = recordingUrl ?? "";
    const [first, second] = [fixture.subarray(0, 10_000), fixture.subarray(10_000)];
    expect(await appendRecordingChunk(name, 0, first, open)).toEqual({ seq: 0, nextSeq: 1, size: first.length, stored: true });
    expect(await appendRecordingChunk(name, 0, first, open)).toEqual({ seq: 0, nextSeq: 1, size: first.length, stored: false });
    const gap = await appendRecordingChunk(name, 2, second, open).catch((error: unknown) => error);
    expect(gap).toBeInstanceOf(RecordingUploadError);
    expect(gap).toMatchObject({ status: 409, expectedSeq: 1, message: RECORDING_UPLOAD_MESSAGES.outOfOrder(2, 1) });
    expect(await appendRecordingChunk(name, 1, second, open)).toMatchObject({ nextSeq: 2, size: fixture.length, stored: true });
    expect(fs.readFileSync(recordingPath(name)).equals(fixture)).toBe(true);
  });

  it("must start like a WebM file", async () => {
    const name = (await newRecording()).recordingUrl ?? "";
    await expect(appendRecordingChunk(name, 0, Buffer.from("not a video"), open)).rejects.toMatchObject({ status: 415, message: RECORDING_UPLOAD_MESSAGES.notWebm });
  });

  it("are refused when the recording stopped while they waited", async () => {
    const name = (await newRecording()).recordingUrl ?? "";
    const stopped = new Error("stopped");
    await expect(appendRecordingChunk(name, 0, fixture, () => { throw stopped; })).rejects.toBe(stopped);
    expect(fs.existsSync(recordingPath(name))).toBe(false);
  });

  it("answer 507 on a full disk, keep what was stored before and drop the part that fitted", async () => {
    const name = (await newRecording()).recordingUrl ?? "";
    const [first, second] = [fixture.subarray(0, 8000), fixture.subarray(8000)];
    await appendRecordingChunk(name, 0, first, open);
    diskFullAfter(1000, (file) => file === recordingPath(name));
    await expect(appendRecordingChunk(name, 1, second, open)).rejects.toMatchObject({ status: 507, message: RECORDING_UPLOAD_MESSAGES.diskFull });
    expect(fs.readFileSync(recordingPath(name)).equals(first)).toBe(true);
    vi.restoreAllMocks();
    // Space again: the same chunk goes on where the file left off.
    expect(await appendRecordingChunk(name, 1, second, open)).toMatchObject({ stored: true, size: fixture.length });
    expect(fs.readFileSync(recordingPath(name)).equals(fixture)).toBe(true);
  });
});

describe("finalising a stopped recording", () => {
  async function uploaded(bytes: Buffer) {
    const row = await newRecording({ duration: 7 });
    await appendRecordingChunk(row.recordingUrl ?? "", 0, bytes, open);
    return row;
  }

  it("makes it ready and seekable, with the media's duration and the new size", async () => {
    const row = await uploaded(fixture);
    const done = await finaliseRecording(row.id);
    const file = recordingPath(row.recordingUrl ?? "");
    expect(done).toMatchObject({ status: "ready", duration: 1, sizeBytes: fs.statSync(file).size });
    expect((await inspectWebm(file)).durationMs).toBeGreaterThan(2500);
    expect(fs.existsSync(`${file}.upload.json`)).toBe(false);
    // Finalising again changes nothing.
    expect(await finaliseRecording(row.id)).toEqual(done);
  });

  it("marks it failed when nothing arrived, or nothing playable, and removes its file (issue 30)", async () => {
    const nothing = await newRecording();
    expect(await finaliseRecording(nothing.id)).toMatchObject({ status: "failed", sizeBytes: 0 });

    const headerOnly = fixture.subarray(0, fixture.indexOf(CLUSTER_ID));
    const row = await uploaded(headerOnly);
    expect(await finaliseRecording(row.id)).toMatchObject({ status: "failed", sizeBytes: 0 });
    expect(fs.existsSync(recordingPath(row.recordingUrl ?? ""))).toBe(false);
    expect(fs.existsSync(`${recordingPath(row.recordingUrl ?? "")}.upload.json`)).toBe(false);
  });

  it("keeps the upload untouched and ready to play when the disk fills while the copy is written", async () => {
    const row = await uploaded(fixture);
    diskFullAfter(2000, (file) => path.basename(file).startsWith(".incoming-finalising-"));
    const done = await finaliseRecording(row.id);
    expect(done).toMatchObject({ status: "ready", duration: 7, sizeBytes: fixture.length });
    const dir = path.dirname(recordingPath(row.recordingUrl ?? ""));
    expect(fs.readFileSync(recordingPath(row.recordingUrl ?? "")).equals(fixture)).toBe(true);
    expect(fs.readdirSync(dir).filter((name) => name.startsWith(".incoming-"))).toEqual([]);
  });
});

describe("retention", () => {
  it("deletes recordings older than the kept days, rows and files, but never one still being made", async () => {
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    const old = await (async () => {
      const row = await newRecording({ status: "ready", createdAt: daysAgo(40) });
      fs.mkdirSync(path.dirname(recordingPath(row.recordingUrl ?? "")), { recursive: true });
      fs.writeFileSync(recordingPath(row.recordingUrl ?? ""), fixture);
      return row;
    })();
    const oldFailed = await newRecording({ status: "failed", createdAt: daysAgo(31) });
    const stillRecording = await newRecording({ status: "recording", createdAt: daysAgo(45) });
    const recent = await newRecording({ status: "ready", createdAt: daysAgo(29) });

    expect(await pruneExpiredRecordings(0, now)).toBe(0);
    expect(await pruneExpiredRecordings(30, now)).toBe(2);
    const left = new Set((await db.select({ id: recordings.id }).from(recordings)).map((row) => row.id));
    expect(left.has(old.id)).toBe(false);
    expect(left.has(oldFailed.id)).toBe(false);
    expect(left.has(stillRecording.id)).toBe(true);
    expect(left.has(recent.id)).toBe(true);
    expect(fs.existsSync(recordingPath(old.recordingUrl ?? ""))).toBe(false);
    expect((await first(db.select().from(recordings).where(eq(recordings.id, recent.id)).limit(1)))?.status).toBe("ready");
  });
});
