import { json, type ActionFunctionArgs } from "@remix-run/node";
import { deleteTemplate } from "~/models/community/templates.server";
import { apiError, idParam, methodNotAllowed } from "~/utils/api.server";
import { requireAdmin } from "~/services/auth.server";

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
  await requireAdmin(request, context);
  if (!await deleteTemplate(idParam(params.templateId, "Template"))) return apiError(404, "Template not found");
  return json({ message: "Template deleted successfully" });
}

export const loader = () => methodNotAllowed(["DELETE"]);
