import type { AriaAttributes, ReactNode } from "react";

interface AppLinkProps {
  /** A page of this site: "/course/1", "/login?redirect=%2Fthemes". */
  to: string;
  children: ReactNode;
  className?: string;
  /** Keep the scroll position when the link is followed, as `<Link preventScrollReset>` does. */
  preventScrollReset?: boolean;
  title?: string;
  "aria-label"?: string;
  "aria-current"?: AriaAttributes["aria-current"];
  "data-testid"?: string;
}

/**
 * A link to one of our own pages, for the links a page renders many times
 * (the header, the footer, a row per course, reply or article). It renders a
 * plain `<a href data-discover>`: no router hooks run for it, and one click
 * handler on the body (in-app-links.ts, root.tsx) follows it in the app, so it
 * behaves like a router `<Link>` at a fraction of the cost (decision 020).
 * Without JavaScript it is an ordinary link. Use `<Link>` where the router's
 * own features are needed (relative paths, `state`, `replace`, `NavLink`).
 *
 * The attributes are named one by one: collecting "the rest" of the props
 * (`{ to, ...anchor }`) made each link cost 4-5 µs to render instead of ~1.3.
 */
export function AppLink(props: AppLinkProps) {
  return (
    <a
      href={props.to}
      data-discover="true"
      data-prevent-scroll-reset={props.preventScrollReset || undefined}
      className={props.className}
      title={props.title}
      aria-label={props["aria-label"]}
      aria-current={props["aria-current"]}
      data-testid={props["data-testid"]}
    >
      {props.children}
    </a>
  );
}
