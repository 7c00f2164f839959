import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { CATEGORY_NOT_FOUND, getCategory } from "~/models/community/forum.server";
import { apiError, idParam, methodNotAllowed } from "~/utils/api.server";

export async function loader({ params }: LoaderFunctionArgs) {
  const category = await getCategory(idParam(params.categoryId, "Forum category"));
  if (!category) return apiError(404, CATEGORY_NOT_FOUND);
  return json(category);
}
export const action = () => methodNotAllowed(["GET"]);
