import { json, type ActionFunctionArgs } from "@remix-run/node";
import { ConferenceError, recordingForApi, stopRecording, type RecordingRow } from "~/models/live/conference.server";
import { finalisingRecording } from "~/models/live/recording-files.server";
import { StopRecordingSchema } from "~/schemas/conference";
import { apiError, idParam, methodNotAllowed, readJson } from "~/utils/api.server";
import { requireAdmin } from "~/services/auth.server";

// Spec §7, admins only: stops the recording (the host's browser has uploaded
// its last chunk first) and answers it once its file is finalised: "ready"
// with its real duration and size, or "failed" when nothing playable arrived.
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  await requireAdmin(request, context);
  const id = idParam(params.conferenceId, "Conference");
  const { recordingUrl } = await readJson(request, StopRecordingSchema);
  let stopped: RecordingRow;
  try {
    stopped = await stopRecording(id, recordingUrl);
  } catch (error) {
    if (error instanceof ConferenceError) return apiError(error.status, error.message);
    throw error;
  }
  const finalised = (await finalisingRecording(stopped.id)) ?? stopped;
  return json(recordingForApi(finalised), { status: 201 });
}

export const loader = () => methodNotAllowed(["POST"]);
