import { json, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { billingErrorResponse, setCancelAtPeriodEnd } from "~/models/billing/billing.server";
import { methodNotAllowed, readJson } from "~/utils/api.server";
import { requireUser } from "~/services/auth.server";

// { cancel: true } stops renewal at the end of the paid period; { cancel: false } undoes it.
const CancelSchema = z.object({ cancel: z.boolean().default(true) });

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireUser(request, context);
  const { cancel } = await readJson(request, CancelSchema);
  try {
    return json(await setCancelAtPeriodEnd(user, cancel));
  } catch (error) {
    return billingErrorResponse(error);
  }
}

export const loader = () => methodNotAllowed(["POST"]);
