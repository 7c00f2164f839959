import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readStoredBytes, s3FileStore } from "~/utils/file-store.server";
import { startLocalS3, type LocalS3 } from "../s3-server";

// `npm run uploads:copy -- <dir>` moves an UPLOADS_DIR into the configured bucket
// (issue 44); run again, it copies only what changed.

const ROOT = path.resolve(import.meta.dirname, "../..");
let s3: LocalS3;
const work = fs.mkdtempSync(path.join(os.tmpdir(), "academy-uploads-copy-"));
const uploads = path.join(work, "uploads");

beforeAll(async () => {
  s3 = await startLocalS3("academy-copy");
});
afterAll(async () => {
  await s3.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

async function copy(dir: string, env: Record<string, string>): Promise<{ code: number; out: string }> {
  try {
    const run = await promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/uploads-copy.ts", dir], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_PATH: path.join(work, "academy.db"), SESSION_SECRET: "uploads-copy-secret-0123456789abcdef", LOG_LEVEL: "warn", ...env },
    });
    return { code: 0, out: run.stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, out: `${failed.stdout ?? ""}${failed.stderr ?? ""}` };
  }
}

function write(key: string, bytes: Buffer | string) {
  fs.mkdirSync(path.dirname(path.join(uploads, key)), { recursive: true });
  fs.writeFileSync(path.join(uploads, key), bytes);
}

describe("uploads:copy", () => {
  it("copies every file into the bucket under its key, skips identical ones the next time, and leaves partial uploads out", async () => {
    const big = Buffer.alloc(9 * 1024 * 1024, 7); // past one multipart part
    write("images/a.png", "not really a png, but bytes");
    write("videos/big.webm", big);
    write("templates/plan.txt", "Plan the week.");
    write("recordings/conference-1-1700000000000.webm", "recorded");
    write("images/.incoming-0123abcd", "half an upload");
    write("recordings/conference-2-1700000000000.webm.upload.json", '{"nextSeq":1,"size":3}');

    const first = await copy(uploads, s3.env);
    expect(first.code, first.out).toBe(0);
    expect(first.out).toContain(`Copied 4 files (${27 + big.length + 14 + 8} bytes) into academy-copy; 0 were there already, identical; 2 left out`);
    const bucket = s3FileStore({ bucket: s3.bucket, endpoint: s3.endpoint, region: "us-east-1", accessKeyId: "S3RVER", secretAccessKey: "S3RVER", forcePathStyle: true });
    expect((await bucket.list("")).map((object) => object.key).sort()).toEqual([
      "images/a.png",
      "recordings/conference-1-1700000000000.webm",
      "templates/plan.txt",
      "videos/big.webm",
    ]);
    expect((await readStoredBytes(bucket, "videos/big.webm"))?.equals(big)).toBe(true);

    write("templates/plan.txt", "Plan the month.");
    const again = await copy(uploads, s3.env);
    expect(again.out).toContain("Copied 1 files (15 bytes) into academy-copy; 3 were there already, identical; 2 left out");
    expect((await readStoredBytes(bucket, "templates/plan.txt"))?.toString()).toBe("Plan the month.");
  });

  it("refuses to run without a bucket, or with a folder that is not there", async () => {
    const noBucket = await copy(uploads, {});
    expect(noBucket.code).toBe(2);
    expect(noBucket.out).toContain("Set S3_BUCKET");
    const noFolder = await copy(path.join(work, "nowhere"), s3.env);
    expect(noFolder.code).toBe(2);
    expect(noFolder.out).toContain("Usage: npm run uploads:copy");
  });
});
