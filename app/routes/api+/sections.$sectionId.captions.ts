import type { LoaderFunctionArgs } from "@remix-run/node";
import { captionListResponse } from "~/services/caption-api.server";
import { requireUser } from "~/services/auth.server";
import { idParam, methodNotAllowed } from "~/utils/api.server";

// A lesson video section's captions, for members who may watch the lesson (issue 38).
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  return await captionListResponse(viewer, { kind: "section", id: idParam(params.sectionId, "Section") });
}

export const action = () => methodNotAllowed(["GET"]);
