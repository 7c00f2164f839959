import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { formatMegabytes } from "~/utils/misc";
import { startAcademy } from "../../scripts/academy-process";
import { academyDatabase } from "../academy-database";
import {
  answer,
  endAnyLive,
  MessageSchema,
  postForm,
  RECORDING_FIXTURE,
  RecordingJsonSchema,
  refusal,
  schedule,
  sendChunk,
  transition,
  type RecordingJson,
} from "./conference-api";
import { DEMO_PREMIUM, DEMO_STUDENT, TEST_ADMIN, useAcademy, Visitor } from "./helpers";

// Issue 30: recordings can be deleted (API and the admin page, with and
// without JavaScript), a recording that failed to finalise leaves no file
// behind, and the admin page shows what recordings use of their storage.
// The storage is small (1 MB) so it can be filled.

const academy = useAcademy({ RECORDINGS_TOTAL_MAX_MB: "1" });
const MB = 1024 * 1024;

const STORAGE_FULL = "Recordings have used all their storage (1 MB). Delete old recordings to record more.";
const IN_PROGRESS = "This recording is still being made. Stop recording (or end the session) before deleting it.";
const ReceiptSchema = z.object({ seq: z.number().int(), nextSeq: z.number().int(), size: z.number().int(), stored: z.boolean() });

let admin: Visitor;
let free: Visitor;
let premium: Visitor;

async function signedIn(baseUrl: string, credentials: { username: string; password: string }): Promise<Visitor> {
  const who = new Visitor(baseUrl);
  expect((await who.login(credentials.username, credentials.password)).status).toBe(200);
  return who;
}

function recordingsDir(dataDir = academy.process.dataDir): string {
  return path.join(dataDir, "uploads", "recordings");
}

function onDisk(recording: RecordingJson | { recordingUrl: string }, dataDir?: string): boolean {
  return fs.existsSync(path.join(recordingsDir(dataDir), recording.recordingUrl ?? "missing"));
}

function diskUsage(): number {
  const dir = recordingsDir();
  return fs.existsSync(dir) ? fs.readdirSync(dir).reduce((total, name) => total + fs.statSync(path.join(dir, name)).size, 0) : 0;
}

async function recordAndStop(who: Visitor, title: string, chunk: Buffer = RECORDING_FIXTURE): Promise<RecordingJson> {
  const session = await schedule(who, { title });
  await transition(who, session.id, "start");
  await transition(who, session.id, "start-recording");
  await answer(await sendChunk(who, session.id, 0, chunk), 201, ReceiptSchema);
  const stopped = await answer(await who.request(`/api/conferences/${session.id}/stop-recording`, { method: "POST" }), 201, RecordingJsonSchema);
  await transition(who, session.id, "end");
  return stopped;
}

async function listed(who: Visitor): Promise<RecordingJson[]> {
  return answer(await who.request("/api/recordings"), 200, z.array(RecordingJsonSchema));
}

function deleteThroughApi(who: Visitor, id: number | string): Promise<Response> {
  return who.request(`/api/recordings/${id}`, { method: "DELETE" });
}

const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

/** Follows a form's redirect like a browser: the page it lands on shows the toast. */
async function landOn(response: Response, who: Visitor = admin): Promise<string> {
  expect(response.status, await response.clone().text()).toBe(302);
  const page = await who.request(response.headers.get("Location") ?? "/");
  expect(page.status).toBe(200);
  return page.text();
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

describe("DELETE /api/recordings/{id}", () => {
  it("is for admins only: visitors get 401, members 403, an unknown recording 404", async () => {
    const recording = await recordAndStop(admin, "Guarded recording");
    expect(await refusal(await deleteThroughApi(new Visitor(academy.baseUrl), recording.id), 401)).toBe("Authentication required");
    for (const member of [free, premium]) expect((await deleteThroughApi(member, recording.id)).status).toBe(403);
    expect(await refusal(await deleteThroughApi(admin, 999_999), 404)).toBe("Recording not found");
    // Still there, file and all.
    expect((await listed(admin)).map((listedOne) => listedOne.id)).toContain(recording.id);
    expect(onDisk(recording)).toBe(true);
  });

  it("refuses a recording still being made", async () => {
    const session = await schedule(admin, { title: "Still recording" });
    await transition(admin, session.id, "start");
    await transition(admin, session.id, "start-recording");
    const [running] = (await listed(admin)).filter((recording) => recording.conferenceId === session.id);
    expect(running?.status).toBe("recording");
    expect(await refusal(await deleteThroughApi(admin, running?.id ?? 0), 409)).toBe(IN_PROGRESS);
  });

  it("removes the row and its file; a member watching it gets 404 from then on", async () => {
    const recording = await recordAndStop(admin, "Watched, then deleted");
    const fileUrl = recording.fileUrl ?? "/missing";
    const watching = await premium.request(fileUrl, { headers: { Range: "bytes=0-99" } });
    expect(watching.status).toBe(206);
    await watching.arrayBuffer();
    expect(await answer(await admin.request(`/api/recordings/${recording.id}`), 200, RecordingJsonSchema)).toMatchObject({ id: recording.id, status: "ready" });

    expect(await answer(await deleteThroughApi(admin, recording.id), 200, MessageSchema)).toEqual({ message: "Recording deleted" });

    expect(onDisk(recording)).toBe(false);
    expect(fs.readdirSync(recordingsDir()).filter((name) => name.startsWith(recording.recordingUrl ?? "missing"))).toEqual([]);
    expect((await premium.request(fileUrl, { headers: { Range: "bytes=100-199" } })).status).toBe(404);
    expect((await listed(premium)).map((listedOne) => listedOne.id)).not.toContain(recording.id);
    expect(await refusal(await admin.request(`/api/recordings/${recording.id}`), 404)).toBe("Recording not found");
    expect(await refusal(await deleteThroughApi(admin, recording.id), 404)).toBe("Recording not found");
  });

  it("frees the space at once: a recording refused with 507 is accepted after an old one is deleted", async () => {
    const old = await recordAndStop(admin, "A long old recording");
    // As if it had been a long session: its file fills the storage.
    fs.appendFileSync(path.join(recordingsDir(), old.recordingUrl ?? "missing"), Buffer.alloc(MB));
    const session = await schedule(admin, { title: "No room until something goes" });
    await transition(admin, session.id, "start");
    await transition(admin, session.id, "start-recording");
    expect(await refusal(await sendChunk(admin, session.id, 0, RECORDING_FIXTURE), 507)).toBe(STORAGE_FULL);

    await answer(await deleteThroughApi(admin, old.id), 200, MessageSchema);

    await answer(await sendChunk(admin, session.id, 0, RECORDING_FIXTURE), 201, ReceiptSchema);
  });
});

describe("recordings that fail to finalise", () => {
  it("keep no file: the recording is listed as failed, size 0, and uses no storage", async () => {
    // Starts like WebM, then nothing a player could use.
    const broken = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(64 * 1024, 0x42)]);
    const failed = await recordAndStop(admin, "Nothing playable", broken);
    expect(failed).toMatchObject({ status: "failed", size: 0, fileUrl: null });
    const [row] = (await listed(admin)).filter((recording) => recording.id === failed.id);
    expect(row).toMatchObject({ status: "failed", size: 0 });
    const conferenceId = failed.conferenceId ?? 0;
    // Neither the file nor its upload's state is left to count against the storage.
    expect(fs.readdirSync(recordingsDir()).filter((name) => name.startsWith(`conference-${conferenceId}-`))).toEqual([]);
    // And it can be deleted.
    await answer(await deleteThroughApi(admin, failed.id), 200, MessageSchema);
  });
});

describe("the admin recordings page", () => {
  it("shows the storage used of the cap", async () => {
    await recordAndStop(admin, "Counted in storage");
    // Polled: a session ended by the story before may still be finalising, which changes its size a little.
    await expect
      .poll(async () => {
        const figure = `Storage: ${formatMegabytes(diskUsage())} of 1 MB`;
        return text(await (await admin.request("/admin/recordings")).text()).includes(figure);
      })
      .toBe(true);
    expect(formatMegabytes(diskUsage())).toMatch(/^0\.\d MB$/);
  });

  it("says so when the storage is full", async () => {
    const filler = await recordAndStop(admin, "Fills the storage");
    fs.appendFileSync(path.join(recordingsDir(), filler.recordingUrl ?? "missing"), Buffer.alloc(MB));
    try {
      const html = await (await admin.request("/admin/recordings")).text();
      expect(text(html)).toContain("Storage is full: new recordings are refused until you delete old ones.");
    } finally {
      await answer(await deleteThroughApi(admin, filler.id), 200, MessageSchema);
    }
  });

  it("deletes without JavaScript: the Delete link opens a confirmation whose form deletes", async () => {
    const recording = await recordAndStop(admin, "Deleted from the page");
    const listPage = await (await admin.request("/admin/recordings?q=Deleted%20from")).text();
    // Without JavaScript the card's Delete is a link to the confirmation, the search kept.
    expect(listPage).toContain(`href="/admin/recordings?q=Deleted+from&amp;delete=${recording.id}"`);
    const confirmation = await (await admin.request(`/admin/recordings?q=Deleted+from&delete=${recording.id}`)).text();
    expect(text(confirmation)).toContain("Delete this recording?");
    expect(text(confirmation)).toContain("its storage is freed at once");
    const form = /<form[^>]*method="post"[^>]*action="([^"]*)"[^>]*>[\s\S]*?<\/form>/.exec(confirmation);
    expect(form?.[0]).toContain(`name="recordingId" value="${recording.id}"`);
    expect(form?.[1]).toBe("/admin/recordings?q=Deleted+from");

    const landed = await landOn(await postForm(admin, "/admin/recordings?q=Deleted+from", { intent: "delete", recordingId: String(recording.id) }));
    expect(text(landed)).toContain("Recording deleted");
    expect((await listed(admin)).map((listedOne) => listedOne.id)).not.toContain(recording.id);
    expect(onDisk(recording)).toBe(false);
  });

  it("refuses members, and says why a recording cannot be deleted", async () => {
    const recording = await recordAndStop(admin, "Members cannot delete this");
    for (const member of [free, premium]) {
      // Sent back to their own pages, as from any admin page.
      const landed = await landOn(await postForm(member, "/admin/recordings", { intent: "delete", recordingId: String(recording.id) }), member);
      expect(text(landed)).toContain("Access Denied");
    }
    expect(onDisk(recording)).toBe(true);
    expect((await listed(admin)).map((listedOne) => listedOne.id)).toContain(recording.id);

    const session = await schedule(admin, { title: "Recording right now" });
    await transition(admin, session.id, "start");
    await transition(admin, session.id, "start-recording");
    const [running] = (await listed(admin)).filter((listedOne) => listedOne.conferenceId === session.id);
    const landed = await landOn(await postForm(admin, "/admin/recordings", { intent: "delete", recordingId: String(running?.id) }));
    expect(text(landed)).toContain(IN_PROGRESS);
    // A recording being made has no Delete.
    const card = [...landed.matchAll(/<article[^>]*data-testid="recording-card"[^>]*>[\s\S]*?<\/article>/g)].find(([chunk]) => chunk.includes("Recording right now"));
    expect(card?.[0]).toBeDefined();
    expect(card?.[0]).not.toContain("delete=");
  });
});

describe("at start", () => {
  it("removes the files of failed recordings and files no recording names, never those of a recording in progress", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-sweep-"));
    const first = await startAcademy({}, { dataDir });
    let ready: RecordingJson;
    let runningConferenceId: number;
    try {
      const host = await signedIn(first.baseUrl, TEST_ADMIN);
      ready = await recordAndStop(host, "Kept, it plays");
      // A session still recording when the server stops: its file stays.
      const session = await schedule(host, { title: "Recording across the restart" });
      await transition(host, session.id, "start");
      await transition(host, session.id, "start-recording");
      await answer(await sendChunk(host, session.id, 0, RECORDING_FIXTURE), 201, ReceiptSchema);
      runningConferenceId = session.id;
    } finally {
      await first.stop();
    }
    const dir = recordingsDir(dataDir);
    const running = fs.readdirSync(dir).find((name) => name.startsWith(`conference-${runningConferenceId}-`) && name.endsWith(".webm"));
    expect(running).toBeDefined();
    // Left by an older version: a failed recording that kept its file, and a file whose row is gone.
    const failedName = `conference-9001-${Date.now()}.webm`;
    const orphanName = `conference-9002-${Date.now()}.webm`;
    const notOurs = "notes.txt";
    for (const name of [failedName, orphanName, `${orphanName}.upload.json`, notOurs]) fs.writeFileSync(path.join(dir, name), "leftover");
    const database = await academyDatabase(first);
    try {
      await database.run(
        "insert into recordings (title, description, duration, recording_url, size_bytes, status, created_at) values (?, '', 1, ?, 0, 'failed', ?)",
        "Failed long ago",
        failedName,
        new Date(),
      );
    } finally {
      await database.close();
    }

    const second = await startAcademy({}, { dataDir });
    try {
      expect(fs.existsSync(path.join(dir, failedName))).toBe(false);
      expect(fs.existsSync(path.join(dir, orphanName))).toBe(false);
      expect(fs.existsSync(path.join(dir, `${orphanName}.upload.json`))).toBe(false);
      expect(fs.existsSync(path.join(dir, notOurs))).toBe(true);
      expect(onDisk(ready, dataDir)).toBe(true);
      expect(fs.existsSync(path.join(dir, running ?? "missing"))).toBe(true);
      expect(second.logs()).toContain("Removed the files of 2 failed or deleted recording(s)");
    } finally {
      await second.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
