import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { listMembersWithSubscriptions, parseMemberDirectoryQuery } from "~/models/accounts/members.server";
import { methodNotAllowed } from "~/utils/api.server";
import { requireAdmin } from "~/services/auth.server";

/** The member directory as JSON: ?q= (name, email or username), ?plan=all|basic|premium, ?page=. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const { members, total, page, pageCount, pageSize } = await listMembersWithSubscriptions(parseMemberDirectoryQuery(new URL(request.url).searchParams));
  return json(members, { headers: { "X-Total-Count": String(total), "X-Page": String(page), "X-Page-Count": String(pageCount), "X-Page-Size": String(pageSize) } });
}
export const action = () => methodNotAllowed(["GET"]);
