import { methodNotAllowed } from "~/utils/api.server";
import { json } from "@remix-run/node";
import { getPlatformStats } from "~/models/reports/stats.server";

export async function loader() {
  return json(await getPlatformStats());
}
export const action = () => methodNotAllowed(["GET"]);
