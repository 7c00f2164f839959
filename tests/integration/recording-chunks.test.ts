import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { inspectWebm } from "~/utils/webm.server";
import { startAcademy } from "../../scripts/academy-process";
import { academyDatabase } from "../academy-database";
import {
  answer,
  endAnyLive,
  MessageSchema,
  RECORDING_FIXTURE,
  RecordingJsonSchema,
  schedule,
  sendChunk,
  transition,
  type RecordingJson,
} from "./conference-api";
import { DEMO_PREMIUM, DEMO_STUDENT, postEarlyAnswer, TEST_ADMIN, useAcademy, Visitor } from "./helpers";

// The live room's recording (issue 13): the host's browser uploads the
// recording in numbered chunks while it records; stopping (or ending the
// session) finalises the file so it plays with a duration and seeks.

// Small limits, so they can be reached: 1 MB per recording, 3 MB in all.
const academy = useAcademy({ RECORDING_MAX_MB: "1", RECORDINGS_TOTAL_MAX_MB: "3" });

const MESSAGES = {
  notLive: "Recording needs a live conference. Start the conference first.",
  notRecording: "This conference is not being recorded.",
  recordingFull: "This recording reached its size limit (1 MB)",
  storageFull: "Recordings have used all their storage (3 MB). Delete old recordings to record more.",
  chunkTooLarge: "A recording chunk must be smaller than 16 MB",
} as const;

const ReceiptSchema = z.object({ seq: z.number().int(), nextSeq: z.number().int(), size: z.number().int(), stored: z.boolean() });
const OutOfOrderSchema = z.object({ message: z.string(), expectedSeq: z.number().int() });

let admin: Visitor;
let free: Visitor;
let premium: Visitor;

async function signedIn(baseUrl: string, credentials: { username: string; password: string }): Promise<Visitor> {
  const who = new Visitor(baseUrl);
  expect((await who.login(credentials.username, credentials.password)).status).toBe(200);
  return who;
}

async function message(response: Response, status: number): Promise<string> {
  return (await answer(response, status, MessageSchema)).message;
}

/** The fixture cut into `parts` chunks at byte positions that fall anywhere, as MediaRecorder's slices do. */
function slices(bytes: Buffer, parts: number): Buffer[] {
  const size = Math.ceil(bytes.length / parts);
  return Array.from({ length: parts }, (_, index) => bytes.subarray(index * size, (index + 1) * size));
}

async function liveAndRecording(who: Visitor, title: string) {
  const session = await schedule(who, { title });
  await transition(who, session.id, "start");
  await transition(who, session.id, "start-recording");
  return session;
}

async function upload(who: Visitor, conferenceId: number, chunks: Buffer[], from = 0): Promise<void> {
  for (const [index, chunk] of chunks.entries()) {
    await answer(await sendChunk(who, conferenceId, from + index, chunk), 201, ReceiptSchema);
  }
}

async function listedFor(who: Visitor, conferenceId: number): Promise<RecordingJson[]> {
  const all = await answer(await who.request("/api/recordings"), 200, z.array(RecordingJsonSchema));
  return all.filter((recording) => recording.conferenceId === conferenceId);
}

/** The served file, saved where the WebM reader can look at it. */
async function download(who: Visitor, recording: RecordingJson): Promise<{ bytes: Buffer; file: string }> {
  const response = await who.request(recording.fileUrl ?? "/missing");
  expect(response.status).toBe(200);
  const bytes = Buffer.from(await response.arrayBuffer());
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "academy-recording-")), "served.webm");
  fs.writeFileSync(file, bytes);
  return { bytes, file };
}

async function expectSeekable(file: string): Promise<number> {
  const info = await inspectWebm(file);
  expect(info.segmentSizeKnown).toBe(true);
  expect(info.cuePoints).toBeGreaterThanOrEqual(1);
  expect(info.durationMs).not.toBeNull();
  return info.durationMs ?? 0;
}

function recordingsDir(dataDir = academy.process.dataDir): string {
  return path.join(dataDir, "uploads", "recordings");
}

beforeAll(async () => {
  [admin, free, premium] = await Promise.all([
    signedIn(academy.baseUrl, TEST_ADMIN),
    signedIn(academy.baseUrl, DEMO_STUDENT),
    signedIn(academy.baseUrl, DEMO_PREMIUM),
  ]);
});

afterEach(async () => {
  await endAnyLive(admin);
});

describe("who may upload, and when", () => {
  it("is for admins only: visitors get 401, members 403", async () => {
    const session = await liveAndRecording(admin, "Guarded recording");
    expect(await message(await sendChunk(new Visitor(academy.baseUrl), session.id, 0, RECORDING_FIXTURE), 401)).toBe("Authentication required");
    for (const member of [free, premium]) {
      expect((await sendChunk(member, session.id, 0, RECORDING_FIXTURE)).status).toBe(403);
    }
    // Nothing of theirs was stored: the admin's chunk 0 is still the first.
    await upload(admin, session.id, [RECORDING_FIXTURE]);
  });

  it("needs a live conference that is being recorded", async () => {
    const session = await schedule(admin, { title: "Not yet" });
    expect(await message(await sendChunk(admin, session.id, 0, RECORDING_FIXTURE), 409)).toBe(MESSAGES.notLive);
    await transition(admin, session.id, "start");
    expect(await message(await sendChunk(admin, session.id, 0, RECORDING_FIXTURE), 409)).toBe(MESSAGES.notRecording);
    expect(await message(await sendChunk(admin, 999_999, 0, RECORDING_FIXTURE), 404)).toBe("Conference not found");
  });

  it("answers unclear requests with a clear 4xx", async () => {
    const session = await liveAndRecording(admin, "Picky recording");
    for (const seq of ["", "abc", "-1", "01", "1.5", "99999999999"]) {
      expect(await message(await sendChunk(admin, session.id, seq, RECORDING_FIXTURE), 400), `seq=${seq}`).toBe(
        "seq must be the chunk's number: a whole number from 0",
      );
    }
    expect(await message(await sendChunk(admin, session.id, 0, RECORDING_FIXTURE, "application/octet-stream"), 415)).toBe("Send the chunk as video/webm");
    expect(await message(await sendChunk(admin, session.id, 0, Buffer.alloc(0)), 400)).toBe("The chunk is empty");
    expect(await message(await sendChunk(admin, session.id, 0, Buffer.from("plain text, no video")), 415)).toBe(
      "A recording must be WebM video: its first chunk does not start like one.",
    );
    const get = await admin.request(`/api/conferences/${session.id}/recording/chunks?seq=0`);
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("POST");
  });
});

describe("chunks in order", () => {
  it("are stored one after the other; a repeat is acknowledged, a gap answers the number expected", async () => {
    const session = await liveAndRecording(admin, "Ordered recording");
    const [first, second, third] = slices(RECORDING_FIXTURE, 3);
    if (!first || !second || !third) throw new Error("three slices");

    expect(await answer(await sendChunk(admin, session.id, 1, second), 409, OutOfOrderSchema)).toEqual({
      message: "Chunk 1 is out of order: send chunk 0 next.",
      expectedSeq: 0,
    });
    expect(await answer(await sendChunk(admin, session.id, 0, first), 201, ReceiptSchema)).toEqual({ seq: 0, nextSeq: 1, size: first.length, stored: true });
    // The answer was lost and the browser sends chunk 0 again: acknowledged, not written twice.
    expect(await answer(await sendChunk(admin, session.id, 0, first), 200, ReceiptSchema)).toEqual({ seq: 0, nextSeq: 1, size: first.length, stored: false });
    expect(await answer(await sendChunk(admin, session.id, 2, third), 409, OutOfOrderSchema)).toMatchObject({ expectedSeq: 1 });
    await upload(admin, session.id, [second, third], 1);

    // While it records, the library lists it as being recorded, without Play.
    const [listed] = await listedFor(free, session.id);
    expect(listed).toMatchObject({ status: "recording", fileUrl: null, recordingUrl: null, size: 0 });
    expect(await message(await admin.request(`/api/recordings/${listed?.id}/file`), 404)).toBe("Recording file not available");
  });
});

describe("finalising", () => {
  it("on stop: the answer is the ready recording, and its file has a duration and cues, every frame kept", async () => {
    const session = await liveAndRecording(admin, "Stopped recording");
    await upload(admin, session.id, slices(RECORDING_FIXTURE, 4));
    const stopped = await answer(await admin.request(`/api/conferences/${session.id}/stop-recording`, { method: "POST" }), 201, RecordingJsonSchema);
    expect(stopped).toMatchObject({ conferenceId: session.id, status: "ready", duration: 1, fileUrl: `/api/recordings/${stopped.id}/file` });
    expect(stopped.recordingUrl).toMatch(new RegExp(`^conference-${session.id}-\\d{13}\\.webm$`));

    const { bytes, file } = await download(premium, stopped);
    expect(bytes.length).toBe(stopped.size);
    const durationMs = await expectSeekable(file);
    expect(durationMs).toBeGreaterThan(2500);
    expect(durationMs).toBeLessThan(3500);
    // The host's recording ended: a late chunk is refused.
    expect(await message(await sendChunk(admin, session.id, 4, RECORDING_FIXTURE), 409)).toBe(MESSAGES.notRecording);
    expect(fs.readdirSync(recordingsDir()).filter((name) => name.startsWith(".incoming-") || name.endsWith(".upload.json"))).toEqual([]);
  });

  it("when the session ends while recording", async () => {
    const session = await liveAndRecording(admin, "Ended while recording");
    await upload(admin, session.id, slices(RECORDING_FIXTURE, 2));
    await transition(admin, session.id, "end");
    await expect.poll(async () => (await listedFor(admin, session.id))[0]?.status).toBe("ready");
    const [recording] = await listedFor(admin, session.id);
    if (!recording) throw new Error("no recording");
    expect(await expectSeekable((await download(admin, recording)).file)).toBeGreaterThan(2500);
  });

  it("keeps what arrived when the host's tab closed mid-recording, and finalises it when the session ends", async () => {
    const session = await liveAndRecording(admin, "Closed tab");
    const cut = RECORDING_FIXTURE.subarray(0, Math.floor(RECORDING_FIXTURE.length * 0.7));
    await upload(admin, session.id, slices(cut, 3));
    // The tab is gone: no more chunks, no stop. What arrived is on disk.
    const [recording] = await listedFor(admin, session.id);
    expect(recording?.status).toBe("recording");
    const onDisk = fs.readdirSync(recordingsDir()).find((name) => name.startsWith(`conference-${session.id}-`) && name.endsWith(".webm"));
    expect(fs.readFileSync(path.join(recordingsDir(), onDisk ?? "missing")).equals(cut)).toBe(true);

    await transition(admin, session.id, "end");
    await expect.poll(async () => (await listedFor(admin, session.id))[0]?.status).toBe("ready");
    const [finalised] = await listedFor(admin, session.id);
    if (!finalised) throw new Error("no recording");
    const durationMs = await expectSeekable((await download(admin, finalised)).file);
    expect(durationMs).toBeGreaterThan(500);
    expect(durationMs).toBeLessThan(2900);
  });

  it("marks a recording that received nothing as failed, without Play", async () => {
    const session = await liveAndRecording(admin, "Silent recording");
    const stopped = await answer(await admin.request(`/api/conferences/${session.id}/stop-recording`, { method: "POST" }), 201, RecordingJsonSchema);
    expect(stopped).toMatchObject({ status: "failed", fileUrl: null, size: 0 });
  });
});

describe("limits", () => {
  it("refuses a chunk over 16 MB before reading it", async () => {
    const session = await liveAndRecording(admin, "Huge chunk");
    const huge = Buffer.alloc(16 * 1024 * 1024 + 1, 1);
    huge.set([0x1a, 0x45, 0xdf, 0xa3]);
    const refused = await postEarlyAnswer(
      `${academy.baseUrl}/api/conferences/${session.id}/recording/chunks?seq=0`,
      { Cookie: admin.cookieHeader, "Content-Type": "video/webm" },
      huge,
    );
    expect(refused.status).toBe(413);
    expect(MessageSchema.parse(JSON.parse(refused.body)).message).toBe(MESSAGES.chunkTooLarge);
    // Nothing was stored: chunk 0 is still expected.
    await upload(admin, session.id, [RECORDING_FIXTURE]);
  });

  it("stops a recording at RECORDING_MAX_MB and keeps what it had", async () => {
    const session = await liveAndRecording(admin, "Long recording");
    await upload(admin, session.id, [RECORDING_FIXTURE]);
    expect(await message(await sendChunk(admin, session.id, 1, Buffer.alloc(1024 * 1024, 7)), 413)).toBe(MESSAGES.recordingFull);
    const stopped = await answer(await admin.request(`/api/conferences/${session.id}/stop-recording`, { method: "POST" }), 201, RecordingJsonSchema);
    expect(stopped.status).toBe("ready");
    expect(await expectSeekable((await download(admin, stopped)).file)).toBeGreaterThan(2500);
  });

  it("answers 507 when all recordings together reach RECORDINGS_TOTAL_MAX_MB", async () => {
    // Earlier recordings (here one big file beside this file's others) fill the storage but for half the fixture.
    const used = fs.readdirSync(recordingsDir()).reduce((total, name) => total + fs.statSync(path.join(recordingsDir(), name)).size, 0);
    const filler = path.join(recordingsDir(), "filler.bin");
    fs.writeFileSync(filler, Buffer.alloc(3 * 1024 * 1024 - used - Math.floor(RECORDING_FIXTURE.length / 2)));
    try {
      const session = await liveAndRecording(admin, "No room left");
      expect(await message(await sendChunk(admin, session.id, 0, RECORDING_FIXTURE), 507)).toBe(MESSAGES.storageFull);
      // Smaller chunks still fit.
      await upload(admin, session.id, [RECORDING_FIXTURE.subarray(0, 1000)]);
    } finally {
      fs.rmSync(filler);
    }
  });
});

describe("after a restart", () => {
  it("finalises a recording whose stop did not finish, and deletes recordings past RECORDING_RETENTION_DAYS", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-retention-"));
    const first = await startAcademy({}, { dataDir });
    const { old, recent, interrupted } = await (async () => {
      try {
        const host = await signedIn(first.baseUrl, TEST_ADMIN);
        const record = async (title: string) => {
          const session = await liveAndRecording(host, title);
          await upload(host, session.id, [RECORDING_FIXTURE]);
          const stopped = await answer(await host.request(`/api/conferences/${session.id}/stop-recording`, { method: "POST" }), 201, RecordingJsonSchema);
          await transition(host, session.id, "end");
          return stopped;
        };
        const recordings = { old: await record("Old recording"), recent: await record("Recent recording") };
        // A stop the server did not get to finish (marked below): the file was never finalised.
        const session = await liveAndRecording(host, "Interrupted recording");
        await upload(host, session.id, [RECORDING_FIXTURE]);
        const [running] = await listedFor(host, session.id);
        if (!running) throw new Error("no running recording");
        return { ...recordings, interrupted: running };
      } finally {
        await first.stop();
      }
    })();
    const database = await academyDatabase(first);
    try {
      await database.run("update conferences set is_recording = false, recording_started_at = null where id = ?", interrupted.conferenceId);
      await database.run("update recordings set created_at = ? where id = ?", new Date(Date.now() - 40 * 86_400_000), old.id);
    } finally {
      await database.close();
    }

    const second = await startAcademy({ RECORDING_RETENTION_DAYS: "30" }, { dataDir });
    try {
      const host = await signedIn(second.baseUrl, TEST_ADMIN);
      const all = async () => answer(await host.request("/api/recordings"), 200, z.array(RecordingJsonSchema));
      expect((await all()).map((recording) => recording.id).sort()).toEqual([recent.id, interrupted.id].sort());
      // Finalised in the background after the start.
      await expect.poll(async () => (await all()).find((recording) => recording.id === interrupted.id)?.status).toBe("ready");
      expect(fs.existsSync(path.join(recordingsDir(dataDir), old.recordingUrl ?? "missing"))).toBe(false);
      expect(fs.existsSync(path.join(recordingsDir(dataDir), recent.recordingUrl ?? "missing"))).toBe(true);
    } finally {
      await second.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
