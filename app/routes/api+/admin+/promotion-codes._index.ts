import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { billingErrorResponse, createPromotionCode, listPromotionCodes } from "~/models/billing/billing.server";
import { PromotionCodeSchema } from "~/schemas/promotion-code";
import { methodNotAllowed, readJson } from "~/utils/api.server";
import { requireAdmin } from "~/services/auth.server";

/** The promotion codes on Stripe, newest first, with their redemptions. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  try {
    return json(await listPromotionCodes());
  } catch (error) {
    return billingErrorResponse(error);
  }
}

/** `{ code, discountType, percentOff | amountOff, duration, durationInMonths?, maxRedemptions?, expiresOn? }` → 201 with the new code. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  await requireAdmin(request, context);
  const input = await readJson(request, PromotionCodeSchema, { paths: "full" });
  try {
    return json(await createPromotionCode(input), { status: 201 });
  } catch (error) {
    return billingErrorResponse(error);
  }
}
