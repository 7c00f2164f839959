import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import {
  MaxPartSizeExceededError,
  unstable_parseMultipartFormData,
  type UploadHandler,
} from "@remix-run/node";
import { env } from "~/utils/env.server";
import { fileStore, INCOMING_PREFIX } from "~/utils/file-store.server";

// Uploads are checked by their bytes, not their names, and by size while they
// stream in: reading stops at the limit and nothing partial is kept.

export interface FileKind {
  extension: string;
  contentType: string;
  matches: (head: Buffer) => boolean;
  /** For kinds whose whole content must be checked (text): a fresh checker per file. */
  checker?: () => ContentChecker;
}

/** Sees every chunk of a file; false from either method refuses the file. */
export interface ContentChecker {
  push: (chunk: Uint8Array) => boolean;
  finish: () => boolean;
}

const startsWith = (bytes: number[], offset = 0) => (head: Buffer) =>
  bytes.every((byte, i) => head[offset + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

export const IMAGE_KINDS: FileKind[] = [
  { extension: "jpg", contentType: "image/jpeg", matches: startsWith([0xff, 0xd8, 0xff]) },
  { extension: "png", contentType: "image/png", matches: startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { extension: "webp", contentType: "image/webp", matches: (h) => startsWith(ascii("RIFF"))(h) && startsWith(ascii("WEBP"), 8)(h) },
];

export const VIDEO_KINDS: FileKind[] = [
  { extension: "mp4", contentType: "video/mp4", matches: startsWith(ascii("ftyp"), 4) },
  { extension: "webm", contentType: "video/webm", matches: startsWith([0x1a, 0x45, 0xdf, 0xa3]) },
];

const OLE2 = startsWith([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP = startsWith([0x50, 0x4b, 0x03, 0x04]);

/** Valid UTF-8 (checked across chunk boundaries) with no NUL bytes. */
function utf8TextChecker(): ContentChecker {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const decodes = (chunk?: Uint8Array) => {
    try {
      decoder.decode(chunk, { stream: chunk !== undefined });
      return true;
    } catch {
      return false;
    }
  };
  return {
    push: (chunk) => !chunk.includes(0) && decodes(chunk),
    finish: () => decodes(),
  };
}

// Office Open XML files are ZIP archives; legacy Office files are OLE2
// compound documents. Which of them a file is comes from its name, and its
// bytes must agree with that name.
export const DOCUMENT_KINDS: FileKind[] = [
  { extension: "pdf", contentType: "application/pdf", matches: startsWith(ascii("%PDF-")) },
  { extension: "doc", contentType: "application/msword", matches: OLE2 },
  { extension: "docx", contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", matches: ZIP },
  { extension: "xls", contentType: "application/vnd.ms-excel", matches: OLE2 },
  { extension: "xlsx", contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", matches: ZIP },
  { extension: "ppt", contentType: "application/vnd.ms-powerpoint", matches: OLE2 },
  { extension: "pptx", contentType: "application/vnd.openxmlformats-officedocument.presentationml.presentation", matches: ZIP },
  { extension: "zip", contentType: "application/zip", matches: ZIP },
  { extension: "txt", contentType: "text/plain", matches: (head) => !head.includes(0), checker: utf8TextChecker },
];

// MP3: an ID3 tag, or straight into an MPEG audio frame (11 sync bits set).
const MP3 = (head: Buffer) => startsWith(ascii("ID3"))(head) || (head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0);
// OpenDocument files are ZIP archives whose first entry is an uncompressed "mimetype" naming the kind.
const ODT = (head: Buffer) => ZIP(head) && head.includes(Buffer.from("mimetypeapplication/vnd.oasis.opendocument.text"));

/** What a member may hand in for an assignment (issue 45): documents, images, recorded audio. */
export const SUBMISSION_KINDS: FileKind[] = [
  ...DOCUMENT_KINDS.filter((kind) => kind.extension === "pdf" || kind.extension === "docx" || kind.extension === "txt"),
  { extension: "odt", contentType: "application/vnd.oasis.opendocument.text", matches: ODT },
  ...IMAGE_KINDS,
  { extension: "jpeg", contentType: "image/jpeg", matches: startsWith([0xff, 0xd8, 0xff]) },
  { extension: "mp3", contentType: "audio/mpeg", matches: MP3 },
  { extension: "m4a", contentType: "audio/mp4", matches: startsWith(ascii("ftyp"), 4) },
  { extension: "ogg", contentType: "audio/ogg", matches: startsWith(ascii("OggS")) },
  { extension: "webm", contentType: "audio/webm", matches: startsWith([0x1a, 0x45, 0xdf, 0xa3]) },
];

export class UploadError extends Error {
  constructor(
    message: string,
    public status: 400 | 413 | 415 | 503,
  ) {
    super(message);
  }
}

export interface StoredFile {
  url: string;
  fileName: string;
  originalName: string;
  contentType: string;
  size: number;
}

/**
 * Removes partial uploads left by a previous run (call at start, before requests are accepted).
 * They are always on this machine's disk: a file is received into UPLOADS_DIR, checked, and
 * only then handed to the file store (a bucket never holds half an upload).
 */
export function removeStaleIncomingFiles(): number {
  let removed = 0;
  for (const folder of ["images", "videos", "templates", "recordings"]) {
    const dir = path.resolve(env.UPLOADS_DIR, folder);
    if (!fs.existsSync(dir)) continue;
    for (const name of fs.readdirSync(dir)) {
      if (!name.startsWith(INCOMING_PREFIX)) continue;
      fs.rmSync(path.join(dir, name), { force: true });
      removed += 1;
    }
  }
  return removed;
}

/** The file-store key of an upload: folder/name. */
export function uploadKey(folder: string, fileName: string): string {
  return `${folder}/${fileName}`;
}

/** A file name without folders or odd characters, for display and Content-Disposition. */
export function safeDisplayName(name: string | undefined, fallback: string): string {
  const base = path.basename((name ?? "").replace(/\\/g, "/")).replace(/[^\w.\- ]+/g, "_").trim();
  return base.replace(/^\.+/, "").slice(0, 120) || fallback;
}

/** Resolves once the stream wants more, or has closed (a failed write: its error is kept by the caller). */
function writable(out: fs.WriteStream): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      out.off("drain", done).off("close", done);
      resolve();
    };
    out.on("drain", done).on("close", done);
  });
}

interface UploadOptions {
  field: string;
  folder: string;
  kinds: FileKind[];
  maxBytes: number;
  tooLargeMessage: string;
  wrongTypeMessage: string;
  /**
   * Choose the kind by the file name's extension, then require the bytes to
   * match it (for kinds that share a signature, such as .docx and .zip).
   * Without it the kind is found from the bytes alone.
   */
  kindFromName?: boolean;
  /** The longest text field the form may carry (characters); 10,000 unless said. */
  maxFieldChars?: number;
}

/** The kind a file name claims, among `kinds`, or undefined. */
export function kindForName(name: string, kinds: FileKind[]): FileKind | undefined {
  const extension = path.extname(name.replace(/\\/g, "/")).slice(1).toLowerCase();
  return kinds.find((kind) => kind.extension === extension);
}

/**
 * Parses a multipart request, storing the one file of `field` in the file
 * store under folder/ with a generated name (received and checked on disk
 * first, then moved in). Other fields come back as text.
 */
export async function receiveUpload(request: Request, options: UploadOptions): Promise<{ file: StoredFile | null; form: FormData }> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.startsWith("multipart/form-data")) throw new UploadError("Send the file as multipart/form-data", 415);
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  // Allow a little room for the other fields and the multipart framing.
  if (declared > options.maxBytes + 64 * 1024) throw new UploadError(options.tooLargeMessage, 413);

  // Filled in by the handler below (an object, so the type checker sees the change).
  const received: { file: StoredFile | null } = { file: null };
  const dir = path.resolve(env.UPLOADS_DIR, options.folder);
  fs.mkdirSync(dir, { recursive: true });

  const handler: UploadHandler = async ({ name, filename, data }) => {
    if (name !== options.field || !filename) {
      // A small text field: collect it (capped) for the caller.
      let text = "";
      for await (const chunk of data) {
        text += Buffer.from(chunk).toString("utf8");
        if (text.length > (options.maxFieldChars ?? 10_000)) throw new UploadError("Form field too long", 400);
      }
      return text;
    }
    if (received.file) throw new UploadError("Send one file at a time", 400);
    const named = options.kindFromName ? kindForName(filename, options.kinds) : undefined;
    if (options.kindFromName && !named) throw new UploadError(options.wrongTypeMessage, 415);
    const mismatch = named ? `This file is not a valid .${named.extension} file` : options.wrongTypeMessage;
    const identify = (bytes: Buffer) => (named ? (named.matches(bytes) ? named : undefined) : options.kinds.find((k) => k.matches(bytes)));
    const checker = named?.checker?.();
    const tempPath = path.join(dir, `${INCOMING_PREFIX}${crypto.randomBytes(8).toString("hex")}`);
    const out = fs.createWriteStream(tempPath);
    // A write still under way when the upload is refused fails once the stream is destroyed:
    // without a listener that error would end the process.
    let writeError: Error | null = null;
    out.on("error", (error) => (writeError ??= error));
    let size = 0;
    let kind: FileKind | undefined;
    let head = Buffer.alloc(0);
    try {
      for await (const chunk of data) {
        size += chunk.byteLength;
        if (size > options.maxBytes) throw new UploadError(options.tooLargeMessage, 413);
        if (checker && !checker.push(chunk)) throw new UploadError(mismatch, 415);
        if (!kind) {
          head = Buffer.concat([head, Buffer.from(chunk)]);
          // 96 bytes: enough for every signature, an OpenDocument file's mimetype entry included.
          if (head.length >= 96) {
            kind = identify(head);
            if (!kind) throw new UploadError(mismatch, 415);
          }
        }
        if (!out.write(chunk)) await writable(out);
        if (writeError) throw writeError;
      }
      if (!kind) kind = head.length > 0 ? identify(head) : undefined;
      if (!kind) throw new UploadError(size === 0 ? "The file is empty" : mismatch, size === 0 ? 400 : 415);
      if (checker && !checker.finish()) throw new UploadError(mismatch, 415);
      await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
      const fileName = `${crypto.randomBytes(12).toString("base64url")}.${kind.extension}`;
      try {
        await fileStore.putFile(uploadKey(options.folder, fileName), tempPath, { contentType: kind.contentType });
      } catch {
        // The bucket is out of reach (the health check says so too): the upload was fine, storing it was not.
        throw new UploadError("The file could not be stored just now; please try again in a moment", 503);
      }
      const stored: StoredFile = {
        url: `/uploads/${options.folder}/${fileName}`,
        fileName,
        originalName: safeDisplayName(filename, fileName),
        contentType: kind.contentType,
        size,
      };
      received.file = stored;
      return stored.url;
    } catch (error) {
      // The stream opens its file asynchronously: wait until it is closed, or
      // the file could appear again after it was removed.
      if (!out.closed) await new Promise<void>((resolve) => out.destroy().once("close", () => resolve()));
      fs.rmSync(tempPath, { force: true });
      throw error;
    }
  };

  try {
    const form = await unstable_parseMultipartFormData(request, handler);
    return { file: received.file, form };
  } catch (error) {
    // A later part failed after the file was kept: keep nothing.
    if (received.file) await fileStore.delete(uploadKey(options.folder, received.file.fileName));
    if (error instanceof UploadError) throw error;
    if (error instanceof MaxPartSizeExceededError) throw new UploadError(options.tooLargeMessage, 413);
    throw new UploadError("The upload could not be read", 400);
  }
}

export const IMAGE_UPLOAD = {
  field: "image",
  folder: "images",
  kinds: IMAGE_KINDS,
  maxBytes: 5 * 1024 * 1024,
  tooLargeMessage: "Image must be smaller than 5MB",
  wrongTypeMessage: "Please select a valid image file",
} satisfies UploadOptions;

export const VIDEO_UPLOAD = {
  field: "video",
  folder: "videos",
  kinds: VIDEO_KINDS,
  maxBytes: 200 * 1024 * 1024,
  tooLargeMessage: "Video must be smaller than 200MB",
  wrongTypeMessage: "Please select an MP4 or WebM video",
} satisfies UploadOptions;

export const TEMPLATE_EXTENSIONS = DOCUMENT_KINDS.map((kind) => kind.extension);

/** Template files: kept under UPLOADS_DIR/templates, which is not served; they go out through the download API. */
export const TEMPLATE_UPLOAD = {
  field: "file",
  folder: "templates",
  kinds: DOCUMENT_KINDS,
  kindFromName: true,
  maxBytes: 50 * 1024 * 1024,
  tooLargeMessage: "File must be smaller than 50MB",
  wrongTypeMessage: `Only ${TEMPLATE_EXTENSIONS.map((e) => `.${e}`).join(", ")} files can be uploaded`,
} satisfies UploadOptions;
