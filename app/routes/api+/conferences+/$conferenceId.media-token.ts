import { json, type ActionFunctionArgs } from "@remix-run/node";
import type { MediaTarget } from "~/components/conference/media-target";
import { admitToLiveRoom, RoomRefusal } from "~/models/live/live-admission.server";
import type { LiveKitViewer } from "~/models/live/livekit.server";
import { apiError, idParam, methodNotAllowed } from "~/utils/api.server";
import { requireUser } from "~/services/auth.server";
import { mediaBackend } from "~/realtime/media-backend.server";

// Where the live room's browser code connects for media, asked before joining:
// the embedded SFU's WebSocket on this server, or a LiveKit server with a
// short-lived join token. The same admission rules apply to both.

async function mediaTarget(viewer: LiveKitViewer, conferenceId: number): Promise<MediaTarget> {
  const conference = await admitToLiveRoom(viewer, conferenceId);
  const backend = mediaBackend();
  if (backend !== "livekit") return { backend, url: `/ws/conferences/${conference.id}` };
  // Imported on demand: an academy on the embedded backend never loads the LiveKit SDK.
  const { issueLiveKitToken, liveKitUrl } = await import("~/models/live/livekit.server");
  return { backend: "livekit", url: liveKitUrl(), token: await issueLiveKitToken(viewer, conference) };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const viewer = await requireUser(request, context);
  const id = idParam(params.conferenceId, "Conference");
  try {
    // Signed-in answers are never cached (server/request-log.ts): a join token stays with its member.
    return json(await mediaTarget(viewer, id));
  } catch (error) {
    if (error instanceof RoomRefusal) return apiError(error.status, error.message);
    throw error;
  }
}

export const loader = () => methodNotAllowed(["POST"]);
