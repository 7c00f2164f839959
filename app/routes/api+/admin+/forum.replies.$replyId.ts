import { json, type ActionFunctionArgs } from "@remix-run/node";
import { deleteReply, REPLY_NOT_FOUND } from "~/models/community/forum.server";
import { ModerationDeleteSchema } from "~/schemas/forum";
import { apiError, idParam, methodNotAllowed, readJson } from "~/utils/api.server";
import { requireAdmin } from "~/services/auth.server";

export const loader = () => methodNotAllowed(["DELETE"]);

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
  const admin = await requireAdmin(request, context);
  const id = idParam(params.replyId, "Reply");
  const deleted = await deleteReply(id, admin.id, (await readJson(request, ModerationDeleteSchema)).reason);
  if (!deleted) return apiError(404, REPLY_NOT_FOUND);
  return json({ id, topicId: deleted.topicId, message: "Deleted" });
}
