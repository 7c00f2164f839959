import type { LoaderFunctionArgs } from "@remix-run/node";
import { captionListResponse } from "~/services/caption-api.server";
import { requireUser } from "~/services/auth.server";
import { idParam, methodNotAllowed } from "~/utils/api.server";

// a recording's captions, for members who may watch the recording (issue 38).
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  return await captionListResponse(viewer, { kind: "recording", id: idParam(params.recordingId, "Recording") });
}

export const action = () => methodNotAllowed(["GET"]);
