import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { listMembers } from "~/models/accounts/members.server";
import { methodNotAllowed } from "~/utils/api.server";
import { requireAdmin } from "~/services/auth.server";

/** Every member with completed and enrolled course counts (admin only). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return json(await listMembers());
}
export const action = () => methodNotAllowed(["GET"]);
