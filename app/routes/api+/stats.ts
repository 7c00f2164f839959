import { methodNotAllowed } from "~/utils/api.server";
import { json } from "@remix-run/node";
import { getPlatformStats } from "~/models/stats.server";

export function loader() {
  return json(getPlatformStats());
}
export const action = () => methodNotAllowed(["GET"]);
