import { json, type ActionFunctionArgs } from "@remix-run/node";
import { billingErrorResponse, handleWebhook, STRIPE_WEBHOOK_MAX_BYTES } from "~/models/billing/billing.server";
import { methodNotAllowed, readCappedBytes } from "~/utils/api.server";

// Stripe → academy: subscription changes (paid, past due, cancelled, renewed).
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const body = await readCappedBytes(request, STRIPE_WEBHOOK_MAX_BYTES);
  try {
    const outcome = await handleWebhook(body, request.headers.get("Stripe-Signature"));
    return json({ received: true, outcome });
  } catch (error) {
    return billingErrorResponse(error);
  }
}

export const loader = () => methodNotAllowed(["POST"]);
