import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import {
  CONFERENCE_MESSAGES,
  ConferenceError,
  conferenceForApi,
  deleteConference,
  getConference,
  updateConference,
} from "~/models/live/conference.server";
import { ConferenceApiSchema, conferenceInputFromApi } from "~/schemas/conference";
import { answerRefusals, apiError, idParam, methodNotAllowed, readJson } from "~/utils/api.server";
import { requireAdmin, requireUser } from "~/services/auth.server";

// One conference (spec §7). Its details are metadata: a free member asking
// for a Premium-only session gets them too (the join page shows the upgrade).
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const conference = await getConference(idParam(params.conferenceId, "Conference"));
  if (!conference) return apiError(404, CONFERENCE_MESSAGES.notFound);
  return json(conferenceForApi(conference));
}

/** `?withRecordings=true` deletes the recordings and their files too; by default they stay in the library. */
function withRecordingsParam(request: Request): boolean | null {
  const value = new URL(request.url).searchParams.get("withRecordings");
  if (value === null || value === "false") return false;
  return value === "true" ? true : null;
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed(["GET", "PUT", "DELETE"]);
  await requireAdmin(request, context);
  const id = idParam(params.conferenceId, "Conference");
  if (request.method === "DELETE") {
    const withRecordings = withRecordingsParam(request);
    if (withRecordings === null) return apiError(400, "withRecordings must be true or false");
    return await answerRefusals(ConferenceError, async () => {
      await deleteConference(id, { withRecordings });
      return json({ message: "Conference deleted" });
    });
  }
  const input = await readJson(request, ConferenceApiSchema);
  return await answerRefusals(ConferenceError, async () => json(conferenceForApi(await updateConference(id, conferenceInputFromApi(input)))));
}
