import { z } from "zod";
import { admitsViewer, pickBannerConference } from "~/schemas/conference";
import { readCookie } from "~/utils/cookies";

// The portal's conference banner (learner spec §2/§5): what it shows, read
// the same way from the loader and from the 30-second poll of /api/conferences.

/** Dismissed for the browser session: a cookie without Max-Age, so the server honours it too. */
export const BANNER_DISMISSED_COOKIE = "conference-banner-dismissed";
/** The same id, kept per tab by the banner's script. */
export const BANNER_DISMISSED_STORAGE_KEY = "conference-banner-dismissed";
export const BANNER_REFRESH_MS = 30_000;
export const DISMISS_BANNER_INTENT = "dismiss-conference-banner";

export const BannerConferenceSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  scheduledAt: z.string(),
  duration: z.number(),
  isLive: z.boolean(),
  endedAt: z.string().nullable(),
  isPremium: z.boolean(),
});
export type BannerConference = z.infer<typeof BannerConferenceSchema>;

/** GET /api/conferences answers a list of conferences. */
export const ConferenceListResponseSchema = z.array(BannerConferenceSchema);

/**
 * What the banner shows a viewer (issue 31): the next session they can join —
 * live, else the earliest upcoming they are admitted to — and, for a member
 * without Premium, the next Premium-only session beside it as an upsell
 * (the join page would refuse them, so the banner offers the upgrade instead).
 * A free member with nothing else to join sees the upsell alone.
 */
export type BannerSessions =
  | { next: BannerConference; upsell: BannerConference | null }
  | { next: null; upsell: BannerConference };

export interface BannerViewer {
  /** Premium members and admins are admitted to every session. */
  isPremium: boolean;
  /** The conference the viewer dismissed for this browser session, if any. */
  dismissedId: number | null;
}

export function bannerSessions(conferences: readonly BannerConference[], viewer: BannerViewer, now = new Date()): BannerSessions | null {
  const admitted = conferences.filter((conference) => admitsViewer({ premiumOnly: conference.isPremium }, viewer.isPremium));
  const next = pickBannerConference(admitted, now);
  const upsell = viewer.isPremium ? null : pickBannerConference(conferences.filter((conference) => conference.isPremium), now);
  const sessions: BannerSessions | null = next ? { next, upsell } : upsell ? { next: null, upsell } : null;
  return sessions && !isDismissed(sessions, viewer.dismissedId) ? sessions : null;
}

/**
 * The conference the banner leads with; dismissing the banner dismisses it
 * (one id in the cookie, as before), so a session that takes the lead later
 * brings the banner back.
 */
export function leadConference(sessions: BannerSessions): BannerConference {
  return sessions.next ?? sessions.upsell;
}

export function isDismissed(sessions: BannerSessions, dismissedId: number | null): boolean {
  return leadConference(sessions).id === dismissedId;
}

export const DismissBannerSchema = z.object({
  intent: z.literal(DISMISS_BANNER_INTENT),
  conferenceId: z.coerce.number().int().min(1).max(999_999_999),
});

/** The dismissed id from a Cookie header, or null. */
export function readDismissedId(cookieHeader: string | null): number | null {
  const value = readCookie(cookieHeader, BANNER_DISMISSED_COOKIE);
  return value !== null && /^\d{1,9}$/.test(value) ? Number(value) : null;
}

export function dismissedCookie(conferenceId: number): string {
  // Not HttpOnly: the banner's script writes the same cookie when it dismisses without a page load.
  return `${BANNER_DISMISSED_COOKIE}=${conferenceId}; Path=/; SameSite=Lax`;
}
