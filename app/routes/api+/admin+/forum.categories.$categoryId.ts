import { json, type ActionFunctionArgs } from "@remix-run/node";
import { CATEGORY_NOT_FOUND, deleteCategory, refusalResponse, updateCategory } from "~/models/community/forum.server";
import { CategorySchema } from "~/schemas/forum";
import { apiError, idParam, methodNotAllowed, readJson } from "~/utils/api.server";
import { requireAdmin } from "~/services/auth.server";

export const loader = () => methodNotAllowed(["PUT", "DELETE"]);

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed(["PUT", "DELETE"]);
  await requireAdmin(request, context);
  const id = idParam(params.categoryId, "Forum category");
  if (request.method === "DELETE") {
    const outcome = await deleteCategory(id);
    if (!outcome.ok) return refusalResponse(outcome);
    return json({ ...outcome.value, message: "Deleted" });
  }
  const category = await updateCategory(id, await readJson(request, CategorySchema));
  if (!category) return apiError(404, CATEGORY_NOT_FOUND);
  return json(category);
}
