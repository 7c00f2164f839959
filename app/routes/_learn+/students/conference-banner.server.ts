import { conferenceForApi, listConferences } from "~/models/conference.server";
import { bannerConference, readDismissedId, type BannerConference } from "~/schemas/conference-banner";
import { viewerTimeZone } from "~/utils/time-zone.server";

export interface ConferenceBannerData {
  conference: BannerConference | null;
  dismissedId: number | null;
  timeZone: string;
}

/**
 * The portal banner on first load (learner spec §5): every conference that
 * has not ended counts, Premium-only ones too (the banner marks them and the
 * join page offers the upgrade), unless the viewer dismissed it this session.
 */
export function loadConferenceBanner(request: Request, now = new Date()): ConferenceBannerData {
  const dismissedId = readDismissedId(request.headers.get("Cookie"));
  const candidates: BannerConference[] = listConferences().map((row) => {
    const { id, title, scheduledAt, duration, isLive, endedAt, isPremium } = conferenceForApi(row, now);
    return { id, title, scheduledAt, duration, isLive, endedAt, isPremium };
  });
  return { conference: bannerConference(candidates, dismissedId, now), dismissedId, timeZone: viewerTimeZone(request) };
}
