import { useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { AppLink } from "~/components/ui/app-link";
import { buttonClasses } from "~/components/ui/button";
import { Bell } from "~/components/ui/icons";

const REFRESH_MS = 60_000;

/**
 * The header's bell with the member's unread count (issue 25). The first
 * figure comes with the page; then it is asked again after each navigation and
 * every 60 s while the tab is visible. The badge sits over the icon, so a
 * changing figure never moves the header.
 */
export function NotificationBell({ initialCount }: { initialCount: number }) {
  const [count, setCount] = useState(initialCount);
  const { pathname } = useLocation();

  useEffect(() => setCount(initialCount), [initialCount]);

  useEffect(() => {
    let cancelled = false;
    const refresh = () => {
      if (document.visibilityState !== "visible") return;
      fetch("/api/notifications?unread=1", { headers: { Accept: "application/json" } })
        .then((response) => (response.ok ? (response.json() as Promise<{ unreadCount?: unknown }>) : null))
        .then((body) => {
          if (!cancelled && typeof body?.unreadCount === "number") setCount(body.unreadCount);
        })
        .catch(() => undefined);
    };
    const timer = window.setInterval(refresh, REFRESH_MS);
    document.addEventListener("visibilitychange", refresh);
    refresh();
    return () => {
      cancelled = true;
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", refresh);
    };
  }, [pathname]);

  const label = count === 0 ? "Notifications" : `Notifications: ${count} unread`;
  return (
    <AppLink to="/notifications" className={buttonClasses("ghost", "relative", "icon")} aria-label={label} title={label} data-testid="notification-bell">
      <Bell className="h-5 w-5" aria-hidden />
      {count > 0 ? (
        <span
          className="absolute -right-1 -top-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-accent px-1 text-xs font-bold text-background"
          data-testid="notification-count"
          aria-hidden
        >
          {count > 99 ? "99+" : count}
        </span>
      ) : null}
    </AppLink>
  );
}
