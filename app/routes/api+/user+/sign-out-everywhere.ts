import { json, type ActionFunctionArgs } from "@remix-run/node";
import { signOutEverywhere } from "~/models/accounts/account.server";
import { methodNotAllowed } from "~/utils/api.server";
import { logout, requireUser } from "~/services/auth.server";

/** POST: ends every session of the member, the caller's included. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireUser(request, context);
  const signedOutSessions = await signOutEverywhere(user.id);
  return json({ signedOutSessions }, { headers: await logout(request) });
}

export const loader = () => methodNotAllowed(["POST"]);
