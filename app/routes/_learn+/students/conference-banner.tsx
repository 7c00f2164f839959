import { Link, useNavigation } from "@remix-run/react";
import { CalendarClock, Crown, Radio, X } from "~/components/ui/icons";
import { useEffect, useState } from "react";
import { minutesLabel } from "~/components/conference/format";
import { LocalDateTime } from "~/components/conference/local-date-time";
import { buttonClasses } from "~/components/ui/button";
import {
  BANNER_DISMISSED_STORAGE_KEY,
  BANNER_REFRESH_MS,
  bannerConference,
  ConferenceListResponseSchema,
  DISMISS_BANNER_INTENT,
  dismissedCookie,
  type BannerConference,
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

/**
 * The portal's live or upcoming conference (learner spec §2/§5). The loader
 * renders it, so it is there without JavaScript; with it, the list is polled
 * and the dismissal happens in place.
 */
export function ConferenceBanner({
  initial,
  dismissedId,
  timeZone,
}: {
  initial: BannerConference | null;
  dismissedId: number | null;
  timeZone: string;
}) {
  const polled = usePolledConferences(initial);
  const [dismissed, setDismissed] = useState<number | null>(dismissedId);
  useEffect(() => {
    const stored = readStoredDismissal();
    if (stored !== null) setDismissed(stored);
  }, []);

  const conference = polled ? bannerConference(polled, dismissed) : initial && initial.id !== dismissed ? initial : null;
  const navigation = useNavigation();
  if (!conference) return null;

  const href = `/join-conference/${conference.id}`;
  const opening = navigation.state === "loading" && navigation.location.pathname === href;
  const live = conference.isLive;
  return (
    <section
      className={cn(
        "card flex flex-wrap items-center justify-between gap-4",
        live ? "border-red-500/60 bg-gradient-to-r from-red-600/20 to-primary/15" : "border-primary/50 bg-gradient-to-r from-primary/20 to-accent/10",
      )}
      aria-labelledby="conference-banner-title"
      data-testid="conference-banner"
      data-state={live ? "live" : "upcoming"}
    >
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
          <h2 id="conference-banner-title" className="font-display text-xl">
            {conference.title}
          </h2>
          <p className="text-sm opacity-85">
            <LocalDateTime value={conference.scheduledAt} serverTimeZone={timeZone} /> · {minutesLabel(conference.duration)}
          </p>
        </div>
      </div>
      <div className="flex items-center gap-2">
        <Link to={href} className={buttonClasses(live ? "destructive" : "primary")} aria-disabled={opening || undefined}>
          {opening ? "Loading conference..." : live ? "Join Live Now" : "View Details"}
        </Link>
        {/* Without JavaScript the portal's action sets the session cookie; with it, the choice is made in place. */}
        <form
          method="post"
          onSubmit={(event) => {
            event.preventDefault();
            storeDismissal(conference.id);
            setDismissed(conference.id);
          }}
        >
          <input type="hidden" name="intent" value={DISMISS_BANNER_INTENT} />
          <input type="hidden" name="conferenceId" value={conference.id} />
          <button type="submit" className={buttonClasses("ghost", undefined, "icon")} aria-label="Dismiss conference banner">
            <X className="h-4 w-4" aria-hidden />
          </button>
        </form>
      </div>
    </section>
  );
}
