import { json, type ActionFunctionArgs } from "@remix-run/node";
import { setSpeaker, stageConference, StageError } from "~/models/live/live-stage.server";
import { SpeakerSchema } from "~/schemas/live-stage";
import { requireUser } from "~/services/auth.server";
import { apiError, idParam, methodNotAllowed, readJson } from "~/utils/api.server";

// Issue 28. The host invites a member to speak or ends their turn:
// `{ userId, allow }` → the stage `{ hands, speakers }`. Members get 403.
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const viewer = await requireUser(request, context);
  const id = idParam(params.conferenceId, "Conference");
  try {
    await stageConference(viewer, id, "speakers");
    const input = await readJson(request, SpeakerSchema);
    return json(await setSpeaker(viewer, id, input.userId, input.allow));
  } catch (error) {
    if (error instanceof StageError) return apiError(error.status, error.message);
    throw error;
  }
}

export const loader = () => methodNotAllowed(["POST"]);
