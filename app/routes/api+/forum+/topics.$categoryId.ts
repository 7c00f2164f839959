import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { CATEGORY_NOT_FOUND, deleteTopicAs, editTopic, forumAccess, getCategory, listTopicsForCategory, refusalResponse } from "~/models/community/forum.server";
import { PREMIUM_REQUIRED } from "~/models/billing/membership.server";
import { TopicEditSchema } from "~/schemas/forum";
import { apiError, idParam, methodNotAllowed, readJson } from "~/utils/api.server";
import { requireUser } from "~/services/auth.server";
import { parsePageNumber } from "~/utils/misc";

// One URL shape, two meanings (the spec's paths): GET /api/forum/topics/{categoryId}
// lists a category; PUT and DELETE /api/forum/topics/{id} change one topic.

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const category = await getCategory(idParam(params.categoryId, "Forum category"));
  if (!category) return apiError(404, CATEGORY_NOT_FOUND);
  if (await forumAccess(user, category) !== "allowed") return apiError(403, PREMIUM_REQUIRED);
  const page = parsePageNumber(new URL(request.url).searchParams.get("page"));
  return json(await listTopicsForCategory(category.id, page));
}

/** PUT: the author edits their topic. DELETE: the author (a stub when others replied) or an admin deletes it. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed(["GET", "PUT", "DELETE"]);
  const user = await requireUser(request, context);
  const id = idParam(params.categoryId, "Discussion");
  if (request.method === "DELETE") {
    const outcome = await deleteTopicAs(user, id);
    if (!outcome.ok) return refusalResponse(outcome);
    return json({ ...outcome.value, message: "Topic Deleted" });
  }
  const outcome = await editTopic(user, id, await readJson(request, TopicEditSchema));
  if (!outcome.ok) return refusalResponse(outcome);
  return json({ ...outcome.value, message: "Topic Updated" });
}
