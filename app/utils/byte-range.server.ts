import { createReadableStreamFromReadable } from "@remix-run/node";
import { apiError } from "~/utils/api.server";
import { fileStore, type FileStore } from "~/utils/file-store.server";

// Range requests (RFC 9110 §14) for files the app serves itself, so a video
// player can seek and a download can resume. One range per request: a list
// of ranges is allowed to be answered with the whole file, and that is what
// we do rather than build multipart/byteranges bodies.

export type ByteRange =
  /** No usable Range header (absent, another unit, malformed, several ranges): send it all. */
  | { kind: "whole" }
  /** Inclusive byte positions, both inside the file. */
  | { kind: "partial"; start: number; end: number }
  /** A well-formed range that misses the file: 416. */
  | { kind: "unsatisfiable" };

const WHOLE: ByteRange = { kind: "whole" };
const UNSATISFIABLE: ByteRange = { kind: "unsatisfiable" };

/** A decimal position; anything longer than a safe integer is past any file we hold. */
function position(digits: string): number {
  return digits.length > 15 ? Number.MAX_SAFE_INTEGER : Number(digits);
}

/** The single byte range a `Range` header asks of a file of `size` bytes. */
export function parseByteRange(header: string | null | undefined, size: number): ByteRange {
  if (!header) return WHOLE;
  const match = /^\s*bytes\s*=\s*(.*)$/i.exec(header);
  if (!match?.[1]) return WHOLE;
  const specs = match[1].split(",").map((spec) => spec.trim()).filter(Boolean);
  if (specs.length !== 1 || !specs[0]) return WHOLE;
  const spec = /^(\d*)\s*-\s*(\d*)$/.exec(specs[0]);
  if (!spec) return WHOLE;
  const [, first = "", last = ""] = spec;
  if (first === "") {
    // `-N`: the last N bytes (the whole file when it is shorter).
    if (last === "") return WHOLE;
    const suffix = position(last);
    if (suffix === 0 || size === 0) return UNSATISFIABLE;
    return { kind: "partial", start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = position(first);
  const end = last === "" ? Number.MAX_SAFE_INTEGER : position(last);
  if (end < start) return WHOLE; // invalid, so ignored (RFC 9110 §14.1.1)
  if (start >= size) return UNSATISFIABLE;
  return { kind: "partial", start, end: Math.min(end, size - 1) };
}

export interface ServedFile {
  /** The file's key in the file store (disk or bucket). */
  key: string;
  /** Defaults to the configured store. */
  store?: FileStore;
  size: number;
  contentType: string;
  modifiedAt: Date;
  /** Extra headers for every answer (Cache-Control, Content-Disposition …). */
  headers?: Record<string, string>;
}

/**
 * Answers GET or HEAD for a stored file: 200 with the whole file, 206 with
 * one range, or 416 for a range outside it. The body is streamed from the
 * store (only the range asked for is fetched from a bucket), never read whole. `If-Range` with anything but our Last-Modified date gets
 * the whole file, as the RFC asks.
 */
export async function fileResponse(request: Request, file: ServedFile): Promise<Response> {
  const lastModified = new Date(Math.floor(file.modifiedAt.getTime() / 1000) * 1000).toUTCString();
  const headers = new Headers({
    ...file.headers,
    "Accept-Ranges": "bytes",
    "Content-Type": file.contentType,
    "Last-Modified": lastModified,
  });
  const ifRange = request.headers.get("If-Range");
  const rangeHeader = ifRange === null || ifRange === lastModified ? request.headers.get("Range") : null;
  const range = parseByteRange(rangeHeader, file.size);

  if (range.kind === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${file.size}`);
    headers.delete("Content-Type");
    headers.delete("Content-Disposition");
    return apiError(416, "Requested range not satisfiable", undefined, { headers });
  }
  const start = range.kind === "partial" ? range.start : 0;
  const end = range.kind === "partial" ? range.end : file.size - 1;
  headers.set("Content-Length", String(end - start + 1));
  if (range.kind === "partial") headers.set("Content-Range", `bytes ${start}-${end}/${file.size}`);
  const status = range.kind === "partial" ? 206 : 200;
  if (request.method === "HEAD" || file.size === 0) return new Response(null, { status, headers });
  const body = await (file.store ?? fileStore).read(file.key, { start, end });
  if (!body) return apiError(404, "File not found", undefined, { headers: { "Cache-Control": "no-store" } });
  return new Response(createReadableStreamFromReadable(body), { status, headers });
}

/** fileResponse for a file known only by its key: 404 when the store does not hold it. */
export async function storedFileResponse(
  request: Request,
  key: string,
  file: { contentType: string; headers?: Record<string, string>; notFound?: string },
): Promise<Response> {
  const stat = await fileStore.stat(key);
  if (!stat) return apiError(404, file.notFound ?? "File not found", undefined, { headers: { "Cache-Control": "no-store" } });
  return await fileResponse(request, { key, size: stat.size, modifiedAt: stat.modifiedAt, contentType: file.contentType, headers: file.headers });
}
