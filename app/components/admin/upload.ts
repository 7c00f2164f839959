import { z } from "zod";

// Browser helpers for the admin forms' "upload as soon as a file is chosen"
// enhancement. Without JavaScript the file goes with the form instead.

export type UploadKind = "image" | "video";

const Answers = {
  image: z.object({ imageUrl: z.string() }).transform((a) => a.imageUrl),
  video: z.object({ videoUrl: z.string() }).transform((a) => a.videoUrl),
} satisfies Record<UploadKind, z.ZodType<string, z.ZodTypeDef, unknown>>;

const ApiError = z.object({ message: z.string() });

export type UploadOutcome = { ok: true; url: string } | { ok: false; message: string };

/** Sends one file to /api/upload-image or /api/upload-video and returns its public URL. */
export async function uploadFile(kind: UploadKind, file: File): Promise<UploadOutcome> {
  const body = new FormData();
  body.append(kind, file);
  try {
    const response = await fetch(`/api/upload-${kind}`, { method: "POST", body, headers: { Accept: "application/json" } });
    const answer: unknown = await response.json().catch(() => null);
    if (response.ok) {
      const url = Answers[kind].safeParse(answer);
      if (url.success) return { ok: true, url: url.data };
    }
    const error = ApiError.safeParse(answer);
    return { ok: false, message: error.success ? error.data.message : `${response.status}: ${response.statusText}` };
  } catch {
    return { ok: false, message: "The upload did not reach the server. Please try again." };
  }
}
