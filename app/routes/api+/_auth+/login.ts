import { json, type ActionFunctionArgs } from "@remix-run/node";
import { LoginSchema } from "~/schemas/auth";
import { apiError, methodNotAllowed, readJson } from "~/utils/api.server";
import { attemptLogin, createUserSession } from "~/services/auth.server";
import { refusalResponse } from "~/services/auth-api.server";
import { trustedDeviceKey } from "~/services/trusted-device.server";

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const input = await readJson(request, LoginSchema);
  const result = await attemptLogin(input, context.clientIp, await trustedDeviceKey(request, input.username));
  if (!result.ok) return refusalResponse(result.refusal);
  const { user } = result;
  const headers = await createUserSession(request, user);
  return json({ id: user.id, username: user.username, role: user.role }, { headers });
}

export const loader = () => apiError(405, "Use POST to sign in", undefined, { headers: { Allow: "POST" } });
