import { json, type ActionFunctionArgs } from "@remix-run/node";
import { setHand, stageConference, StageError } from "~/models/live/live-stage.server";
import { HandSchema } from "~/schemas/live-stage";
import { requireUser } from "~/services/auth.server";
import { apiError, idParam, methodNotAllowed, readJson } from "~/utils/api.server";

// Issue 28. A member raises or lowers their hand in a live session: `{ raised }` → `{ raised }`.
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const viewer = await requireUser(request, context);
  const id = idParam(params.conferenceId, "Conference");
  try {
    await stageConference(viewer, id, "hand");
    const input = await readJson(request, HandSchema);
    return json(await setHand(viewer, id, input.raised));
  } catch (error) {
    if (error instanceof StageError) return apiError(error.status, error.message);
    throw error;
  }
}

export const loader = () => methodNotAllowed(["POST"]);
