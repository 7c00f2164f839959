import { describe, expect, it } from "vitest";
import { bannerSessions, isDismissed, leadConference, type BannerConference } from "~/schemas/conference-banner";
import { admitsViewer } from "~/schemas/conference";

// Which sessions the portal banner shows (issue 31): the next one the member
// can join, and for a member without Premium the next Premium-only one as an
// upsell beside it.

const now = new Date("2026-03-10T12:00:00Z");
const inHours = (hours: number) => new Date(now.getTime() + hours * 60 * 60 * 1000).toISOString();

function session(id: number, fields: Partial<BannerConference> = {}): BannerConference {
  return { id, title: `Session ${id}`, scheduledAt: inHours(24), duration: 60, isLive: false, endedAt: null, isPremium: false, ...fields };
}

const free = { isPremium: false, dismissedId: null };
const premium = { isPremium: true, dismissedId: null };

// The case: the Premium-only Q&A comes first, a free session after it.
const premiumQa = session(1, { title: "Monthly Live Q&A", isPremium: true, scheduledAt: inHours(5 * 24) });
const openCircle = session(2, { title: "Open Reading Circle", scheduledAt: inHours(7 * 24) });

describe("who a session admits", () => {
  it("lets everyone into an open session and only Premium members (and admins) into a Premium-only one", () => {
    expect(admitsViewer({ premiumOnly: false }, false)).toBe(true);
    expect(admitsViewer({ premiumOnly: false }, true)).toBe(true);
    expect(admitsViewer({ premiumOnly: true }, true)).toBe(true);
    expect(admitsViewer({ premiumOnly: true }, false)).toBe(false);
  });
});

describe("the portal banner for a member without Premium", () => {
  it("leads with the free session they can join and offers the earlier Premium-only one beside it", () => {
    const sessions = bannerSessions([premiumQa, openCircle], free, now);
    expect(sessions).toEqual({ next: openCircle, upsell: premiumQa });
    if (!sessions) throw new Error("the banner shows");
    expect(leadConference(sessions)).toBe(openCircle);
  });

  it("still offers the Premium-only session when it comes after the free one", () => {
    const later = { ...premiumQa, scheduledAt: inHours(9 * 24) };
    expect(bannerSessions([openCircle, later], free, now)).toEqual({ next: openCircle, upsell: later });
  });

  it("shows only the upsell when a Premium-only session is all there is", () => {
    const sessions = bannerSessions([premiumQa], free, now);
    expect(sessions).toEqual({ next: null, upsell: premiumQa });
    if (!sessions) throw new Error("the banner shows");
    expect(leadConference(sessions)).toBe(premiumQa);
  });

  it("prefers a live free session to an earlier upcoming one, and marks a live Premium-only one as the upsell", () => {
    const liveCircle = session(3, { isLive: true, scheduledAt: inHours(-1) });
    const liveQa = session(4, { isPremium: true, isLive: true, scheduledAt: inHours(-1) });
    const soon = session(5, { scheduledAt: inHours(1) });
    expect(bannerSessions([soon, liveCircle, premiumQa], free, now)).toEqual({ next: liveCircle, upsell: premiumQa });
    expect(bannerSessions([soon, liveQa], free, now)).toEqual({ next: soon, upsell: liveQa });
  });

  it("skips sessions that were missed or have ended, Premium-only ones too", () => {
    const missed = session(6, { scheduledAt: inHours(-2) });
    const endedQa = session(7, { isPremium: true, endedAt: inHours(-1) });
    expect(bannerSessions([missed, endedQa], free, now)).toBeNull();
    expect(bannerSessions([missed, endedQa, openCircle], free, now)).toEqual({ next: openCircle, upsell: null });
  });

  it("shows nothing when nothing is live or upcoming", () => {
    expect(bannerSessions([], free, now)).toBeNull();
  });
});

describe("the portal banner for a Premium member or an admin", () => {
  it("is the next session as before, Premium-only or not, with no upsell", () => {
    expect(bannerSessions([premiumQa, openCircle], premium, now)).toEqual({ next: premiumQa, upsell: null });
    expect(bannerSessions([openCircle], premium, now)).toEqual({ next: openCircle, upsell: null });
    expect(bannerSessions([], premium, now)).toBeNull();
  });
});

describe("dismissing the banner", () => {
  it("hides it while the session it leads with stays the lead", () => {
    expect(bannerSessions([premiumQa, openCircle], { ...free, dismissedId: openCircle.id }, now)).toBeNull();
    expect(bannerSessions([premiumQa], { ...free, dismissedId: premiumQa.id }, now)).toBeNull();
    expect(bannerSessions([premiumQa, openCircle], { ...premium, dismissedId: premiumQa.id }, now)).toBeNull();
  });

  it("brings it back when another session takes the lead", () => {
    // A free member dismissed the Q&A upsell; then a free session is scheduled.
    expect(bannerSessions([premiumQa, openCircle], { ...free, dismissedId: premiumQa.id }, now)).toEqual({ next: openCircle, upsell: premiumQa });
    // The banner's dismissal is its lead's id: the upsell's id does not hide it.
    const shown = { next: openCircle, upsell: premiumQa };
    expect(isDismissed(shown, premiumQa.id)).toBe(false);
    expect(isDismissed(shown, openCircle.id)).toBe(true);
  });
});
