import { isRouteErrorResponse, useParams, useRouteError, type Params } from "@remix-run/react";
import type { ReactNode } from "react";
import { buttonClasses } from "~/components/ui/button";
import type { LucideIcon } from "~/components/ui/icons";
import { AppLink } from "~/components/ui/app-link";

// One error boundary for every route, as the Epic Stack has: a route names
// what it shows for the statuses it throws (404, 403 …) and otherwise gets the
// default. A thrown Error (not a Response) counts as 500.

export interface ErrorInfo {
  status: number;
  error: unknown;
  params: Params;
}

export type StatusHandler = (info: ErrorInfo) => ReactNode;

export function GeneralErrorBoundary({
  statusHandlers,
  defaultStatusHandler = ({ status }) => (status === 404 ? <NotFoundPage /> : <SomethingWentWrong />),
}: {
  statusHandlers?: Partial<Record<number, StatusHandler>>;
  defaultStatusHandler?: StatusHandler;
}) {
  const error = useRouteError();
  const params = useParams();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // 503 (the database away for a moment, issue 44) reads the same on every page.
  const handler = statusHandlers?.[status] ?? (status === 503 ? BrieflyUnavailable : defaultStatusHandler);
  return <>{handler({ status, error, params })}</>;
}

/** A 503: the academy cannot serve this right now, and says so in the server's words when it sent some. */
function BrieflyUnavailable({ error }: ErrorInfo) {
  const data: unknown = isRouteErrorResponse(error) ? error.data : null;
  const said = typeof data === "object" && data !== null && "message" in data && typeof data.message === "string" ? data.message : null;
  return <StatusPanel title="Briefly unavailable" message={said ?? "The academy cannot serve this page right now. Please try again in a moment."} />;
}

const LINK_LOOK = {
  primary: buttonClasses("primary", "mt-8"),
  outline: buttonClasses("outline", "mt-8"),
  plain: "mt-8 inline-block underline",
} as const;

const HOME = { to: "/", label: "Return home", look: "primary" } as const;

/**
 * The body of an error page: a heading, a line of help and one way back (a
 * plain in-app link, so it works whatever state the router is in; home
 * unless `link` says otherwise).
 */
export function StatusPanel({
  title,
  message,
  link = HOME,
  icon: Icon,
  titleClassName = "font-display text-3xl",
}: {
  title: string;
  message: string;
  link?: { to: string; label: string; look: keyof typeof LINK_LOOK };
  icon?: LucideIcon;
  titleClassName?: string;
}) {
  return (
    <div className="mx-auto max-w-xl px-6 py-24 text-center">
      {Icon ? (
        <div className="mb-4 flex justify-center text-accent">
          <Icon className="h-10 w-10" aria-hidden />
        </div>
      ) : null}
      <h1 className={titleClassName}>{title}</h1>
      <p className="mt-4 opacity-80">{message}</p>
      <AppLink to={link.to} className={LINK_LOOK[link.look]}>
        {link.label}
      </AppLink>
    </div>
  );
}

/** The 404 page (app/routes/$.tsx), and what any route shows for a 404 it has no words of its own for. */
export function NotFoundPage() {
  return (
    <StatusPanel
      title="Page Not Found"
      message="The page you are looking for has wandered off the path."
      link={{ ...HOME, look: "plain" }}
      titleClassName="font-display text-4xl"
    />
  );
}

/** Any other failure. */
export function SomethingWentWrong() {
  return <StatusPanel title="Something went wrong" message="We could not finish that request. Please try again in a moment." />;
}

/**
 * The boundary of a page one goes back to after a failed request (an admin
 * page, the settings): the member's mistake (4xx) or ours, and a link back.
 */
export function PageErrorBoundary({
  backTo,
  backLabel,
  message = "Please go back and try again.",
  notFoundTitle,
  statusHandlers,
}: {
  backTo: string;
  backLabel: string;
  message?: string;
  /** The heading for a 404, when the page has one of its own. */
  notFoundTitle?: string;
  /** What the page shows for statuses it has words of its own for. */
  statusHandlers?: Partial<Record<number, StatusHandler>>;
}) {
  return (
    <GeneralErrorBoundary
      statusHandlers={statusHandlers}
      defaultStatusHandler={({ status }) => (
        <StatusPanel
          title={status === 404 && notFoundTitle ? notFoundTitle : status < 500 ? "That request could not be handled." : "Something went wrong"}
          message={message}
          link={{ to: backTo, label: backLabel, look: "outline" }}
        />
      )}
    />
  );
}
