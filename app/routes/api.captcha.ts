import { json } from "@remix-run/node";
import { createCaptcha } from "~/models/captcha.server";

export function loader() {
  return json(createCaptcha(), { headers: { "Cache-Control": "no-store" } });
}
