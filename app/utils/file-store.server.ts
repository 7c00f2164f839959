import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { env } from "~/utils/env.server";

// Where uploaded files live (issue 44): on this machine's disk under UPLOADS_DIR
// (one server, the default), or in an S3-compatible bucket every server shares
// (S3_BUCKET). Keys are folder/name paths such as "images/abc.png"; callers
// never ask which store runs (docs/decisions/034-files-in-object-storage.md).

export interface StoredObject {
  key: string;
  size: number;
  modifiedAt: Date;
  /** The bucket's entity tag (an MD5 for files stored in one part); none on disk. */
  etag?: string;
}

/** Inclusive byte positions, as in a Range header. */
export interface ByteSpan {
  start: number;
  end: number;
}

export interface FileStore {
  readonly kind: "disk" | "s3";
  /** Stores the bytes under `key`, replacing what was there; readers see the old or the new file, never half. */
  put(key: string, body: Readable | Buffer, options?: { contentType?: string }): Promise<StoredObject>;
  /** Stores a local file (removed afterwards): on disk a rename, in a bucket a streamed multipart upload. */
  putFile(key: string, localPath: string, options?: { contentType?: string }): Promise<StoredObject>;
  /** The file's bytes, or one span of them; null when there is no such file. */
  read(key: string, span?: ByteSpan): Promise<Readable | null>;
  stat(key: string): Promise<StoredObject | null>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** Every file whose key starts with `prefix`. */
  list(prefix: string): Promise<StoredObject[]>;
  /** Throws when the store cannot be reached (the health check). */
  check(): Promise<void>;
  /** The file's path when it is on this machine's disk (no copy needed), else null. */
  localPath(key: string): string | null;
}

/** Files still being received start with this; sweeps remove stale ones. */
export const INCOMING_PREFIX = ".incoming-";

/** Refuses keys that could leave the store's folder or name odd objects. */
export function checkKey(key: string): string {
  if (!/^[\w.-]+(\/[\w.-]+)*$/.test(key) || key.split("/").some((part) => part === "." || part === "..")) {
    throw new Error(`not a file-store key: ${key}`);
  }
  return key;
}

export function diskFileStore(root: string): FileStore {
  const base = path.resolve(root);
  const fileOf = (key: string) => path.join(base, checkKey(key));
  const statOf = async (key: string): Promise<StoredObject | null> => {
    const stat = await fs.promises.stat(fileOf(key)).catch(() => null);
    return stat?.isFile() ? { key, size: stat.size, modifiedAt: stat.mtime } : null;
  };
  const incomingBeside = (file: string) => path.join(path.dirname(file), `${INCOMING_PREFIX}${crypto.randomBytes(8).toString("hex")}`);
  const store: FileStore = {
    kind: "disk",
    async put(key, body) {
      const file = fileOf(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      const temp = incomingBeside(file);
      try {
        await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, fs.createWriteStream(temp));
        await fs.promises.rename(temp, file);
      } catch (error) {
        await fs.promises.rm(temp, { force: true });
        throw error;
      }
      return (await statOf(key)) ?? { key, size: 0, modifiedAt: new Date() };
    },
    async putFile(key, localPath) {
      const file = fileOf(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      try {
        await fs.promises.rename(localPath, file);
      } catch (error) {
        // Another file system (EXDEV): copy, then drop the original.
        if (!(error instanceof Error && "code" in error && error.code === "EXDEV")) throw error;
        await store.put(key, fs.createReadStream(localPath));
        await fs.promises.rm(localPath, { force: true });
      }
      return (await statOf(key)) ?? { key, size: 0, modifiedAt: new Date() };
    },
    async read(key, span) {
      const file = fileOf(key);
      const handle = await fs.promises.open(file, "r").catch(() => null);
      if (!handle) return null;
      return handle.createReadStream(span ? { start: span.start, end: span.end } : {});
    },
    stat: statOf,
    async delete(key) {
      await fs.promises.rm(fileOf(key), { force: true });
    },
    async list(prefix) {
      const found: StoredObject[] = [];
      // The prefix's folder part is a directory; its last part filters names.
      const slash = prefix.lastIndexOf("/");
      const folder = slash >= 0 ? prefix.slice(0, slash) : "";
      const walk = async (relative: string) => {
        const entries = await fs.promises.readdir(path.join(base, relative), { withFileTypes: true }).catch(() => []);
        for (const entry of entries) {
          const key = relative ? `${relative}/${entry.name}` : entry.name;
          if (entry.isDirectory()) {
            if (prefix.startsWith(`${key}/`) || key.startsWith(prefix)) await walk(key);
          } else if (entry.isFile() && key.startsWith(prefix)) {
            const stat = await statOf(key).catch(() => null);
            if (stat) found.push(stat);
          }
        }
      };
      await walk(folder);
      return found.sort((a, b) => a.key.localeCompare(b.key));
    },
    async check() {
      await fs.promises.mkdir(base, { recursive: true });
    },
    localPath: (key) => fileOf(key),
  };
  return store;
}

/** Multipart part size: files larger than this go up in parts (and their ETag is a hash of the parts' hashes). */
export const S3_PART_BYTES = 8 * 1024 * 1024;

export interface S3Settings {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

function isNotFound(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === "NotFound" || error.name === "NoSuchKey");
}

/** A bucket through the AWS SDK; files stream in (multipart past 8 MB) and out, never whole in memory. */
export function s3FileStore(settings: S3Settings): FileStore {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
    // Checksums only where S3 requires them: self-hosted servers (MinIO's older
    // releases, s3rver) do not all understand the SDK's newer default trailers.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = settings.bucket;
  const stat = async (key: string): Promise<StoredObject | null> => {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: checkKey(key) }));
      return { key, size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0), etag: head.ETag?.replace(/"/g, "") };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  };
  const store: FileStore = {
    kind: "s3",
    async put(key, body, options) {
      const upload = new Upload({
        client,
        params: { Bucket, Key: checkKey(key), Body: body, ContentType: options?.contentType },
        partSize: S3_PART_BYTES,
        queueSize: 2,
      });
      await upload.done();
      return (await stat(key)) ?? { key, size: 0, modifiedAt: new Date() };
    },
    async putFile(key, localPath, options) {
      const stored = await store.put(key, fs.createReadStream(localPath), options);
      await fs.promises.rm(localPath, { force: true });
      return stored;
    },
    async read(key, span) {
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket, Key: checkKey(key), Range: span ? `bytes=${span.start}-${span.end}` : undefined }),
        );
        const body = answer.Body;
        // On Node the SDK's body is the HTTP response, a Readable.
        if (body instanceof Readable) return body;
        if (!body) return Readable.from([]);
        return Readable.from([Buffer.from(await body.transformToByteArray())]);
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    stat,
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },
    async list(prefix) {
      const found: StoredObject[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
        for (const item of page.Contents ?? []) {
          if (item.Key) found.push({ key: item.Key, size: item.Size ?? 0, modifiedAt: item.LastModified ?? new Date(0), etag: item.ETag?.replace(/"/g, "") });
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return found;
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    localPath: () => null,
  };
  return store;
}

/** The store the configuration names: the bucket when S3_BUCKET is set, else UPLOADS_DIR. */
export const fileStore: FileStore = env.S3_BUCKET
  ? s3FileStore({
      bucket: env.S3_BUCKET,
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
    })
  : diskFileStore(env.UPLOADS_DIR);

/** The whole file as bytes (small files only: captions, template text), or null. */
export async function readStoredBytes(store: FileStore, key: string): Promise<Buffer | null> {
  const stream = await store.read(key);
  if (!stream) return null;
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part));
  return Buffer.concat(parts);
}

/**
 * A path on this machine holding the file, for tools that need one (ffmpeg,
 * the WebM rewrite): the file itself on disk, else a temporary copy that
 * `release` removes. Null when there is no such file.
 */
export async function localCopy(store: FileStore, key: string): Promise<{ path: string; release: () => Promise<void> } | null> {
  const local = store.localPath(key);
  if (local) return fs.existsSync(local) ? { path: local, release: async () => undefined } : null;
  const stream = await store.read(key);
  if (!stream) return null;
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "academy-file-"));
  const file = path.join(dir, path.basename(key));
  await pipeline(stream, fs.createWriteStream(file));
  return { path: file, release: () => fs.promises.rm(dir, { recursive: true, force: true }) };
}

// The health check asks the bucket at most this often; between asks it repeats the last answer.
const CHECK_TTL_MS = 5_000;
let lastCheck: { at: number; ok: Promise<boolean> } | null = null;

/** Whether the store answered lately (HeadBucket at most every 5 s per process). */
export function fileStoreReachable(store: FileStore = fileStore, now = Date.now()): Promise<boolean> {
  if (lastCheck && now - lastCheck.at < CHECK_TTL_MS) return lastCheck.ok;
  const ok = store.check().then(
    () => true,
    () => false,
  );
  lastCheck = { at: now, ok };
  return ok;
}
