import { json, type ActionFunctionArgs } from "@remix-run/node";
import { logout } from "~/services/auth.server";
import { apiError } from "~/utils/api.server";

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return json({ message: "Method not allowed" }, { status: 405 });
  return json({ success: true }, { headers: await logout(request) });
}

// Signing out is a POST only (issue 39): SameSite=Lax lets a plain link from any
// site through as a top-level GET, so a GET must not end the session. Pages
// sign out with the form posting to /logout.
export const loader = () => apiError(405, "Use POST to sign out", undefined, { headers: { Allow: "POST" } });
