import { json, type ActionFunctionArgs } from "@remix-run/node";
import { ConferenceError, receiveRecordingChunk } from "~/models/live/conference.server";
import { RECORDING_CHUNK_MAX_BYTES, RECORDING_UPLOAD_MESSAGES, RecordingUploadError } from "~/models/live/recording-files.server";
import { apiError, idParam, methodNotAllowed, readCappedBytes } from "~/utils/api.server";
import { requireAdmin } from "~/services/auth.server";

// The host's browser uploads the recording while it records (issue 13):
// POST ?seq=N with the raw bytes of MediaRecorder's N-th slice (video/webm),
// in order from 0. Admins only; the conference must be live and recording.
// 201 stored, 200 already stored (a retry), 409 with `expectedSeq` when out of
// order, 413 past a size limit, 507 when storage or the disk is full.

const SEQ_PATTERN = /^(0|[1-9]\d{0,8})$/;

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  await requireAdmin(request, context);
  const id = idParam(params.conferenceId, "Conference");
  const seqText = new URL(request.url).searchParams.get("seq") ?? "";
  if (!SEQ_PATTERN.test(seqText)) return apiError(400, "seq must be the chunk's number: a whole number from 0");
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]?.trim().toLowerCase();
  if (type !== "video/webm") return apiError(415, "Send the chunk as video/webm");

  let bytes: Buffer;
  try {
    bytes = await readCappedBytes(request, RECORDING_CHUNK_MAX_BYTES);
  } catch (error) {
    if (error instanceof Response && error.status === 413) return apiError(413, RECORDING_UPLOAD_MESSAGES.chunkTooLarge);
    throw error;
  }
  if (bytes.length === 0) return apiError(400, "The chunk is empty");

  try {
    const receipt = await receiveRecordingChunk(id, Number(seqText), bytes);
    return json(receipt, { status: receipt.stored ? 201 : 200 });
  } catch (error) {
    if (error instanceof ConferenceError) return apiError(error.status, error.message);
    if (error instanceof RecordingUploadError) {
      const body = error.expectedSeq === undefined ? { message: error.message } : { message: error.message, expectedSeq: error.expectedSeq };
      return json(body, { status: error.status });
    }
    throw error;
  }
}

export const loader = () => methodNotAllowed(["POST"]);
