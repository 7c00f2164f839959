import { json, MaxPartSizeExceededError, unstable_createMemoryUploadHandler, unstable_parseMultipartFormData } from "@remix-run/node";
import { z } from "zod";
import type { User } from "#db/schema";
import {
  CAPTION_MESSAGES,
  checkCaptionWriter,
  captionFile,
  CaptionError,
  deleteCaptions,
  generateCaptions,
  listCaptions,
  saveCaptions,
  type CaptionTarget,
} from "~/models/learning/captions.server";
import { MAX_CAPTION_BYTES } from "~/utils/captions";
import { apiError, methodNotAllowed, readCappedBytes, readJson } from "~/utils/api.server";

// The caption API (issue 38), the same for lesson video sections and
// recordings: the routes under /api/sections/{id}/captions and
// /api/recordings/{id}/captions only name their target and who is asking.

/** A model refusal as `{ message }` with its status; anything else is rethrown. */
async function answering(run: () => Promise<Response> | Response): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof CaptionError) return apiError(error.status, error.message);
    throw error;
  }
}

const LABEL = z.string().max(200, "label: at most 200 characters").optional();

/** The uploaded file and label: multipart (`file`, `label`), or the file as a text/vtt (or SRT) body with `?label=`. */
async function readCaptionBody(request: Request): Promise<{ file: Uint8Array | string; label: string | undefined }> {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (type === "multipart/form-data") {
    let form: FormData;
    try {
      form = await unstable_parseMultipartFormData(request, unstable_createMemoryUploadHandler({ maxPartSize: MAX_CAPTION_BYTES }));
    } catch (error) {
      if (error instanceof MaxPartSizeExceededError) throw apiError(400, CAPTION_MESSAGES.tooLarge);
      throw apiError(400, "The upload could not be read");
    }
    const file = form.get("file");
    if (!(file instanceof File)) throw apiError(400, "Attach the caption file as the field file (.vtt or .srt)", { file: ["Choose a .vtt or .srt file"] });
    const label = LABEL.safeParse(form.get("label") ?? undefined);
    if (!label.success) throw apiError(400, label.error.issues[0]?.message ?? "Invalid label");
    return { file: new Uint8Array(await file.arrayBuffer()), label: label.data };
  }
  if (["text/vtt", "application/x-subrip", "text/srt", "text/plain"].includes(type)) {
    let bytes: Buffer;
    try {
      bytes = await readCappedBytes(request, MAX_CAPTION_BYTES);
    } catch (error) {
      if (error instanceof Response && error.status === 413) throw apiError(400, CAPTION_MESSAGES.tooLarge);
      throw error;
    }
    const label = LABEL.safeParse(new URL(request.url).searchParams.get("label") ?? undefined);
    if (!label.success) throw apiError(400, label.error.issues[0]?.message ?? "Invalid label");
    return { file: new Uint8Array(bytes), label: label.data };
  }
  throw apiError(415, "Send the captions as multipart/form-data (file, label) or as a text/vtt body");
}

/** GET …/captions */
export async function captionListResponse(viewer: User, target: CaptionTarget) {
  return await answering(async () => json({ captions: await listCaptions(viewer, target) }));
}

/** GET …/captions/{language}: the WebVTT file. */
export async function captionFileResponse(viewer: User, target: CaptionTarget, language: string) {
  return await answering(
    async () =>
      new Response(await captionFile(viewer, target, language), {
        headers: { "Content-Type": "text/vtt; charset=utf-8", "Cache-Control": "private, no-cache", "X-Content-Type-Options": "nosniff" },
      }),
  );
}

/** PUT and DELETE …/captions/{language}. */
export async function captionWriteResponse(request: Request, viewer: User, target: CaptionTarget, language: string) {
  return await answering(async () => {
    if (request.method === "DELETE") {
      await deleteCaptions(viewer, target, language);
      return new Response(null, { status: 204 });
    }
    if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT", "DELETE"]);
    // Who may write is settled before the body is read.
    await checkCaptionWriter(viewer, target);
    const { file, label } = await readCaptionBody(request);
    const saved = await saveCaptions(viewer, target, { language, label, file });
    return json({ captions: saved.captions }, { status: saved.created ? 201 : 200 });
  });
}

const GenerateBody = z.object({ language: z.string().max(40).default("en") });

/** POST …/captions/generate `{ language? }` */
export async function captionGenerateResponse(request: Request, viewer: User, target: CaptionTarget) {
  return await answering(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const { language } = await readJson(request, GenerateBody);
    const saved = await generateCaptions(viewer, target, language);
    return json({ captions: saved.captions }, { status: saved.created ? 201 : 200 });
  });
}
