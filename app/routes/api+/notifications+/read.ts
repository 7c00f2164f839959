import { json, type ActionFunctionArgs } from "@remix-run/node";
import { markNotificationsRead } from "~/models/notifications/notifications.server";
import { MarkReadSchema } from "~/schemas/notifications";
import { methodNotAllowed, readJson } from "~/utils/api.server";
import { requireUser } from "~/services/auth.server";

// Marks notifications read: `{ids: [...]}` (ids that are not yours change nothing) or `{all: true}`.
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireUser(request, context);
  const input = await readJson(request, MarkReadSchema);
  return json({ unreadCount: await markNotificationsRead(user.id, "all" in input ? { all: true } : { ids: input.ids }) });
}

export const loader = () => methodNotAllowed(["POST"]);
