import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button";

/** What an admin page shows when its loader or action failed, with a way back. */
export function AdminErrorPanel({ backTo, backLabel, notFoundTitle }: { backTo: string; backLabel: string; notFoundTitle?: string }) {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title =
    status === 404 && notFoundTitle ? notFoundTitle : status < 500 ? "That request could not be handled." : "Something went wrong";
  return (
    <div className="mx-auto max-w-xl px-6 py-24 text-center">
      <h1 className="font-display text-3xl">{title}</h1>
      <p className="mt-4 opacity-80">Please go back and try again.</p>
      <Link to={backTo} className={buttonClasses("outline", "mt-8")}>
        {backLabel}
      </Link>
    </div>
  );
}
