import { json, type ActionFunctionArgs } from "@remix-run/node";
import { dismissPremiumRequest, PremiumRequestRefusal } from "~/models/billing/premium-requests.server";
import { answerRefusals, idParam, methodNotAllowed } from "~/utils/api.server";
import { requireAdmin } from "~/services/auth.server";

export const loader = () => methodNotAllowed(["POST"]);

/** Closes the request; the member's plan stays as it is. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const admin = await requireAdmin(request, context);
  const id = idParam(params.requestId, "Premium request");
  return await answerRefusals(PremiumRequestRefusal, async () => json({ id, outcome: "dismissed", ...await dismissPremiumRequest(admin, id) }));
}
