import { json, type ActionFunctionArgs } from "@remix-run/node";
import { ConferenceError, recordingForApi, stopRecording } from "~/models/conference.server";
import { StopRecordingSchema } from "~/schemas/conference";
import { answerRefusals, idParam, methodNotAllowed, readJson } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

// Spec §7, admins only: stops the recording and files it in the library under
// the spec's file name (`recordingUrl`, or one made here). Answers the recording.
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  await requireAdmin(request);
  const id = idParam(params.id, "Conference");
  const { recordingUrl } = await readJson(request, StopRecordingSchema);
  return answerRefusals(ConferenceError, () => json(recordingForApi(stopRecording(id, recordingUrl)), { status: 201 }));
}

export const loader = () => methodNotAllowed(["POST"]);
