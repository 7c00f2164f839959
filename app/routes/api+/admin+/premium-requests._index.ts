import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { listOpenPremiumRequests } from "~/models/billing/premium-requests.server";
import { methodNotAllowed } from "~/utils/api.server";
import { requireAdmin } from "~/services/auth.server";

/** Open Premium requests, oldest first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return json({ requests: await listOpenPremiumRequests() });
}

export const action = () => methodNotAllowed(["GET"]);
