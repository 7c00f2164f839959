import type { LoaderFunctionArgs } from "@remix-run/node";
import { calendarResponse, conferencesCalendar, userForFeedToken } from "~/models/learning/calendar.server";
import { listUpcomingFor } from "~/models/live/conference.server";
import { apiError, methodNotAllowed } from "~/utils/api.server";
import { publicOrigin } from "~/utils/misc.server";

// A member's personal feed of upcoming sessions. Calendar apps poll it
// without a cookie, so the secret address is the credential: an unknown or
// revoked one is simply not found.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await userForFeedToken(params.token ?? "");
  if (!member) return apiError(404, "Calendar feed not found", undefined, { headers: { "Cache-Control": "no-store" } });
  const body = conferencesCalendar(await listUpcomingFor(member), publicOrigin(request), "Mystic Academy live sessions");
  return calendarResponse(body, "sessions.ics", "private, no-store");
}

export const action = () => methodNotAllowed(["GET"]);
