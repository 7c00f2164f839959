import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useMatches, useRouteLoaderData } from "@remix-run/react";
import { lazy, Suspense, type ReactNode } from "react";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { ParticleLayer } from "~/components/ambience/particle-layer";
import { SuccessChime } from "~/components/ambience/success-chime";
import { Toaster } from "~/components/toaster";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { getContactLink } from "~/models/platform/academy-settings.server";
import { getOptionalUser } from "~/services/auth.server";
import { combineHeaders } from "~/utils/headers.server";
import { readAppearance } from "~/models/platform/appearance.server";
import { toPublicUser } from "~/models/accounts/user.server";
import { useNonce } from "~/utils/nonce-provider";
import { getSession, refreshSessionIfDue } from "~/models/accounts/session.server";
import { DEFAULT_THEME, DEFAULT_THEME_SETTINGS, themeStyle } from "~/utils/themes";
import { getToast } from "~/utils/toast.server";
import { unreadNotificationCount } from "~/models/notifications/notifications.server";
import stylesheet from "~/styles/tailwind.css?url";
import { useInAppLinks } from "~/components/ui/in-app-links";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [
  { title: "Mystic Academy — training for spiritual advisors" },
  { name: "description", content: "Courses, community and tools for spiritual advisors building an ethical practice." },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [user, { toast, headers: toastHeaders }, session] = await Promise.all([
    getOptionalUser(request, context),
    getToast(request),
    getSession(request, context),
  ]);
  const refreshedCookie = user ? await refreshSessionIfDue(request, session) : null;
  // The theme is in the first HTML (attributes on <html>), so a page never flashes the default one.
  const publicUser = user ? toPublicUser(user) : null;
  const appearance = await readAppearance(request, publicUser);
  return json(
    { user: publicUser, unreadNotifications: user ? (context.memo.unreadNotifications ?? (await unreadNotificationCount(user.id))) : 0, appearance, toast, contact: await getContactLink() },
    { headers: combineHeaders(toastHeaders, refreshedCookie ? { "Set-Cookie": refreshedCookie } : null) },
  );
}

export type RootLoaderData = typeof loader;

function Document({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const followInApp = useInAppLinks();
  const data = useRouteLoaderData<RootLoaderData>("root");
  const theme = data?.appearance.moodTheme ?? DEFAULT_THEME;
  const settings = data?.appearance.themeSettings ?? DEFAULT_THEME_SETTINGS;
  return (
    <html
      lang="en"
      data-theme={theme}
      data-particles={settings.particleEffects ? "on" : "off"}
      style={themeStyle(theme, settings)}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      {/* <AppLink>s anywhere on the page are followed in the app (in-app-links.ts, decision 020). */}
      <body onClick={followInApp} className="flex min-h-screen flex-col font-sans antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  return <Document>{children}</Document>;
}

// Only signed-in members get the study companion, so visitors never download it.
const CompanionWidget = lazy(() => import("~/components/companion/companion-widget").then((module) => ({ default: module.CompanionWidget })));

/** The bell's count: the root's, unless the page read notifications while loading (a topic its "new replies") and says what is left. */
function useUnreadNotifications(counted: number): number {
  const matches = useMatches();
  for (const match of [...matches].reverse()) {
    const left = (match.data as { unreadNotifications?: unknown } | undefined)?.unreadNotifications;
    if (match.id !== "root" && typeof left === "number") return left;
  }
  return counted;
}

export default function App() {
  const { user, unreadNotifications: counted, appearance, toast, contact } = useLoaderData<typeof loader>();
  const unreadNotifications = useUnreadNotifications(counted);
  return (
    <>
      {/* The first thing a keyboard reaches; hidden until focused. */}
      <a
        href="#main-content"
        className="sr-only left-4 top-2 z-50 rounded-md bg-background px-4 py-2 font-medium text-foreground outline outline-2 outline-accent focus:not-sr-only focus:fixed"
      >
        Skip to content
      </a>
      <ParticleLayer particleEffects={appearance.themeSettings.particleEffects} />
      <SiteHeader user={user} unreadNotifications={unreadNotifications} />
      <main id="main-content" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <SiteFooter user={user} contact={contact} />
      {user ? (
        <Suspense fallback={null}>
          <CompanionWidget />
        </Suspense>
      ) : null}
      <Toaster serverToast={toast} />
      <SuccessChime toast={toast} soundEffects={appearance.themeSettings.soundEffects} />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
