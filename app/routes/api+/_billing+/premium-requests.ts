import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { canRequestPremium, getOpenPremiumRequest, PremiumRequestRefusal, requestPremium } from "~/models/billing/premium-requests.server";
import { PremiumRequestSchema } from "~/schemas/premium-request";
import { answerRefusals, methodNotAllowed, readJson } from "~/utils/api.server";
import { requireUser } from "~/services/auth.server";

/** The member's open request (or null) and whether they may file one. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return json({ request: await getOpenPremiumRequest(user.id), canRequest: await canRequestPremium(user) });
}

/** `{ message? }` → 201 with the new request, or 200 with the one already open. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const user = await requireUser(request, context);
  const input = await readJson(request, PremiumRequestSchema);
  return await answerRefusals(PremiumRequestRefusal, async () => {
    const { request: filed, created } = await requestPremium(user, input);
    return json({ request: filed, created }, { status: created ? 201 : 200 });
  });
}
