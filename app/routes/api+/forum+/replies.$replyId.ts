import { json, type ActionFunctionArgs } from "@remix-run/node";
import { deleteReplyAs, editReply, refusalResponse } from "~/models/community/forum.server";
import { ReplyEditSchema } from "~/schemas/forum";
import { idParam, methodNotAllowed, readJson } from "~/utils/api.server";
import { requireUser } from "~/services/auth.server";

export const loader = () => methodNotAllowed(["PUT", "DELETE"]);

/** PUT: the author edits their reply. DELETE: the author, or an admin, deletes it. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed(["PUT", "DELETE"]);
  const user = await requireUser(request, context);
  const id = idParam(params.replyId, "Reply");
  if (request.method === "DELETE") {
    const outcome = await deleteReplyAs(user, id);
    if (!outcome.ok) return refusalResponse(outcome);
    return json({ ...outcome.value, message: "Reply Deleted" });
  }
  const outcome = await editReply(user, id, await readJson(request, ReplyEditSchema));
  if (!outcome.ok) return refusalResponse(outcome);
  return json({ ...outcome.value, message: "Reply Updated" });
}
