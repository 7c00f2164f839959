import { json, type ActionFunctionArgs } from "@remix-run/node";
import { changePassword } from "~/models/accounts/account.server";
import { ChangePasswordSchema } from "~/schemas/account";
import { answerAccountRefusal } from "~/services/account-api.server";
import { methodNotAllowed, readJson } from "~/utils/api.server";
import { requireUser } from "~/services/auth.server";
import { getSession } from "~/models/accounts/session.server";

/** PUT {currentPassword, newPassword}: every other session of the member is signed out; this one stays. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  const user = await requireUser(request, context);
  const input = await readJson(request, ChangePasswordSchema);
  const session = await getSession(request, context);
  return await answerAccountRefusal(request, async () => {
    const { signedOutSessions } = await changePassword(user.id, { sessionId: session.id || null, ip: context.clientIp }, input);
    return json({ message: "Password changed.", signedOutSessions });
  });
}

export const loader = () => methodNotAllowed(["PUT"]);
