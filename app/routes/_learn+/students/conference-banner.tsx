import { Link, useNavigation } from "@remix-run/react";
import { CalendarClock, Crown, Radio, X } from "~/components/ui/icons";
import { useEffect, useState } from "react";
import { minutesLabel } from "~/components/conference/format";
import { LocalDateTime } from "~/components/conference/local-date-time";
import { buttonClasses } from "~/components/ui/button";
import { UpgradeDialogLink } from "~/components/premium/upgrade-dialog";
import {
  BANNER_DISMISSED_STORAGE_KEY,
  BANNER_REFRESH_MS,
  bannerSessions,
  ConferenceListResponseSchema,
  DISMISS_BANNER_INTENT,
  dismissedCookie,
  isDismissed,
  leadConference,
  type BannerConference,
  type BannerSessions,
} from "~/schemas/conference-banner";
import { cn } from "~/utils/misc";

function readStoredDismissal(): number | null {
  try {
    const stored = window.sessionStorage.getItem(BANNER_DISMISSED_STORAGE_KEY);
    return stored && /^\d{1,9}$/.test(stored) ? Number(stored) : null;
  } catch {
    return null; // storage blocked: the cookie still carries the choice
  }
}

function storeDismissal(conferenceId: number) {
  try {
    window.sessionStorage.setItem(BANNER_DISMISSED_STORAGE_KEY, String(conferenceId));
  } catch {
    // storage blocked: the cookie below is enough
  }
  document.cookie = dismissedCookie(conferenceId);
}

/**
 * Spec: polled every 30 s. A failed poll keeps what is shown; a new answer
 * from the loader (`loaded` changes) is newer than the last poll.
 */
function usePolledConferences(loaded: unknown): BannerConference[] | null {
  const [polled, setPolled] = useState<BannerConference[] | null>(null);
  useEffect(() => setPolled(null), [loaded]);
  useEffect(() => {
    let controller: AbortController | null = null;
    async function refresh() {
      if (document.hidden) return;
      controller?.abort();
      controller = new AbortController();
      try {
        const response = await fetch("/api/conferences", { signal: controller.signal, headers: { Accept: "application/json" } });
        if (!response.ok) return;
        const parsed = ConferenceListResponseSchema.safeParse(await response.json());
        if (parsed.success) setPolled(parsed.data);
      } catch {
        // offline or aborted: keep the banner as it is
      }
    }
    const timer = window.setInterval(() => void refresh(), BANNER_REFRESH_MS);
    return () => {
      window.clearInterval(timer);
      controller?.abort();
    };
  }, []);
  return polled;
}

function DismissButton({ conferenceId, onDismiss }: { conferenceId: number; onDismiss: (conferenceId: number) => void }) {
  // Without JavaScript the portal's action sets the session cookie; with it, the choice is made in place.
  return (
    <form
      method="post"
      className="shrink-0"
      onSubmit={(event) => {
        event.preventDefault();
        storeDismissal(conferenceId);
        onDismiss(conferenceId);
      }}
    >
      <input type="hidden" name="intent" value={DISMISS_BANNER_INTENT} />
      <input type="hidden" name="conferenceId" value={conferenceId} />
      <button type="submit" className={buttonClasses("ghost", undefined, "icon")} aria-label="Dismiss conference banner">
        <X className="h-4 w-4" aria-hidden />
      </button>
    </form>
  );
}

/** The session the member can join: LIVE NOW with Join Live Now, else UPCOMING with View Details (spec §5). */
function NextSession({ conference, timeZone }: { conference: BannerConference; timeZone: string }) {
  const navigation = useNavigation();
  const href = `/join-conference/${conference.id}`;
  const opening = navigation.state === "loading" && navigation.location.pathname === href;
  const live = conference.isLive;
  return (
    <div className="flex flex-wrap items-center justify-between gap-4" data-testid="conference-banner-next">
      <div className="flex items-start gap-3">
        {live ? (
          <Radio className="mt-1 h-7 w-7 shrink-0 text-red-500" aria-hidden />
        ) : (
          <CalendarClock className="mt-1 h-7 w-7 shrink-0 text-accent" aria-hidden />
        )}
        <div className="space-y-1">
          <p className="flex flex-wrap items-center gap-2 text-xs font-semibold tracking-wide">
            <span className={cn("rounded-full px-2 py-0.5", live ? "bg-red-600 text-white" : "bg-primary/30")} data-testid="conference-banner-badge">
              {live ? "LIVE NOW" : "UPCOMING"}
            </span>
            {conference.isPremium ? (
              <span className="inline-flex items-center gap-1 rounded-full border border-accent/60 px-2 py-0.5 text-accent">
                <Crown className="h-3 w-3" aria-hidden /> Premium
              </span>
            ) : null}
          </p>
          <h2 className="font-display text-xl">{conference.title}</h2>
          <p className="text-sm opacity-85">
            <LocalDateTime value={conference.scheduledAt} serverTimeZone={timeZone} /> · {minutesLabel(conference.duration)}
          </p>
        </div>
      </div>
      <Link to={href} className={buttonClasses(live ? "destructive" : "primary")} aria-disabled={opening || undefined}>
        {opening ? "Loading conference..." : live ? "Join Live Now" : "View Details"}
      </Link>
    </div>
  );
}

/**
 * A Premium-only session shown to a member without Premium. Its join page
 * would only refuse them, so the banner offers the upgrade instead, as that
 * page does (the portal's upgrade dialog with JavaScript, /upgrade without).
 */
function PremiumUpsell({
  conference,
  timeZone,
  paymentsOffMessage,
  beside,
}: {
  conference: BannerConference;
  timeZone: string;
  paymentsOffMessage: string | null;
  /** Set beside a session the member can join: a box of its own marks it as the offer, not the session. */
  beside: boolean;
}) {
  return (
    <div
      className={cn("flex flex-col items-start gap-2", beside ? "rounded-lg border border-dashed border-accent/60 bg-accent/5 p-4" : null)}
      data-testid="conference-banner-upsell"
    >
      <p className="inline-flex items-center gap-1 text-xs font-semibold tracking-wide text-accent">
        <Crown className="h-3.5 w-3.5" aria-hidden /> {conference.isLive ? "LIVE NOW · PREMIUM MEMBERS ONLY" : "PREMIUM MEMBERS ONLY"}
      </p>
      <h2 className={cn("font-display", beside ? "text-lg" : "text-xl")}>{conference.title}</h2>
      <p className="text-sm opacity-85">
        <LocalDateTime value={conference.scheduledAt} serverTimeZone={timeZone} /> · {minutesLabel(conference.duration)}
      </p>
      <UpgradeDialogLink paymentsOffMessage={paymentsOffMessage} className={buttonClasses("outline", undefined, "sm")}>
        <Crown className="h-4 w-4" aria-hidden /> Upgrade to Premium
      </UpgradeDialogLink>
    </div>
  );
}

/**
 * The portal's live or upcoming conference (learner spec §2/§5): the next
 * session the member can join and, for a member without Premium, the next
 * Premium-only one beside it as an upsell (issue 31). The loader renders it,
 * so it is there without JavaScript; with it, the list is polled and the
 * dismissal happens in place.
 */
export function ConferenceBanner({
  initial,
  viewerIsPremium,
  dismissedId,
  timeZone,
  paymentsOffMessage,
}: {
  initial: BannerSessions | null;
  viewerIsPremium: boolean;
  dismissedId: number | null;
  timeZone: string;
  paymentsOffMessage: string | null;
}) {
  const polled = usePolledConferences(initial);
  const [dismissed, setDismissed] = useState<number | null>(dismissedId);
  useEffect(() => {
    const stored = readStoredDismissal();
    if (stored !== null) setDismissed(stored);
  }, []);

  const sessions = polled
    ? bannerSessions(polled, { isPremium: viewerIsPremium, dismissedId: dismissed })
    : initial && !isDismissed(initial, dismissed)
      ? initial
      : null;
  if (!sessions) return null;

  const { next, upsell } = sessions;
  return (
    <section
      className={cn(
        "card flex items-start gap-2",
        next?.isLive ? "border-red-500/60 bg-gradient-to-r from-red-600/20 to-primary/15" : "border-primary/50 bg-gradient-to-r from-primary/20 to-accent/10",
      )}
      aria-label="Live sessions"
      data-testid="conference-banner"
      data-state={next ? (next.isLive ? "live" : "upcoming") : "upsell"}
    >
      <div className={cn("grid flex-1 gap-4", next && upsell ? "lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-center" : null)}>
        {next ? <NextSession conference={next} timeZone={timeZone} /> : null}
        {upsell ? <PremiumUpsell conference={upsell} timeZone={timeZone} paymentsOffMessage={paymentsOffMessage} beside={next !== null} /> : null}
      </div>
      <DismissButton conferenceId={leadConference(sessions).id} onDismiss={setDismissed} />
    </section>
  );
}
