import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { LogOut } from "~/components/ui/icons";
import { Button, buttonClasses } from "~/components/ui/button";
import { AppLink } from "~/components/ui/app-link";
import { getOptionalUser, homeFor, logout } from "~/services/auth.server";

// Signing out changes state, so it is a POST (issue 39): every "Logout" button
// is a plain form posting here, which works without JavaScript. A GET (an old
// link, a typed address, a link from another site) only asks.

export const meta: MetaFunction = () => [{ title: "Sign out? — Mystic Academy" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request, context);
  if (!user) return redirect("/");
  return json({ username: user.username, home: homeFor(user) }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  return redirect("/", { headers: await logout(request) });
}

export default function SignOutPage() {
  const { username, home } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const signingOut = navigation.formAction === "/logout";
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <div className="card glow space-y-6 text-center">
        <LogOut className="mx-auto h-10 w-10 text-accent" aria-hidden />
        <h1 className="font-display text-3xl">Sign out?</h1>
        <p>
          You are signed in as <span className="font-semibold">{username}</span>.
        </p>
        <div className="flex justify-center gap-3">
          <Form method="post" action="/logout">
            <Button type="submit" disabled={signingOut}>
              {signingOut ? "Signing out..." : "Sign out"}
            </Button>
          </Form>
          <AppLink to={home} className={buttonClasses("outline")}>
            Stay signed in
          </AppLink>
        </div>
      </div>
    </div>
  );
}
