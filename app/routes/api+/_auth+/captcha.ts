import { methodNotAllowed } from "~/utils/api.server";
import { json } from "@remix-run/node";
import { createCaptcha } from "~/models/accounts/captcha.server";

export function loader() {
  return json(createCaptcha(), { headers: { "Cache-Control": "no-store" } });
}
export const action = () => methodNotAllowed(["GET"]);
