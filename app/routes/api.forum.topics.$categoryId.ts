import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { CATEGORY_NOT_FOUND, forumAccess, getCategory, listTopicsForCategory } from "~/models/forum.server";
import { PREMIUM_REQUIRED } from "~/models/membership.server";
import { apiError, idParam, methodNotAllowed } from "~/utils/api.server";
import { requireUser } from "~/utils/auth.server";
import { parsePageNumber } from "~/utils/misc";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const category = getCategory(idParam(params.categoryId, "Forum category"));
  if (!category) return apiError(404, CATEGORY_NOT_FOUND);
  if (forumAccess(user, category) !== "allowed") return apiError(403, PREMIUM_REQUIRED);
  const page = parsePageNumber(new URL(request.url).searchParams.get("page"));
  return json(listTopicsForCategory(category.id, page));
}
export const action = () => methodNotAllowed(["GET"]);
