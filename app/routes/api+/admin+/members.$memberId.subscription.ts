import { json, type ActionFunctionArgs } from "@remix-run/node";
import { changeMemberSubscription, SubscriptionChangeSchema } from "~/models/accounts/members.server";
import { apiError, idParam, methodNotAllowed, readJson } from "~/utils/api.server";
import { requireAdmin } from "~/services/auth.server";

export const loader = () => methodNotAllowed(["PUT"]);

/** An admin sets a member's plan: `{ plan, status }` → the updated subscription. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  await requireAdmin(request, context);
  const memberId = idParam(params.memberId, "Member");
  const change = await readJson(request, SubscriptionChangeSchema);
  const outcome = await changeMemberSubscription(memberId, change);
  if (!outcome.ok) return apiError(outcome.status, outcome.message);
  return json({ ...outcome.subscription, isPremium: outcome.member.isPremium });
}
