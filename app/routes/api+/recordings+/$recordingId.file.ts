import type { LoaderFunctionArgs } from "@remix-run/node";
import { getRecordingFor, hasRecordingFile, recordingKey, type RecordingRow } from "~/models/live/conference.server";
import { attachmentHeader } from "~/models/community/templates.server";
import { apiError, idParam, methodNotAllowed } from "~/utils/api.server";
import { requireUser } from "~/services/auth.server";
import { storedFileResponse } from "~/utils/byte-range.server";

const FILE_MISSING = "Recording file not available";

/** 'Full Moon Q&A 2026-03-14.webm': the title without characters file systems refuse, and the day. */
function downloadName(recording: RecordingRow): string {
  const title = recording.title
    .replace(/[\p{Cc}/\\:*?"<>|]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 100)
    .trim();
  return `${title || "Recording"} ${recording.createdAt.toISOString().slice(0, 10)}.webm`;
}

// A recording's video, for members who may watch it: streamed with range
// support (the player seeks; downloads resume), `?download=1` as an attachment.
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  const recording = await getRecordingFor(viewer, idParam(params.recordingId, "Recording"));
  if (!recording) return apiError(404, "Recording not found");
  if (!recording.recordingUrl || !hasRecordingFile(recording)) return apiError(404, FILE_MISSING);
  const download = new URL(request.url).searchParams.get("download") === "1";
  // Streamed through the academy after the check above, from disk or the bucket (docs/decisions/034).
  return await storedFileResponse(request, recordingKey(recording.recordingUrl), {
    contentType: recording.mimeType,
    notFound: FILE_MISSING, // removed a moment ago
    headers: {
      "Cache-Control": "private, no-store",
      ...(download ? { "Content-Disposition": attachmentHeader(downloadName(recording)) } : {}),
    },
  });
}

export const action = () => methodNotAllowed(["GET", "HEAD"]);
