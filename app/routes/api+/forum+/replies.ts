import { json, type ActionFunctionArgs } from "@remix-run/node";
import { createReply, refusalResponse } from "~/models/community/forum.server";
import { ReplySchema } from "~/schemas/forum";
import { methodNotAllowed, readJson } from "~/utils/api.server";
import { requireUser } from "~/services/auth.server";

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireUser(request, context);
  const input = await readJson(request, ReplySchema);
  const outcome = await createReply(user, input);
  if (!outcome.ok) return refusalResponse(outcome);
  return json({ ...outcome.value, message: "Reply Posted" }, { status: 201 });
}
