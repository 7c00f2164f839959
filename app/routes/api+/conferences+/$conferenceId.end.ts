import { json, type ActionFunctionArgs } from "@remix-run/node";
import { ConferenceError, conferenceForApi, endConference } from "~/models/live/conference.server";
import { answerRefusals, idParam, methodNotAllowed } from "~/utils/api.server";
import { requireAdmin } from "~/services/auth.server";

// Spec §7, admins only. Ends a live session; a recording still running is filed, not lost.
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  await requireAdmin(request, context);
  const id = idParam(params.conferenceId, "Conference");
  return await answerRefusals(ConferenceError, async () => json(conferenceForApi(await endConference(id))));
}

export const loader = () => methodNotAllowed(["POST"]);
