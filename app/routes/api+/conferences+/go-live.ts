import { json, type ActionFunctionArgs } from "@remix-run/node";
import { ConferenceError, conferenceForApi, goLive } from "~/models/live/conference.server";
import { answerRefusals, methodNotAllowed } from "~/utils/api.server";
import { requireAdmin } from "~/services/auth.server";

// 'Go Live' (spec §4): the instant session created and started in one step.
// A separate address rather than a flag on POST /api/conferences, because it
// takes no body and can be refused (409, another session is live) where a
// plain create cannot.
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const admin = await requireAdmin(request, context);
  return await answerRefusals(ConferenceError, async () => json(conferenceForApi(await goLive(admin.id)), { status: 201 }));
}

export const loader = () => methodNotAllowed(["POST"]);
