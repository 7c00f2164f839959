import { json, type ActionFunctionArgs } from "@remix-run/node";
import { deleteTopic, setTopicFlags, TOPIC_NOT_FOUND } from "~/models/community/forum.server";
import { ModerationDeleteSchema, TopicModerationSchema } from "~/schemas/forum";
import { apiError, idParam, methodNotAllowed, readJson } from "~/utils/api.server";
import { requireAdmin } from "~/services/auth.server";

export const loader = () => methodNotAllowed(["PUT", "DELETE"]);

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed(["PUT", "DELETE"]);
  const admin = await requireAdmin(request, context);
  const id = idParam(params.topicId, "Discussion");
  if (request.method === "DELETE") {
    if (!await deleteTopic(id, admin.id, (await readJson(request, ModerationDeleteSchema)).reason)) return apiError(404, TOPIC_NOT_FOUND);
    return json({ id, message: "Deleted" });
  }
  const topic = await setTopicFlags(id, await readJson(request, TopicModerationSchema));
  if (!topic) return apiError(404, TOPIC_NOT_FOUND);
  return json(topic);
}
