import { json, type ActionFunctionArgs } from "@remix-run/node";
import { issueDownloadLink } from "~/models/community/templates.server";
import { apiError, idParam, methodNotAllowed } from "~/utils/api.server";
import { requireUser } from "~/services/auth.server";

// A short-lived download link for the signed-in user (spec §7).
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireUser(request, context);
  const link = await issueDownloadLink(idParam(params.templateId, "Template"), user);
  if (!link.ok) return apiError(link.status, link.message);
  return json({ downloadUrl: link.downloadUrl, fileName: link.fileName }, { headers: { "Cache-Control": "no-store" } });
}

export const loader = () => methodNotAllowed(["POST"]);
