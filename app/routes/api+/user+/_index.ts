import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { deleteAccount } from "~/models/accounts/account.server";
import { toPublicUser } from "~/models/accounts/user.server";
import { DeleteAccountSchema } from "~/schemas/account";
import { answerAccountRefusal } from "~/services/account-api.server";
import { methodNotAllowed, readJson } from "~/utils/api.server";
import { logout, requireUser } from "~/services/auth.server";
import { getSession } from "~/models/accounts/session.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return json(toPublicUser(user));
}

/** DELETE {password}: deletes the member's account (see deleteAccount for what stays). */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["GET", "DELETE"]);
  const user = await requireUser(request, context);
  const { password } = await readJson(request, DeleteAccountSchema);
  const session = await getSession(request, context);
  return await answerAccountRefusal(request, async () => {
    await deleteAccount(user.id, { sessionId: session.id || null, ip: context.clientIp }, password);
    return json({ message: "Your account has been deleted." }, { headers: await logout(request) });
  });
}
