import { json, type ActionFunctionArgs } from "@remix-run/node";
import { RoleChangeError, setMemberRole } from "~/models/accounts/member-role.server";
import { RoleChangeSchema } from "~/schemas/member-role";
import { answerRefusals, idParam, methodNotAllowed, readJson } from "~/utils/api.server";
import { requireAdmin } from "~/services/auth.server";

export const loader = () => methodNotAllowed(["PUT"]);

/** An admin sets a member's role: `{ role, canCreateCourses? }` → `{ id, username, role, canCreateCourses }`. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  const admin = await requireAdmin(request, context);
  const memberId = idParam(params.memberId, "Member");
  const change = await readJson(request, RoleChangeSchema);
  return await answerRefusals(RoleChangeError, async () => json(await setMemberRole(admin, memberId, change)));
}
