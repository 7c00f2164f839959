import { json, type ActionFunctionArgs } from "@remix-run/node";
import { billingErrorResponse, deactivatePromotionCode } from "~/models/billing/billing.server";
import { methodNotAllowed } from "~/utils/api.server";
import { requireAdmin } from "~/services/auth.server";

/** Switches a promotion code off on Stripe; it stays listed with its redemptions. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  await requireAdmin(request, context);
  try {
    return json(await deactivatePromotionCode(params.promotionCodeId ?? ""));
  } catch (error) {
    return billingErrorResponse(error);
  }
}

export const loader = () => methodNotAllowed(["POST"]);
