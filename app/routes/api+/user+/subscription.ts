import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { getSubscriptionSummary } from "~/models/billing/subscription.server";
import { methodNotAllowed } from "~/utils/api.server";
import { requireUser } from "~/services/auth.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return json(await getSubscriptionSummary(user));
}

export const action = () => methodNotAllowed(["GET"]);
