import type { ActionFunctionArgs } from "@remix-run/node";
import { captionGenerateResponse } from "~/services/caption-api.server";
import { requireUser } from "~/services/auth.server";
import { idParam, methodNotAllowed } from "~/utils/api.server";

// Captions of a recording from the AI provider's speech-to-text (issue 38).
export async function action({ request, params, context }: ActionFunctionArgs) {
  const viewer = await requireUser(request, context);
  return await captionGenerateResponse(request, viewer, { kind: "recording", id: idParam(params.recordingId, "Recording") });
}

export const loader = () => methodNotAllowed(["POST"]);
