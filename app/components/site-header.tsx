import { useLocation } from "@remix-run/react";
import { Menu, Moon, Settings, Sparkles } from "~/components/ui/icons";
import { NotificationBell } from "~/components/notifications/notification-bell";
import { useEffect, useRef, type KeyboardEvent } from "react";
import type { PublicUser } from "~/models/accounts/user.server";
import { buttonClasses } from "~/components/ui/button";
import { AppLink } from "~/components/ui/app-link";
import { cn } from "~/utils/misc";

const desktopLinks = [
  { to: "/courses", label: "Courses" },
  { to: "/community", label: "Community" },
  { to: "/tools-templates", label: "Tools" },
  { to: "/knowledge-base", label: "Knowledge" },
  { to: "/themes", label: "Themes" },
];

const mobileLinks = [
  { to: "/courses", label: "Courses" },
  { to: "/community", label: "Community" },
  { to: "/tools-templates", label: "Tools & Templates" },
  { to: "/knowledge-base", label: "Knowledge Base" },
  { to: "/theme-settings", label: "Theme Settings" },
];

export function SiteHeader({ user, unreadNotifications = 0 }: { user: Pick<PublicUser, "username" | "role"> | null; unreadNotifications?: number }) {
  const { pathname } = useLocation();
  const portalHref = user ? "/students" : "/login";
  // Admins and instructors review the assignments of their courses (issue 45).
  const isStaff = user?.role === "admin" || user?.role === "instructor";
  const mobileMenu = useRef<HTMLDetailsElement>(null);

  // The header stays mounted across navigations: close the menu once a link in it has been followed.
  useEffect(() => {
    if (mobileMenu.current) mobileMenu.current.open = false;
  }, [pathname]);

  function closeMenuOnEscape(event: KeyboardEvent<HTMLDetailsElement>) {
    const menu = mobileMenu.current;
    if (event.key !== "Escape" || !menu?.open) return;
    menu.open = false;
    menu.querySelector("summary")?.focus();
  }

  return (
    <header className="sticky top-0 z-40 border-b border-primary/20 bg-background/80 backdrop-blur">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3">
        <AppLink to="/" className="flex items-center gap-2 font-display text-xl font-semibold">
          <Moon className="h-6 w-6 text-accent" aria-hidden />
          Mystic Academy
        </AppLink>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {desktopLinks.map((link) => {
            // What NavLink works out per link, from the one location read above (a NavLink costs twice a Link to render).
            const active = pathname === link.to || pathname.startsWith(`${link.to}/`);
            return (
              <AppLink
                key={link.to}
                to={link.to}
                aria-current={active ? "page" : undefined}
                className={buttonClasses("ghost", active ? "bg-primary/20" : undefined, "sm")}
              >
                {link.label}
              </AppLink>
            );
          })}
          {pathname === "/" ? (
            <a href="#oracle" className={buttonClasses("ghost", "text-accent", "sm")}>
              <Sparkles className="h-4 w-4" aria-hidden /> Revenue Oracle
            </a>
          ) : null}
          {user?.role === "instructor" ? (
            <AppLink to="/admin/courses" className={buttonClasses("ghost", pathname.startsWith("/admin/courses") ? "bg-primary/20" : undefined, "sm")}>
              My Courses
            </AppLink>
          ) : null}
          {isStaff ? (
            <AppLink
              to="/reviews"
              aria-current={pathname === "/reviews" ? "page" : undefined}
              // Only from lg: between md and lg the row is full (the course pages link to the queue there).
              className={buttonClasses("ghost", cn("hidden lg:inline-flex", pathname.startsWith("/reviews") && "bg-primary/20"), "sm")}
            >
              Reviews
            </AppLink>
          ) : null}
          {user ? <NotificationBell initialCount={unreadNotifications} /> : null}
          {user ? (
            <AppLink to="/settings" className={buttonClasses("ghost", "ml-2", "icon")} aria-label="Account Settings" title="Account Settings">
              <Settings className="h-5 w-5" aria-hidden />
            </AppLink>
          ) : null}
          <AppLink to={portalHref} className={buttonClasses("primary", "ml-2")}>
            Portal
          </AppLink>
        </nav>
        {/* On a phone the bell stays beside the menu. */}
        {user ? (
          <div className="ml-auto md:hidden">
            <NotificationBell initialCount={unreadNotifications} />
          </div>
        ) : null}
        {/* <details> opens without JavaScript; CSS hides it on wide screens. */}
        <details ref={mobileMenu} onKeyDown={closeMenuOnEscape} className="relative md:hidden">
          <summary className={buttonClasses("ghost", "list-none", "icon")} aria-label="Open menu">
            <Menu className="h-6 w-6" aria-hidden />
          </summary>
          <nav aria-label="Mobile" className="absolute right-0 mt-2 flex w-56 flex-col gap-1 rounded-lg border border-primary/30 bg-background p-2 shadow-xl">
            {mobileLinks.map((link) => (
              <AppLink
                key={link.to}
                to={link.to}
                className={buttonClasses("ghost", "justify-start")}
              >
                {link.label}
              </AppLink>
            ))}
            {pathname === "/" ? (
              <a href="#oracle" className={buttonClasses("ghost", "justify-start")}>
                Revenue Oracle
              </a>
            ) : null}
            {user ? (
              <AppLink to="/settings" className={buttonClasses("ghost", "justify-start")}>
                Account Settings
              </AppLink>
            ) : null}
            {isStaff ? (
              <AppLink to="/reviews" className={buttonClasses("ghost", "justify-start")}>
                Reviews
              </AppLink>
            ) : null}
            {user?.role === "instructor" ? (
              <AppLink to="/admin/courses" className={buttonClasses("primary", "mt-1")}>
                My Courses
              </AppLink>
            ) : (
              <AppLink to="/admin" className={buttonClasses("primary", "mt-1")}>
                Admin Portal
              </AppLink>
            )}
          </nav>
        </details>
      </div>
    </header>
  );
}
