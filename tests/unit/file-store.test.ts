import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diskFileStore, readStoredBytes, s3FileStore, type FileStore } from "~/utils/file-store.server";
import { startLocalS3, type LocalS3 } from "../s3-server";

// One contract, two stores: whatever the academy does with files must behave
// the same on disk and in a bucket.

async function text(stream: Readable | null): Promise<string | null> {
  if (!stream) return null;
  let all = "";
  for await (const part of stream) all += Buffer.from(part).toString("utf8");
  return all;
}

let s3: LocalS3;
const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-store-"));

beforeAll(async () => {
  s3 = await startLocalS3("contract");
});
afterAll(async () => {
  await s3.stop();
  fs.rmSync(tempDir, { recursive: true, force: true });
});

const stores: Array<[string, () => FileStore]> = [
  ["disk", () => diskFileStore(path.join(tempDir, "uploads"))],
  [
    "s3",
    () =>
      s3FileStore({ bucket: s3.bucket, endpoint: s3.endpoint, region: "us-east-1", accessKeyId: "S3RVER", secretAccessKey: "S3RVER", forcePathStyle: true }),
  ],
];

describe.each(stores)("the %s file store", (_name, makeStore) => {
  it("stores a buffer and a stream, and reads them back whole or in one byte span", async () => {
    const store = makeStore();
    const stored = await store.put("images/a.txt", Buffer.from("hello, world"), { contentType: "text/plain" });
    expect(stored.size).toBe(12);
    await store.put("videos/b.txt", Readable.from([Buffer.from("0123"), Buffer.from("456789")]));
    expect(await text(await store.read("images/a.txt"))).toBe("hello, world");
    expect(await text(await store.read("videos/b.txt", { start: 2, end: 5 }))).toBe("2345");
    expect(await text(await store.read("videos/b.txt", { start: 9, end: 9 }))).toBe("9");
    const stat = await store.stat("videos/b.txt");
    expect(stat?.size).toBe(10);
    expect(stat?.modifiedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it("streams a large file in and out unchanged (multipart in a bucket)", async () => {
    const store = makeStore();
    const big = Buffer.alloc(9 * 1024 * 1024 + 123);
    for (let i = 0; i < big.length; i += 4096) big[i] = i % 251;
    await store.put("videos/big.bin", Readable.from([big.subarray(0, 5_000_000), big.subarray(5_000_000)]));
    expect((await store.stat("videos/big.bin"))?.size).toBe(big.length);
    expect((await readStoredBytes(store, "videos/big.bin"))?.equals(big)).toBe(true);
    const tail = await readStoredBytes(store, "videos/big.bin");
    expect(tail?.subarray(big.length - 10).equals(big.subarray(big.length - 10))).toBe(true);
    await store.delete("videos/big.bin");
  });

  it("moves a local file in and removes the local copy", async () => {
    const store = makeStore();
    const local = path.join(tempDir, `local-${store.kind}.txt`);
    fs.writeFileSync(local, "moved");
    expect((await store.putFile("templates/moved.txt", local)).size).toBe(5);
    expect(fs.existsSync(local)).toBe(false);
    expect((await readStoredBytes(store, "templates/moved.txt"))?.toString()).toBe("moved");
  });

  it("answers null for a missing file and deletes without complaint", async () => {
    const store = makeStore();
    expect(await store.read("images/none.png")).toBeNull();
    expect(await store.stat("images/none.png")).toBeNull();
    await store.put("images/gone.txt", Buffer.from("x"));
    await store.delete("images/gone.txt");
    await store.delete("images/gone.txt");
    expect(await store.stat("images/gone.txt")).toBeNull();
  });

  it("lists by prefix, across folders and within one", async () => {
    const store = makeStore();
    await store.put("recordings/conference-1-1.webm.chunks/000000", Buffer.from("a"));
    await store.put("recordings/conference-1-1.webm.chunks/000001", Buffer.from("bc"));
    await store.put("recordings/conference-2-1.webm", Buffer.from("def"));
    const chunks = await store.list("recordings/conference-1-1.webm.chunks/");
    expect(chunks.map((item) => [item.key, item.size])).toEqual([
      ["recordings/conference-1-1.webm.chunks/000000", 1],
      ["recordings/conference-1-1.webm.chunks/000001", 2],
    ]);
    const all = (await store.list("recordings/")).map((item) => item.key).sort();
    expect(all).toEqual([
      "recordings/conference-1-1.webm.chunks/000000",
      "recordings/conference-1-1.webm.chunks/000001",
      "recordings/conference-2-1.webm",
    ]);
    expect((await store.list("recordings/conference-2")).map((item) => item.key)).toEqual(["recordings/conference-2-1.webm"]);
    expect(await store.list("nothing/")).toEqual([]);
  });

  it("refuses keys that climb out of the store", async () => {
    const store = makeStore();
    await expect(store.put("../escape.txt", Buffer.from("x"))).rejects.toThrow(/not a file-store key/);
    await expect(store.stat("images/../../etc/passwd")).rejects.toThrow(/not a file-store key/);
  });

  it("is reachable, and a bucket that is not there is not", async () => {
    const store = makeStore();
    await expect(store.check()).resolves.toBeUndefined();
    if (store.kind === "s3") {
      const missing = s3FileStore({ bucket: "no-such-bucket", endpoint: s3.endpoint, region: "us-east-1", accessKeyId: "S3RVER", secretAccessKey: "S3RVER", forcePathStyle: true });
      await expect(missing.check()).rejects.toThrow();
    }
  });
});
