import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { admitToRoom } from "~/models/live/live-admission.server";
import { roomHeadcount } from "~/models/live/live-rooms.server";
import { idParam, methodNotAllowed } from "~/utils/api.server";
import { getOptionalUser } from "~/services/auth.server";

// Whether the viewer may enter the live room now, and why not: the browser
// asks before (and after a refused) WebSocket upgrade, which cannot carry a reason.
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = idParam(params.conferenceId, "Conference");
  const admission = await admitToRoom(await getOptionalUser(request, context), id);
  if (!admission.ok) return json({ canJoin: false, reason: admission.reason, message: admission.message }, { status: admission.status });
  return json({ canJoin: true, isHost: admission.isHost, participants: await roomHeadcount(id), maxParticipants: admission.conference.maxParticipants });
}

export const action = () => methodNotAllowed(["GET"]);
