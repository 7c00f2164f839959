/**
 * `npm run uploads:copy -- <uploads dir>`: copies an academy's UPLOADS_DIR into the bucket
 * the configuration names (S3_BUCKET, S3_ENDPOINT … as the academy reads them), the
 * sibling of `npm run db:copy` when an academy moves to several servers (issue 44).
 *
 * Every file keeps its key (images/…, videos/…, templates/…, recordings/…). A file the
 * bucket already holds with the same size and content hash (its ETag) is skipped, so the
 * copy can be run again after an interruption. Partial uploads (.incoming-…) and the
 * state of recordings still being made on disk (….upload.json) are left out: finish or
 * stop those recordings before moving. Prints what it copied, skipped and left out.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { env } from "~/utils/env.server";
import { fileStore, S3_PART_BYTES, type FileStore } from "~/utils/file-store.server";

export interface CopyCounts {
  copied: number;
  skipped: number;
  leftOut: number;
  bytes: number;
}

/** Every file under `dir`, as keys with "/" between folders. */
function filesUnder(dir: string, prefix = ""): string[] {
  const keys: string[] = [];
  for (const entry of fs.readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const key = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) keys.push(...filesUnder(dir, key));
    else if (entry.isFile()) keys.push(key);
  }
  return keys.sort();
}

/**
 * The ETags a bucket may give the file as this store uploads it: its MD5 (one part,
 * and what some self-hosted servers answer for multipart too), and past one part
 * S3's MD5 of the parts' MD5s with "-parts".
 */
async function expectedEtags(file: string, size: number): Promise<string[]> {
  const partHashes: Buffer[] = [];
  const whole = crypto.createHash("md5");
  let part = crypto.createHash("md5");
  let inPart = 0;
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 1024 * 1024 })) {
    let bytes = Buffer.from(chunk);
    whole.update(bytes);
    while (bytes.length > 0) {
      const take = Math.min(bytes.length, S3_PART_BYTES - inPart);
      part.update(bytes.subarray(0, take));
      inPart += take;
      bytes = bytes.subarray(take);
      if (inPart === S3_PART_BYTES) {
        partHashes.push(part.digest());
        part = crypto.createHash("md5");
        inPart = 0;
      }
    }
  }
  const md5 = whole.digest("hex");
  if (size <= S3_PART_BYTES) return [md5];
  if (inPart > 0) partHashes.push(part.digest());
  return [md5, `${crypto.createHash("md5").update(Buffer.concat(partHashes)).digest("hex")}-${partHashes.length}`];
}

const LEFT_OUT = (key: string) => path.basename(key).startsWith(".") || key.endsWith(".upload.json");

export async function copyUploads(dir: string, store: FileStore, log: (line: string) => void = () => undefined): Promise<CopyCounts> {
  const counts: CopyCounts = { copied: 0, skipped: 0, leftOut: 0, bytes: 0 };
  for (const key of filesUnder(dir)) {
    if (LEFT_OUT(key)) {
      counts.leftOut += 1;
      continue;
    }
    const file = path.join(dir, key);
    const size = fs.statSync(file).size;
    const there = await store.stat(key);
    if (there && there.size === size && (there.etag === undefined || (await expectedEtags(file, size)).includes(there.etag))) {
      counts.skipped += 1;
      continue;
    }
    await store.put(key, fs.createReadStream(file));
    counts.copied += 1;
    counts.bytes += size;
    log(`copied ${key} (${size} bytes)`);
  }
  return counts;
}

async function main(): Promise<void> {
  const dir = process.argv[2];
  if (!dir || !fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) {
    console.error("Usage: npm run uploads:copy -- <uploads dir>   (with S3_BUCKET and the other S3_ variables set)");
    process.exit(2);
  }
  if (!env.S3_BUCKET || fileStore.kind !== "s3") {
    console.error("Set S3_BUCKET (and S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE as needed) to name the bucket to copy into.");
    process.exit(2);
  }
  try {
    await fileStore.check();
  } catch (error) {
    console.error(`The bucket ${env.S3_BUCKET} cannot be reached: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  const counts = await copyUploads(path.resolve(dir), fileStore);
  console.log(
    `Copied ${counts.copied} files (${counts.bytes} bytes) into ${env.S3_BUCKET}; ${counts.skipped} were there already, identical; ${counts.leftOut} left out (partial uploads, recordings still being made).`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
