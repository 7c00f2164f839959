import { json, type ActionFunctionArgs } from "@remix-run/node";
import { billingErrorResponse, confirmUpgrade } from "~/models/billing/billing.server";
import { methodNotAllowed } from "~/utils/api.server";
import { requireUser } from "~/services/auth.server";

// Called after the browser's payment succeeded; Premium only if Stripe agrees (else 402).
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireUser(request, context);
  try {
    return json(await confirmUpgrade(user));
  } catch (error) {
    return billingErrorResponse(error);
  }
}

export const loader = () => methodNotAllowed(["POST"]);
