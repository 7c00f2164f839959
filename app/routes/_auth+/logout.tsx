import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { logout } from "~/services/auth.server";

// The page form behind every "Logout" button (POST; works without JavaScript).
export async function action({ request }: ActionFunctionArgs) {
  return redirect("/", { headers: await logout(request) });
}

export function loader() {
  return redirect("/");
}
