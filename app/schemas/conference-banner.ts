import { z } from "zod";
import { pickBannerConference } from "~/schemas/conference";
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

/** The banner's conference: live, else the earliest upcoming; none when that one was dismissed. */
export function bannerConference(conferences: readonly BannerConference[], dismissedId: number | null, now = new Date()): BannerConference | null {
  const picked = pickBannerConference(conferences, now);
  return picked && picked.id !== dismissedId ? picked : null;
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
