import { json, type ActionFunctionArgs } from "@remix-run/node";
import { RegisterSchema } from "~/schemas/auth";
import { methodNotAllowed, readJson } from "~/utils/api.server";
import { attemptRegistration, createUserSession } from "~/services/auth.server";
import { refusalResponse } from "~/services/auth-api.server";

// Any `role` in the body is ignored: the schema drops unknown keys and
// registration always creates a student.
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const input = await readJson(request, RegisterSchema);
  const result = await attemptRegistration(input, context.clientIp);
  if (!result.ok) return refusalResponse(result.refusal);
  const { user } = result;
  const headers = await createUserSession(request, user);
  return json({ id: user.id, username: user.username, role: user.role }, { status: 201, headers });
}

export const loader = () => methodNotAllowed(["POST"]);
