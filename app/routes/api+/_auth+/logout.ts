import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { logout } from "~/services/auth.server";

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return json({ message: "Method not allowed" }, { status: 405 });
  return json({ success: true }, { headers: await logout(request) });
}

// The portal's Logout button is a plain link to /api/logout (spec §2): the one
// GET that changes state. SameSite=Lax keeps other sites from triggering it in
// the background; a cross-site top-level link only signs the visitor out.
export async function loader({ request }: LoaderFunctionArgs) {
  return redirect("/", { headers: await logout(request) });
}
