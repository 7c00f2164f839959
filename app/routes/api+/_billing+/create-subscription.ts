import { json, type ActionFunctionArgs } from "@remix-run/node";
import { billingErrorResponse, createSubscriptionIntent } from "~/models/billing.server";
import { methodNotAllowed } from "~/utils/api.server";
import { requireUser } from "~/services/auth.server";

// Starts a Premium subscription; the browser confirms the payment with Stripe.js.
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireUser(request, context);
  try {
    return json(await createSubscriptionIntent(user));
  } catch (error) {
    return billingErrorResponse(error);
  }
}

export const loader = () => methodNotAllowed(["POST"]);
