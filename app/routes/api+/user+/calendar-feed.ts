import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { feedPath, getFeedToken, resetFeedToken, revokeFeedToken } from "~/models/learning/calendar.server";
import { methodNotAllowed } from "~/utils/api.server";
import { requireUser } from "~/services/auth.server";
import { publicOrigin } from "~/utils/misc.server";

// The signed-in member's personal calendar feed: GET shows the address (or
// null), POST makes a new one (the old one stops working), DELETE revokes it.

const NO_STORE = { "Cache-Control": "no-store" };

function feedUrl(request: Request, token: string): string {
  return `${publicOrigin(request)}${feedPath(token)}`;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = await requireUser(request, context);
  const token = await getFeedToken(member.id);
  return json({ feedUrl: token ? feedUrl(request, token) : null }, { headers: NO_STORE });
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST" && request.method !== "DELETE") return methodNotAllowed(["GET", "POST", "DELETE"]);
  const member = await requireUser(request, context);
  if (request.method === "DELETE") {
    await revokeFeedToken(member.id);
    return json({ message: "Calendar feed revoked" }, { headers: NO_STORE });
  }
  return json({ feedUrl: feedUrl(request, await resetFeedToken(member.id)) }, { headers: NO_STORE });
}
