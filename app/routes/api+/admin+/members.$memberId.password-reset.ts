import { json, type ActionFunctionArgs } from "@remix-run/node";
import { AdminResetRefusedError, createAdminResetLink } from "~/models/accounts/password-reset.server";
import { answerRefusals, idParam, methodNotAllowed } from "~/utils/api.server";
import { requireAdmin } from "~/services/auth.server";
import { publicOrigin } from "~/utils/misc.server";

export const loader = () => methodNotAllowed(["POST"]);

/** An admin makes a single-use reset link for a student: `{ url, expiresAt, memberId, username }`, shown this once. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const admin = await requireAdmin(request, context);
  const memberId = idParam(params.memberId, "Member");
  const origin = publicOrigin(request);
  return await answerRefusals(AdminResetRefusedError, async () => {
    const link = await createAdminResetLink(admin.id, memberId, origin);
    return json({ ...link, expiresAt: link.expiresAt.toISOString() }, { status: 201, headers: { "Cache-Control": "no-store" } });
  });
}
