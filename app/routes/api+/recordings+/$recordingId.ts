import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { ConferenceError, deleteRecording, getRecordingFor, recordingForApi } from "~/models/live/conference.server";
import { answerRefusals, apiError, idParam, methodNotAllowed } from "~/utils/api.server";
import { requireAdmin, requireUser } from "~/services/auth.server";

// One recording: members read it (as in the list, Premium ones for Premium
// members); admins delete it with its file (issue 30), freeing its storage at once.
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  const recording = await getRecordingFor(viewer, idParam(params.recordingId, "Recording"));
  return recording ? json(recordingForApi(recording)) : apiError(404, "Recording not found");
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["GET", "DELETE"]);
  await requireAdmin(request, context);
  const id = idParam(params.recordingId, "Recording");
  return await answerRefusals(ConferenceError, async () => {
    await deleteRecording(id);
    return json({ message: "Recording deleted" });
  });
}
