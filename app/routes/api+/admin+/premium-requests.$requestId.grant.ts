import { json, type ActionFunctionArgs } from "@remix-run/node";
import { grantPremiumRequest, PremiumRequestRefusal } from "~/models/billing/premium-requests.server";
import { apiError, idParam, methodNotAllowed } from "~/utils/api.server";
import { requireAdmin } from "~/services/auth.server";

export const loader = () => methodNotAllowed(["POST"]);

/** Grants the member Premium (as the member directory does) and closes the request. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const admin = await requireAdmin(request, context);
  const id = idParam(params.requestId, "Premium request");
  try {
    const { username } = await grantPremiumRequest(admin, id);
    return json({ id, outcome: "granted", username });
  } catch (error) {
    if (error instanceof PremiumRequestRefusal) return apiError(error.status, error.message);
    throw error;
  }
}
