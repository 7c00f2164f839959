import { z } from "zod";

// The browser side of a download with JavaScript: ask the JSON API for a
// short-lived link, then let the browser fetch it as an attachment.

const DownloadAnswer = z.object({ downloadUrl: z.string().startsWith("/"), fileName: z.string() });
const ApiError = z.object({ message: z.string() });

export const PREMIUM_REQUIRED_MARKER = "Premium membership required";

export type DownloadOutcome =
  | { ok: true; downloadUrl: string; fileName: string }
  | { ok: false; status: number; message: string | null };

export async function requestDownloadLink(templateId: number): Promise<DownloadOutcome> {
  try {
    const response = await fetch(`/api/tools-templates/${templateId}/download`, {
      method: "POST",
      headers: { Accept: "application/json" },
    });
    const answer: unknown = await response.json().catch(() => null);
    if (response.ok) {
      const link = DownloadAnswer.safeParse(answer);
      if (link.success) return { ok: true, ...link.data };
      return { ok: false, status: response.status, message: null };
    }
    const error = ApiError.safeParse(answer);
    return { ok: false, status: response.status, message: error.success ? error.data.message : null };
  } catch {
    return { ok: false, status: 0, message: null };
  }
}
