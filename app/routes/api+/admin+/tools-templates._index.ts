import { json, type ActionFunctionArgs } from "@remix-run/node";
import { createTemplate } from "~/models/community/templates.server";
import { TemplateApiSchema } from "~/schemas/templates";
import { apiError, methodNotAllowed, readJson } from "~/utils/api.server";
import { requireAdmin } from "~/services/auth.server";

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const admin = await requireAdmin(request, context);
  const input = await readJson(request, TemplateApiSchema);
  const created = await createTemplate(input, admin.id);
  if (!created.ok) return apiError(created.status, created.message, created.errors);
  return json(created.template, { status: 201 });
}

export const loader = () => methodNotAllowed(["POST"]);
