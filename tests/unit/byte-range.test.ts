import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { fileResponse, parseByteRange } from "~/utils/byte-range.server";
import { diskFileStore } from "~/utils/file-store.server";

describe("reading a Range header (RFC 9110 §14)", () => {
  const size = 1000;

  it("serves the whole file without a usable single range", () => {
    for (const header of [null, undefined, "", "bytes=", "items=0-10", "bytes=abc", "bytes=5-2", "bytes=--5", "bytes=1-2-3", "bytes=0-10,20-30", "bytes 0-10"]) {
      expect(parseByteRange(header, size), String(header)).toEqual({ kind: "whole" });
    }
  });

  it("reads first-last, open-ended and suffix ranges", () => {
    expect(parseByteRange("bytes=0-0", size)).toEqual({ kind: "partial", start: 0, end: 0 });
    expect(parseByteRange("bytes=0-99", size)).toEqual({ kind: "partial", start: 0, end: 99 });
    expect(parseByteRange("bytes=500-", size)).toEqual({ kind: "partial", start: 500, end: 999 });
    expect(parseByteRange("bytes=-100", size)).toEqual({ kind: "partial", start: 900, end: 999 });
    expect(parseByteRange(" BYTES = 10 - 19 ", size)).toEqual({ kind: "partial", start: 10, end: 19 });
    expect(parseByteRange("bytes=10-19,", size)).toEqual({ kind: "partial", start: 10, end: 19 });
  });

  it("clamps a range that runs past the end, and a suffix longer than the file", () => {
    expect(parseByteRange("bytes=900-5000", size)).toEqual({ kind: "partial", start: 900, end: 999 });
    expect(parseByteRange("bytes=0-99999999999999999999999", size)).toEqual({ kind: "partial", start: 0, end: 999 });
    expect(parseByteRange("bytes=-5000", size)).toEqual({ kind: "partial", start: 0, end: 999 });
  });

  it("is unsatisfiable when the range starts past the end, or asks for no bytes", () => {
    expect(parseByteRange("bytes=1000-", size)).toEqual({ kind: "unsatisfiable" });
    expect(parseByteRange("bytes=1000-1001", size)).toEqual({ kind: "unsatisfiable" });
    expect(parseByteRange("bytes=99999999999999999999-", size)).toEqual({ kind: "unsatisfiable" });
    expect(parseByteRange("bytes=-0", size)).toEqual({ kind: "unsatisfiable" });
    expect(parseByteRange("bytes=0-", 0)).toEqual({ kind: "unsatisfiable" });
    expect(parseByteRange("bytes=-5", 0)).toEqual({ kind: "unsatisfiable" });
  });
});

describe("serving a file with ranges", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "byte-range-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const content = Buffer.from(Array.from({ length: 256 }, (_, index) => index));
  const filePath = path.join(dir, "sample.webm");
  fs.writeFileSync(filePath, content);
  const modifiedAt = new Date("2026-03-01T10:00:00.250Z");
  const file = { key: "sample.webm", store: diskFileStore(dir), size: content.length, contentType: "video/webm", modifiedAt, headers: { "Cache-Control": "private, no-store" } };
  const get = (headers: Record<string, string> = {}, method = "GET") => fileResponse(new Request("http://x.example/f", { method, headers }), file);

  it("sends the whole file with its length, type and Accept-Ranges", async () => {
    const response = await get();
    expect(response.status).toBe(200);
    expect(response.headers.get("Accept-Ranges")).toBe("bytes");
    expect(response.headers.get("Content-Type")).toBe("video/webm");
    expect(response.headers.get("Content-Length")).toBe("256");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("Last-Modified")).toBe("Sun, 01 Mar 2026 10:00:00 GMT");
    expect(response.headers.has("Content-Range")).toBe(false);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(content);
  });

  it("sends one range as 206 with Content-Range and exactly those bytes", async () => {
    const response = await get({ Range: "bytes=10-19" });
    expect(response.status).toBe(206);
    expect(response.headers.get("Content-Range")).toBe("bytes 10-19/256");
    expect(response.headers.get("Content-Length")).toBe("10");
    expect(Buffer.from(await response.arrayBuffer())).toEqual(content.subarray(10, 20));

    const tail = await get({ Range: "bytes=-6" });
    expect(tail.headers.get("Content-Range")).toBe("bytes 250-255/256");
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(content.subarray(250));
  });

  it("answers 416 with the size for a range outside the file", async () => {
    const response = await get({ Range: "bytes=256-" });
    expect(response.status).toBe(416);
    expect(response.headers.get("Content-Range")).toBe("bytes */256");
    expect(response.headers.get("Content-Type")).toContain("application/json");
    expect(await response.json()).toEqual({ message: "Requested range not satisfiable" });
  });

  it("answers HEAD with the headers and no body", async () => {
    const whole = await get({}, "HEAD");
    expect(whole.status).toBe(200);
    expect(whole.headers.get("Content-Length")).toBe("256");
    expect(whole.body).toBeNull();
    const part = await get({ Range: "bytes=0-1" }, "HEAD");
    expect(part.status).toBe(206);
    expect(part.headers.get("Content-Range")).toBe("bytes 0-1/256");
    expect(part.body).toBeNull();
  });

  it("honours If-Range only with the file's own Last-Modified date", async () => {
    const same = await get({ Range: "bytes=0-1", "If-Range": "Sun, 01 Mar 2026 10:00:00 GMT" });
    expect(same.status).toBe(206);
    const changed = await get({ Range: "bytes=0-1", "If-Range": "Sat, 28 Feb 2026 10:00:00 GMT" });
    expect(changed.status).toBe(200);
    expect(Buffer.from(await changed.arrayBuffer())).toEqual(content);
    expect((await get({ Range: "bytes=0-1", "If-Range": '"some-etag"' })).status).toBe(200);
  });
});
