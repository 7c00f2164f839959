import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { forumAccess, getTopicWithReplies, TOPIC_NOT_FOUND } from "~/models/community/forum.server";
import { PREMIUM_REQUIRED } from "~/models/billing/membership.server";
import { apiError, idParam, methodNotAllowed } from "~/utils/api.server";
import { requireUser } from "~/services/auth.server";
import { parsePageNumber } from "~/utils/misc";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const page = parsePageNumber(new URL(request.url).searchParams.get("page"));
  const found = await getTopicWithReplies(idParam(params.topicId, "Discussion"), user, page);
  if (!found) return apiError(404, TOPIC_NOT_FOUND);
  if (await forumAccess(user, found.topic.category) !== "allowed") return apiError(403, PREMIUM_REQUIRED);
  return json({ ...found.topic, replies: found.replies, pagination: found.pagination });
}
export const action = () => methodNotAllowed(["GET"]);
