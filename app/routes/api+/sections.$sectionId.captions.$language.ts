import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { captionFileResponse, captionWriteResponse } from "~/services/caption-api.server";
import { requireUser } from "~/services/auth.server";
import { idParam } from "~/utils/api.server";

// One language of a lesson video section's captions (issue 38): GET serves the
// WebVTT file to members who may watch the lesson; PUT stores a .vtt or .srt
// and DELETE removes it, for admins and the course's instructors.
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  return await captionFileResponse(viewer, { kind: "section", id: idParam(params.sectionId, "Section") }, params.language ?? "");
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const viewer = await requireUser(request, context);
  return await captionWriteResponse(request, viewer, { kind: "section", id: idParam(params.sectionId, "Section") }, params.language ?? "");
}
