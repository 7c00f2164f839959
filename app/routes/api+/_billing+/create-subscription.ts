import { json, type ActionFunctionArgs } from "@remix-run/node";
import { billingErrorResponse, createSubscriptionIntent } from "~/models/billing/billing.server";
import { SubscriptionRequestSchema } from "~/schemas/promotion-code";
import { methodNotAllowed, readJson } from "~/utils/api.server";
import { requireUser } from "~/services/auth.server";

// Starts a Premium subscription (`{ promotionCode? }`, body optional); the browser confirms the payment or, for a trial, saves the card with Stripe.js.
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireUser(request, context);
  const input = await readJson(request, SubscriptionRequestSchema);
  try {
    return json(await createSubscriptionIntent(user, input));
  } catch (error) {
    return billingErrorResponse(error);
  }
}

export const loader = () => methodNotAllowed(["POST"]);
