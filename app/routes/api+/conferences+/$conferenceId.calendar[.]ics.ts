import type { LoaderFunctionArgs } from "@remix-run/node";
import { calendarResponse, conferencesCalendar } from "~/models/learning/calendar.server";
import { CONFERENCE_MESSAGES, getConference, mayAttend } from "~/models/live/conference.server";
import { PREMIUM_REQUIRED } from "~/models/billing/membership.server";
import { apiError, idParam, methodNotAllowed } from "~/utils/api.server";
import { requireUser } from "~/services/auth.server";
import { publicOrigin } from "~/utils/misc.server";

// "Add to calendar": one session as an .ics file, for members who may attend it.
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  const conference = await getConference(idParam(params.conferenceId, "Conference"));
  if (!conference) return apiError(404, CONFERENCE_MESSAGES.notFound);
  if (!await mayAttend(viewer, conference)) return apiError(403, PREMIUM_REQUIRED);
  const body = conferencesCalendar([conference], publicOrigin(request), conference.title);
  return calendarResponse(body, `conference-${conference.id}.ics`, "private, no-store");
}

export const action = () => methodNotAllowed(["GET"]);
