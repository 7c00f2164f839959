import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { getPreferences, setPreferences } from "~/models/notifications/notifications.server";
import { PreferencesSchema } from "~/schemas/notifications";
import { methodNotAllowed, readJson } from "~/utils/api.server";
import { requireUser } from "~/services/auth.server";

// Which notification emails a member gets, and how often (issue 25). Account
// emails (password resets, payments, certificates) cannot be turned off.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return json({ ...await getPreferences(user.id), account: "instant" });
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  const user = await requireUser(request, context);
  const { account: _account, ...preferences } = await readJson(request, PreferencesSchema);
  return json({ ...await setPreferences(user.id, preferences), account: "instant" });
}
