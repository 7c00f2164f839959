import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { clearConversation, listConversation } from "~/models/companion/companion.server";
import { methodNotAllowed } from "~/utils/api.server";
import { requireUser } from "~/services/auth.server";

/** The member's conversation with the study companion: the last 20 turns. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return json({ messages: await listConversation(user.id) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["GET", "DELETE"]);
  const user = await requireUser(request, context);
  await clearConversation(user.id);
  return json({ success: true });
}
