import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { academyDatabase } from "../academy-database";
import {
  answer,
  endAnyLive,
  MessageSchema,
  RECORDING_FIXTURE,
  recordingName,
  RecordingJsonSchema,
  schedule,
  sendChunk,
  transition,
  type RecordingJson,
} from "./conference-api";
import { DEMO_PREMIUM, DEMO_STUDENT, TEST_ADMIN, uniqueName, useAcademy, Visitor } from "./helpers";

const academy = useAcademy();

let admin: Visitor;
let free: Visitor;
let premium: Visitor;
let visitor: Visitor;

async function signedIn(credentials: { username: string; password: string }): Promise<Visitor> {
  const who = new Visitor(academy.baseUrl);
  expect((await who.login(credentials.username, credentials.password)).status).toBe(200);
  return who;
}

/** Where the server keeps recording files (UPLOADS_DIR/recordings, see scripts/academy-process.ts). */
function recordingsDir(): string {
  const dir = path.join(academy.process.dataDir, "uploads", "recordings");
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/** Bytes that are easy to check slice by slice, behind a WebM signature. */
function videoBytes(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let index = 0; index < size; index += 1) bytes[index] = (index * 7) % 251;
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3]).copy(bytes);
  return bytes;
}

/** A session recorded through the API as an admin does it; with `file`, the host's browser uploaded that video. */
async function recordSession(fields: { title: string; description?: string; isPremium?: boolean }, file?: Buffer): Promise<RecordingJson> {
  const session = await schedule(admin, { description: "A recorded session", ...fields });
  await transition(admin, session.id, "start");
  await transition(admin, session.id, "start-recording");
  if (file) expect((await sendChunk(admin, session.id, 0, file)).status).toBe(201);
  const response = await admin.request(`/api/conferences/${session.id}/stop-recording`, { method: "POST", json: { recordingUrl: recordingName(session.id) } });
  const recording = await answer(response, 201, RecordingJsonSchema);
  await transition(admin, session.id, "end");
  return recording;
}

async function recordings(who: Visitor, q?: string): Promise<RecordingJson[]> {
  const response = await who.request(`/api/recordings${q === undefined ? "" : `?q=${encodeURIComponent(q)}`}`);
  return answer(response, 200, z.array(RecordingJsonSchema));
}

async function message(response: Response, status: number): Promise<string> {
  return (await answer(response, status, MessageSchema)).message;
}

const word = (prefix: string) => uniqueName(prefix).replace(/[^a-z0-9]/gi, "");

beforeAll(async () => {
  [admin, free, premium] = await Promise.all([signedIn(TEST_ADMIN), signedIn(DEMO_STUDENT), signedIn(DEMO_PREMIUM)]);
  visitor = new Visitor(academy.baseUrl);
});

afterEach(async () => {
  await endAnyLive(admin);
});

describe("the recordings library", () => {
  it("searches titles and descriptions case-insensitively, newest first", async () => {
    const titleWord = word("Moonlit");
    const descriptionWord = word("Starseed");
    const inTitle = await recordSession({ title: `The ${titleWord} session` });
    const inDescription = await recordSession({ title: "Plain title", description: `All about ${descriptionWord.toUpperCase()} work` });

    expect((await recordings(free, titleWord.toUpperCase())).map((r) => r.id)).toEqual([inTitle.id]);
    expect((await recordings(free, titleWord.toLowerCase())).map((r) => r.id)).toEqual([inTitle.id]);
    expect((await recordings(free, `  ${descriptionWord.toLowerCase()} `)).map((r) => r.id)).toEqual([inDescription.id]);
    expect(await recordings(free, word("nothing"))).toEqual([]);
    // LIKE's wildcards are plain characters in a search.
    expect(await recordings(free, "%")).toEqual([]);
    expect(await recordings(free, "_")).toEqual([]);

    const all = await recordings(free);
    const mine = all.filter((r) => r.id === inTitle.id || r.id === inDescription.id).map((r) => r.id);
    expect(mine).toEqual([inDescription.id, inTitle.id]);
    expect(all.find((r) => r.id === inTitle.id)).toEqual(inTitle);
  });

  it("hides recordings of Premium-only sessions from free students, in the list, the search and the file", async () => {
    const secret = word("Innercircle");
    const premiumRecording = await recordSession({ title: `Premium Q&A ${secret}`, isPremium: true }, RECORDING_FIXTURE);
    const openRecording = await recordSession({ title: `Open circle ${secret}` }, RECORDING_FIXTURE);
    expect(premiumRecording).toMatchObject({ isPremium: true, status: "ready" });

    expect((await recordings(free, secret)).map((r) => r.id)).toEqual([openRecording.id]);
    expect((await recordings(free)).some((r) => r.id === premiumRecording.id)).toBe(false);
    for (const who of [premium, admin]) {
      expect((await recordings(who, secret)).map((r) => r.id)).toEqual([openRecording.id, premiumRecording.id]);
    }
    expect(await message(await free.request(`/api/recordings/${premiumRecording.id}/file`), 404)).toBe("Recording not found");
    expect((await premium.request(`/api/recordings/${premiumRecording.id}/file`)).status).toBe(200);
    expect((await free.request(`/api/recordings/${openRecording.id}/file`)).status).toBe(200);
  });

  it("offers Play and Download only once the file is there", async () => {
    const waiting = await recordSession({ title: word("Waiting") });
    expect(waiting).toMatchObject({ recordingUrl: null, fileUrl: null, size: 0 });
    expect(await message(await admin.request(`/api/recordings/${waiting.id}/file`), 404)).toBe("Recording file not available");

    const listed = (await recordings(admin)).find((r) => r.id === waiting.id);
    expect(listed?.fileUrl).toBeNull();
  });
});

/**
 * A finalised recording placed straight in the server's database and folder,
 * so its bytes are known exactly (what the live room uploads is rewritten
 * when it is finalised; see recording-chunks.test.ts).
 */
async function fileRecording(conferenceId: number | null, title: string, bytes = videoBytes(32)): Promise<{ id: number; fileName: string }> {
  const fileName = recordingName(conferenceId ?? 900_000 + Math.floor(Math.random() * 1000));
  fs.writeFileSync(path.join(recordingsDir(), fileName), bytes);
  const database = await academyDatabase(academy.process);
  try {
    const row = await database.get(
      "insert into recordings (conference_id, title, description, duration, recording_url, size_bytes) values (?, ?, '', 5, ?, ?) returning id",
      conferenceId,
      title,
      fileName,
      bytes.length,
    );
    return { id: z.object({ id: z.number() }).parse(row).id, fileName };
  } finally {
    await database.close();
  }
}

describe("a recording's file", () => {
  const bytes = videoBytes(5000);
  let recording: RecordingJson;
  let url: string;

  beforeAll(async () => {
    const filed = await fileRecording(null, "Full Moon Q&A: ünïcode/“quotes”", bytes);
    const listed = (await recordings(admin)).find((r) => r.id === filed.id);
    if (!listed) throw new Error("the filed recording is not listed");
    recording = listed;
    url = `/api/recordings/${recording.id}/file`;
  });

  it("is listed with its address, name and size", () => {
    expect(recording.fileUrl).toBe(url);
    expect(recording.recordingUrl).toMatch(/^conference-\d+-\d{13}\.webm$/);
    expect(recording.size).toBe(5000);
  });

  it("is streamed whole with Accept-Ranges, its type and no caching", async () => {
    const response = await free.request(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("Accept-Ranges")).toBe("bytes");
    expect(response.headers.get("Content-Type")).toBe("video/webm");
    expect(response.headers.get("Content-Length")).toBe("5000");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("Content-Disposition")).toBeNull();
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it("answers one range with 206 and exactly those bytes, a suffix range too", async () => {
    const middle = await free.request(url, { headers: { Range: "bytes=1000-1999" } });
    expect(middle.status).toBe(206);
    expect(middle.headers.get("Content-Range")).toBe("bytes 1000-1999/5000");
    expect(middle.headers.get("Content-Length")).toBe("1000");
    expect(Buffer.from(await middle.arrayBuffer()).equals(bytes.subarray(1000, 2000))).toBe(true);

    const open = await free.request(url, { headers: { Range: "bytes=4990-" } });
    expect(open.headers.get("Content-Range")).toBe("bytes 4990-4999/5000");
    expect(Buffer.from(await open.arrayBuffer()).equals(bytes.subarray(4990))).toBe(true);

    const suffix = await free.request(url, { headers: { Range: "bytes=-4" } });
    expect(suffix.status).toBe(206);
    expect(Buffer.from(await suffix.arrayBuffer()).equals(bytes.subarray(4996))).toBe(true);

    const several = await free.request(url, { headers: { Range: "bytes=0-1,5-6" } });
    expect(several.status).toBe(200);
    expect((await several.arrayBuffer()).byteLength).toBe(5000);
  });

  it("answers 416 with the size for a range outside the file", async () => {
    const response = await free.request(url, { headers: { Range: "bytes=5000-6000" } });
    expect(response.status).toBe(416);
    expect(response.headers.get("Content-Range")).toBe("bytes */5000");
    expect(await response.json()).toEqual({ message: "Requested range not satisfiable" });
  });

  it("answers HEAD with the headers only", async () => {
    const whole = await free.request(url, { method: "HEAD" });
    expect(whole.status).toBe(200);
    expect(whole.headers.get("Content-Length")).toBe("5000");
    expect(whole.headers.get("Accept-Ranges")).toBe("bytes");
    expect((await whole.arrayBuffer()).byteLength).toBe(0);
    const part = await free.request(url, { method: "HEAD", headers: { Range: "bytes=0-9" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("Content-Range")).toBe("bytes 0-9/5000");
  });

  it("downloads as an attachment with a friendly name", async () => {
    const response = await free.request(`${url}?download=1`);
    expect(response.status).toBe(200);
    const day = recording.createdAt.slice(0, 10);
    const name = `Full Moon Q&A ünïcode “quotes” ${day}.webm`;
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="Full Moon Q&A _n_code _quotes_ ${day}.webm"; filename*=UTF-8''${encodeURIComponent(name)}`,
    );
    expect((await response.arrayBuffer()).byteLength).toBe(5000);
  });

  it("is for signed-in members only, and unknown ids are 404", async () => {
    expect(await message(await visitor.request(url), 401)).toBe("Authentication required");
    for (const unknown of ["/api/recordings/999999/file", "/api/recordings/abc/file", "/api/recordings/0/file"]) {
      expect(await message(await free.request(unknown), 404), unknown).toBe("Recording not found");
    }
  });

  it("is 404 once the file is gone", async () => {
    const gone = await fileRecording(null, word("Gone"), videoBytes(10));
    fs.rmSync(path.join(recordingsDir(), gone.fileName));
    expect(await message(await free.request(`/api/recordings/${gone.id}/file`), 404)).toBe("Recording file not available");
    expect((await recordings(free)).find((r) => r.id === gone.id)).toMatchObject({ recordingUrl: null, fileUrl: null });
  });
});

describe("deleting a conference that has recordings", () => {
  // Through the API a conference is live or ended by the time it has
  // recordings, and neither may be deleted; a scheduled conference with
  // recordings (imported from a backup, or filed by hand) is placed here
  // directly in the server's database.

  it("keeps its recordings and their files by default", async () => {
    const session = await schedule(admin, { title: word("Keeper") });
    const kept = await fileRecording(session.id, word("kept"));
    expect(await message(await admin.request(`/api/conferences/${session.id}`, { method: "DELETE" }), 200)).toBe("Conference deleted");
    const listed = (await recordings(admin)).find((r) => r.id === kept.id);
    expect(listed).toMatchObject({ conferenceId: null, fileUrl: `/api/recordings/${kept.id}/file` });
    expect((await admin.request(`/api/recordings/${kept.id}/file`)).status).toBe(200);
    expect(fs.existsSync(path.join(recordingsDir(), kept.fileName))).toBe(true);
  });

  it("deletes them and their files with ?withRecordings=true", async () => {
    const session = await schedule(admin, { title: word("Sweeper") });
    const swept = await fileRecording(session.id, word("swept"));
    expect(await message(await admin.request(`/api/conferences/${session.id}?withRecordings=true`, { method: "DELETE" }), 200)).toBe("Conference deleted");
    expect((await recordings(admin)).some((r) => r.id === swept.id)).toBe(false);
    expect(await message(await admin.request(`/api/recordings/${swept.id}/file`), 404)).toBe("Recording not found");
    expect(fs.existsSync(path.join(recordingsDir(), swept.fileName))).toBe(false);
  });
});
