import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { buttonClasses } from "~/components/ui/button";

/** The body of a learning page's 404: a heading, a line of help and one way back. */
export function NotFoundPanel({
  title,
  message,
  linkTo,
  linkLabel,
  icon,
}: {
  title: string;
  message: string;
  linkTo: string;
  linkLabel: string;
  icon?: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-xl px-6 py-24 text-center">
      {icon ? <div className="mb-4 flex justify-center text-accent">{icon}</div> : null}
      <h1 className="font-display text-3xl">{title}</h1>
      <p className="mt-4 opacity-80">{message}</p>
      <Link to={linkTo} className={buttonClasses("primary", "mt-8")}>
        {linkLabel}
      </Link>
    </div>
  );
}

/** Any other failure of a learning page. */
export function SomethingWentWrong() {
  return (
    <NotFoundPanel
      title="Something went wrong"
      message="We could not finish that request. Please try again in a moment."
      linkTo="/"
      linkLabel="Return home"
    />
  );
}
