import { methodNotAllowed } from "~/utils/api.server";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/utils/auth.server";
import { toPublicUser } from "~/models/user.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return json(toPublicUser(user));
}
export const action = () => methodNotAllowed(["GET"]);
