import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { getRevenueStats } from "~/models/accounts/members.server";
import { methodNotAllowed } from "~/utils/api.server";
import { requireAdmin } from "~/services/auth.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return json(await getRevenueStats());
}
export const action = () => methodNotAllowed(["GET"]);
