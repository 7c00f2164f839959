import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { getAccountProfile, updateProfile } from "~/models/accounts/account.server";
import { ProfileSchema } from "~/schemas/account";
import { answerAccountRefusal } from "~/services/account-api.server";
import { methodNotAllowed, readJson } from "~/utils/api.server";
import { requireUser } from "~/services/auth.server";

/** The member's own profile, email included (only ever sent to the member themselves). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return json(getAccountProfile(user));
}

/** PUT {name?, firstName?, email?, bio?, certificateName?}: a field left out or blank is cleared; certificateName left out is kept (issue 47). */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  const user = await requireUser(request, context);
  const input = await readJson(request, ProfileSchema);
  return await answerAccountRefusal(request, async () => json(getAccountProfile(await updateProfile(user.id, input))));
}
