import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { s3FileStore } from "~/utils/file-store.server";
import { inspectWebm } from "~/utils/webm.server";
import { startAcademy, type AcademyProcess } from "../../scripts/academy-process";
import { startLocalS3, type LocalS3 } from "../s3-server";
import { freshPostgresDatabase } from "../postgres/database";
import { answer, RECORDING_FIXTURE, RecordingJsonSchema, schedule, sendChunk, transition } from "./conference-api";
import { DEMO_PREMIUM, TEST_ADMIN, Visitor } from "./helpers";

// Issue 44: with S3_BUCKET, two academies that share a database and a bucket
// (and nothing on disk) serve each other's uploads, byte ranges included, and
// assemble a recording whose chunks reached both.

let s3: LocalS3;
let one: AcademyProcess;
let two: AcademyProcess;
let dropDatabase: (() => Promise<void>) | undefined;

beforeAll(async () => {
  s3 = await startLocalS3("academy-files");
  // The same database: a fresh PostgreSQL one when this run has a server, else the first academy's SQLite file.
  if (process.env.ACADEMY_TEST_POSTGRES) {
    const database = await freshPostgresDatabase({ migrated: true });
    dropDatabase = database.drop;
    // Two instances on one PostgreSQL database: live media outside them (the embedded SFU keeps an instance alone).
    const media = { MEDIA_BACKEND: "livekit", LIVEKIT_URL: "ws://127.0.0.1:9", LIVEKIT_API_KEY: "test-key", LIVEKIT_API_SECRET: "test-secret-test-secret-test-secret" };
    one = await startAcademy({ ...s3.env, ...media, DATABASE_URL: database.url });
    two = await startAcademy({ ...s3.env, ...media, DATABASE_URL: database.url });
  } else {
    one = await startAcademy(s3.env);
    two = await startAcademy({ ...s3.env, DATABASE_PATH: path.join(one.dataDir, "academy.db") });
  }
}, 120_000);

afterAll(async () => {
  await two?.stop();
  await one?.stop();
  await dropDatabase?.();
  await s3?.stop();
});

const bucket = () => s3FileStore({ bucket: s3.bucket, endpoint: s3.endpoint, region: "us-east-1", accessKeyId: "S3RVER", secretAccessKey: "S3RVER", forcePathStyle: true });

async function signedIn(academy: AcademyProcess, who: { username: string; password: string }): Promise<Visitor> {
  const visitor = new Visitor(academy.baseUrl);
  expect((await visitor.login(who.username, who.password)).status).toBe(200);
  return visitor;
}

function formWith(field: string, bytes: Buffer, name: string, type: string): FormData {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
}

/** Nothing but partial uploads may be on an academy's own disk when the bucket holds the files. */
function filesOnDisk(academy: AcademyProcess, folder: string): string[] {
  const dir = path.join(academy.dataDir, "uploads", folder);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f0a0c50000000049454e44ae426082",
  "hex",
);

describe("uploads in the bucket", () => {
  it("an image uploaded through one academy is served by the other, whole and in byte ranges", async () => {
    const admin = await signedIn(one, TEST_ADMIN);
    const uploaded = await admin.request("/api/upload-image", { method: "POST", body: formWith("image", PNG, "moon.png", "image/png") });
    expect(uploaded.status).toBe(201);
    const { imageUrl } = z.object({ imageUrl: z.string() }).parse(await uploaded.json());
    expect(filesOnDisk(one, "images")).toEqual([]);
    expect(await bucket().stat(imageUrl.replace(/^\/uploads\//, ""))).toMatchObject({ size: PNG.length });

    const whole = await fetch(`${two.baseUrl}${imageUrl}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("Content-Type")).toBe("image/png");
    expect(Buffer.from(await whole.arrayBuffer()).equals(PNG)).toBe(true);
    const part = await fetch(`${two.baseUrl}${imageUrl}`, { headers: { Range: "bytes=8-15" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("Content-Range")).toBe(`bytes 8-15/${PNG.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(PNG.subarray(8, 16))).toBe(true);
    expect((await fetch(`${two.baseUrl}${imageUrl}`, { headers: { Range: `bytes=${PNG.length}-` } })).status).toBe(416);
    expect((await fetch(`${two.baseUrl}/uploads/images/missing.png`)).status).toBe(404);
    expect((await fetch(`${two.baseUrl}/uploads/templates/session-rate-calculator.txt`)).status).toBe(404);
  });

  it("a lesson video seeks: the other academy answers 206 with the range asked for", async () => {
    const admin = await signedIn(one, TEST_ADMIN);
    const uploaded = await admin.request("/api/upload-video", { method: "POST", body: formWith("video", RECORDING_FIXTURE, "talk.webm", "video/webm") });
    expect(uploaded.status).toBe(201);
    const { videoUrl } = z.object({ videoUrl: z.string() }).parse(await uploaded.json());
    const size = RECORDING_FIXTURE.length;
    const seek = await fetch(`${two.baseUrl}${videoUrl}`, { headers: { Range: "bytes=1000-" } });
    expect(seek.status).toBe(206);
    expect(seek.headers.get("Accept-Ranges")).toBe("bytes");
    expect(seek.headers.get("Content-Range")).toBe(`bytes 1000-${size - 1}/${size}`);
    expect(Buffer.from(await seek.arrayBuffer()).equals(RECORDING_FIXTURE.subarray(1000))).toBe(true);
    expect(filesOnDisk(one, "videos")).toEqual([]);
  });

  it("a template file goes through the download link on either academy, and leaves the bucket with its template", async () => {
    const adminOne = await signedIn(one, TEST_ADMIN);
    const pdf = Buffer.from("%PDF-1.4\n% a tiny test document with enough bytes\n%%EOF\n");
    const uploaded = await adminOne.request("/api/upload", { method: "POST", body: formWith("file", pdf, "plan.pdf", "application/pdf") });
    expect(uploaded.status).toBe(201);
    const { fileUrl } = z.object({ fileUrl: z.string() }).parse(await uploaded.json());
    const adminTwo = await signedIn(two, TEST_ADMIN);
    const created = await adminTwo.request("/api/admin/tools-templates", {
      method: "POST",
      json: { title: "Bucket Plan", description: "Stored in the bucket", category: "templates", fileUrl, fileName: "plan.pdf", fileType: "application/pdf" },
    });
    expect(created.status).toBe(201);
    const { id } = z.object({ id: z.number() }).parse(await created.json());

    const member = await signedIn(one, DEMO_PREMIUM);
    const link = await member.request(`/api/tools-templates/${id}/download`, { method: "POST" });
    const { downloadUrl } = z.object({ downloadUrl: z.string() }).parse(await link.json());
    // The same member, signed in on the other academy, redeems it there.
    const memberOnTwo = await signedIn(two, DEMO_PREMIUM);
    const file = await memberOnTwo.request(downloadUrl);
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Disposition")).toContain("plan.pdf");
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);

    const key = fileUrl.replace(/^\/uploads\//, "");
    expect(await bucket().stat(key)).not.toBeNull();
    expect((await adminOne.request(`/api/admin/tools-templates/${id}`, { method: "DELETE" })).status).toBeLessThan(300);
    expect(await bucket().stat(key)).toBeNull();
  });
});

describe("a recording whose chunks reach both academies", () => {
  it("is assembled in order, finalised seekable, and served with byte ranges", async () => {
    const hostOnOne = await signedIn(one, TEST_ADMIN);
    const hostOnTwo = await signedIn(two, TEST_ADMIN);
    const session = await schedule(hostOnOne, { title: "Across two servers" });
    await transition(hostOnOne, session.id, "start");
    await transition(hostOnTwo, session.id, "start-recording");

    const parts = 6;
    const size = Math.ceil(RECORDING_FIXTURE.length / parts);
    const chunks = Array.from({ length: parts }, (_, index) => RECORDING_FIXTURE.subarray(index * size, (index + 1) * size));
    for (const [seq, chunk] of chunks.entries()) {
      const host = seq % 2 === 0 ? hostOnOne : hostOnTwo;
      expect((await sendChunk(host, session.id, seq, chunk)).status).toBe(201);
    }
    // A retry of chunk 2 reaching the other academy is acknowledged without being stored twice.
    expect((await sendChunk(hostOnTwo, session.id, 2, chunks[2] ?? Buffer.alloc(0))).status).toBe(200);
    expect(filesOnDisk(one, "recordings").filter((name) => !name.startsWith(".incoming-"))).toEqual([]);
    expect(filesOnDisk(two, "recordings").filter((name) => !name.startsWith(".incoming-"))).toEqual([]);

    const stopped = await answer(await hostOnTwo.request(`/api/conferences/${session.id}/stop-recording`, { method: "POST" }), 201, RecordingJsonSchema);
    expect(stopped.status).toBe("ready");
    const served = await hostOnOne.request(stopped.fileUrl ?? "/missing");
    expect(served.status).toBe(200);
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.length).toBe(stopped.size);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "academy-bucket-recording-")), "served.webm");
    fs.writeFileSync(file, bytes);
    const info = await inspectWebm(file);
    expect(info.segmentSizeKnown).toBe(true);
    expect(info.cuePoints).toBeGreaterThanOrEqual(1);
    expect(info.durationMs ?? 0).toBeGreaterThan(2500);
    fs.rmSync(path.dirname(file), { recursive: true, force: true });

    const range = await hostOnTwo.request(stopped.fileUrl ?? "/missing", { headers: { Range: "bytes=0-99" } });
    expect(range.status).toBe(206);
    expect(range.headers.get("Content-Range")).toBe(`bytes 0-99/${stopped.size}`);
    expect(Buffer.from(await range.arrayBuffer()).equals(bytes.subarray(0, 100))).toBe(true);
    // The chunks are gone from the bucket once the recording is stored whole.
    expect((await bucket().list("recordings/")).map((object) => object.key)).toEqual([`recordings/${stopped.recordingUrl}`]);

    expect((await hostOnOne.request(`/api/recordings/${stopped.id}`, { method: "DELETE" })).status).toBeLessThan(300);
    expect(await bucket().list("recordings/")).toEqual([]);
  });
});

describe("health", () => {
  it("answers 503 once the bucket cannot be reached, and so does an upload", async () => {
    expect((await fetch(`${one.baseUrl}/healthz`)).status).toBe(200);
    const admin = await signedIn(one, TEST_ADMIN);
    await s3.stop();
    const refused = await admin.request("/api/upload-image", { method: "POST", body: formWith("image", PNG, "moon.png", "image/png") });
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({ message: "The file could not be stored just now; please try again in a moment" });
    expect(filesOnDisk(one, "images")).toEqual([]);
    // Each academy process asks the bucket at most every 5 s: within that, every one notices.
    const health = async () => {
      const response = await fetch(`${one.baseUrl}/healthz`);
      return `${response.status} ${z.object({ status: z.string() }).parse(await response.json()).status}`;
    };
    await expect.poll(health, { timeout: 15_000, interval: 500 }).toBe("503 file store unavailable");
  });
});
