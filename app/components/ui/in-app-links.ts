import { useNavigate } from "@remix-run/react";
import { useCallback, type MouseEvent } from "react";

/**
 * Links to our own pages that a page renders many times (the header, the
 * footer, a row per reply or article) are `<AppLink>`s (app-link.tsx): plain
 * `<a href data-discover>` elements, followed by the router from one click
 * handler on the body (root.tsx). A router `<Link>` resolves its path and reads
 * the router's state each time it renders: the header's and footer's two dozen
 * cost about a quarter of a member's page (decision 020, docs/performance.md).
 *
 * Without JavaScript they are ordinary links. Clicks with a modifier key or
 * another button, links to another site or target, downloads and links without
 * `data-discover` (same-page anchors, files) are left to the browser.
 * `data-discover` also lets Remix fetch the linked routes ahead, as it does for
 * a `<Link>`; `data-prevent-scroll-reset` keeps the scroll position, as
 * `<Link preventScrollReset>` does.
 */
export function useInAppLinks() {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const anchor = event.target instanceof Element ? event.target.closest("a") : null;
      if (!anchor?.hasAttribute("data-discover") || (anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return;
      const url = new URL(anchor.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      const to = url.pathname + url.search + url.hash;
      // A link to the page already shown replaces its history entry, as a router <Link> does.
      const here = window.location.pathname + window.location.search + window.location.hash;
      navigate(to, { preventScrollReset: anchor.hasAttribute("data-prevent-scroll-reset"), replace: to === here });
    },
    [navigate],
  );
}
