import type { User } from "#db/schema";
import { conferenceForApi, listConferences } from "~/models/live/conference.server";
import { isPremium } from "~/models/billing/membership.server";
import { bannerSessions, readDismissedId, type BannerConference, type BannerSessions } from "~/schemas/conference-banner";
import { viewerTimeZone } from "~/utils/time-zone.server";

export interface ConferenceBannerData {
  sessions: BannerSessions | null;
  /** Sent along so the banner's 30-second poll picks the same way the loader did. */
  viewerIsPremium: boolean;
  dismissedId: number | null;
  timeZone: string;
}

/**
 * The portal banner on first load (learner spec §4, issue 31): the next
 * session the viewer can join, and for a free member the next Premium-only
 * one as an upsell, unless the viewer dismissed the banner this session.
 */
export async function loadConferenceBanner(request: Request, viewer: Pick<User, "id" | "role">, now = new Date()): Promise<ConferenceBannerData> {
  const dismissedId = readDismissedId(request.headers.get("Cookie"));
  const viewerIsPremium = await isPremium(viewer, now);
  const candidates: BannerConference[] = (await listConferences()).map((row) => {
    const { id, title, scheduledAt, duration, isLive, endedAt, isPremium } = conferenceForApi(row, now);
    return { id, title, scheduledAt, duration, isLive, endedAt, isPremium };
  });
  return {
    sessions: bannerSessions(candidates, { isPremium: viewerIsPremium, dismissedId }, now),
    viewerIsPremium,
    dismissedId,
    timeZone: viewerTimeZone(request),
  };
}
