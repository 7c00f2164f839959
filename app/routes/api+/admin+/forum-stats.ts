import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { forumStats } from "~/models/forum.server";
import { methodNotAllowed } from "~/utils/api.server";
import { requireAdmin } from "~/services/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return json(forumStats());
}
export const action = () => methodNotAllowed(["GET"]);
