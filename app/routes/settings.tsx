import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, isRouteErrorResponse, Link, useLoaderData, useNavigation, useRouteError } from "@remix-run/react";
import { CalendarDays, Copy, Link2Off, RefreshCw } from "lucide-react";
import type { ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { z } from "zod";
import { showToast } from "~/components/toaster";
import { buttonClasses } from "~/components/ui/button";
import { feedPath, getFeedToken, resetFeedToken, revokeFeedToken } from "~/models/calendar.server";
import { homeFor, requireUser } from "~/utils/auth.server";
import { readForm } from "~/utils/form-data.server";
import { publicOrigin, PUBLIC_URL_MISSING } from "~/utils/misc.server";
import { redirectWithToast } from "~/utils/toast.server";

// The member's account settings. For now one section: the secret address of
// their personal calendar feed of upcoming live sessions (issue 12), which
// they create, reset (the old address stops working) or stop sharing.

export const meta: MetaFunction = () => [{ title: "Account Settings — Mystic Academy" }];

const CALENDAR_INTENTS = ["create-calendar-link", "reset-calendar-link", "stop-calendar-link"] as const;
const CalendarIntentSchema = z.object({ intent: z.enum(CALENDAR_INTENTS) });

interface FeedAddresses {
  url: string | null;
  webcal: string | null;
  /** Why no address can be shown (the academy's public address is not configured). */
  problem: string | null;
}

function feedAddresses(request: Request, token: string): FeedAddresses {
  let origin: string;
  try {
    origin = publicOrigin(request);
  } catch (error) {
    if (error instanceof Response) return { url: null, webcal: null, problem: PUBLIC_URL_MISSING };
    throw error;
  }
  const url = `${origin}${feedPath(token)}`;
  return { url, webcal: url.replace(/^https?:\/\//, "webcal://"), problem: null };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const token = getFeedToken(user.id);
  return json({ feed: token ? feedAddresses(request, token) : null, home: homeFor(user) });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const parsed = CalendarIntentSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return json({ message: "Unknown action." }, { status: 400 });
  switch (parsed.data.intent) {
    case "create-calendar-link":
      // Creating twice keeps the first address: only Reset replaces it.
      if (getFeedToken(user.id) === null) resetFeedToken(user.id);
      return redirectWithToast("/settings", {
        type: "success",
        title: "Calendar link created",
        description: "Add it to your calendar app to see upcoming live sessions.",
      });
    case "reset-calendar-link":
      resetFeedToken(user.id);
      return redirectWithToast("/settings", {
        type: "success",
        title: "Calendar link reset",
        description: "The old link no longer works. Give your calendar app the new one.",
      });
    case "stop-calendar-link":
      revokeFeedToken(user.id);
      return redirectWithToast("/settings", {
        type: "success",
        title: "Calendar sharing stopped",
        description: "Your calendar link no longer works.",
      });
  }
}

function IntentButton({ intent, variant, children }: { intent: (typeof CALENDAR_INTENTS)[number]; variant: "primary" | "outline" | "destructive"; children: ReactNode }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  return (
    <Form method="post">
      <button type="submit" name="intent" value={intent} className={buttonClasses(variant)} disabled={busy}>
        {children}
      </button>
    </Form>
  );
}

function CopyFeedButton({ url }: { url: string }) {
  const hydrated = useHydrated();
  // Copying needs the clipboard API: without JavaScript the field can be selected by hand.
  if (!hydrated) return null;
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      showToast({ type: "success", title: "Link Copied", description: "Paste it into your calendar app." });
    } catch {
      showToast({ type: "error", title: "Copy failed", description: "Select the address and copy it by hand." });
    }
  }
  return (
    <button type="button" className={buttonClasses("outline", undefined, "icon")} onClick={() => void copy()} aria-label="Copy calendar link">
      <Copy className="h-4 w-4" aria-hidden />
    </button>
  );
}

export default function AccountSettings() {
  const { feed, home } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="font-display text-3xl">Account Settings</h1>
      <section className="card mt-8 space-y-4" aria-labelledby="calendar-title" data-testid="calendar-settings">
        <div className="flex items-center gap-3">
          <CalendarDays className="h-6 w-6 text-accent" aria-hidden />
          <h2 id="calendar-title" className="font-display text-2xl">
            Calendar subscription
          </h2>
        </div>
        <p className="opacity-85">
          Subscribe your calendar app (Google Calendar, Apple Calendar, Outlook…) to a personal feed of the upcoming live sessions you may
          attend. New and changed sessions appear on their own. The link is private: anyone who has it can see the sessions, so reset it if it
          was shared by mistake.
        </p>
        {feed === null ? (
          <IntentButton intent="create-calendar-link" variant="primary">
            <CalendarDays className="h-4 w-4" aria-hidden /> Create calendar link
          </IntentButton>
        ) : (
          <>
            {feed.url ? (
              <div className="space-y-2">
                <label htmlFor="calendar-feed-url" className="text-sm opacity-80">
                  Your calendar link
                </label>
                <div className="flex gap-2">
                  <input
                    id="calendar-feed-url"
                    readOnly
                    value={feed.url}
                    className="w-full rounded-md border border-primary/40 bg-transparent px-3 py-2 text-sm"
                    data-testid="calendar-feed-url"
                  />
                  <CopyFeedButton url={feed.url} />
                </div>
                {feed.webcal ? (
                  <a href={feed.webcal} className="inline-block text-sm underline">
                    Open in your calendar app
                  </a>
                ) : null}
              </div>
            ) : (
              <p className="text-sm text-red-300" role="alert">
                {feed.problem}
              </p>
            )}
            <div className="flex flex-wrap gap-2">
              <IntentButton intent="reset-calendar-link" variant="outline">
                <RefreshCw className="h-4 w-4" aria-hidden /> Reset link
              </IntentButton>
              <IntentButton intent="stop-calendar-link" variant="destructive">
                <Link2Off className="h-4 w-4" aria-hidden /> Stop sharing
              </IntentButton>
            </div>
            <p className="text-xs opacity-75">Reset link makes a new address and the old one stops working. Stop sharing turns the feed off.</p>
          </>
        )}
      </section>
      <p className="mt-6 text-sm">
        <Link to={home} className="underline">
          Back to Dashboard
        </Link>
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <div className="mx-auto max-w-xl px-6 py-24 text-center">
      <h1 className="font-display text-3xl">{status < 500 ? "That request could not be handled." : "Something went wrong"}</h1>
      <p className="mt-4 opacity-80">Please go back to your settings and try again.</p>
      <Link to="/settings" className={buttonClasses("outline", "mt-8")}>
        Back to Account Settings
      </Link>
    </div>
  );
}
