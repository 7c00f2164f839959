import { methodNotAllowed } from "~/utils/api.server";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { getOptionalUser } from "~/services/auth.server";
import { toPublicUser } from "~/models/accounts/user.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request, context);
  if (!user) return json({ isAuthenticated: false, username: null, role: null, user: null });
  return json({ isAuthenticated: true, username: user.username, role: user.role, user: toPublicUser(user) });
}
export const action = () => methodNotAllowed(["GET"]);
