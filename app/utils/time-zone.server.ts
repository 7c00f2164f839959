import { readCookie } from "~/utils/cookies";
import { env } from "~/utils/env.server";
import { isTimeZone, TIME_ZONE_COOKIE } from "~/utils/time-zone";

/** The viewer's zone from the `tz` cookie the browser sets, else the academy's. */
export function viewerTimeZone(request: Request): string {
  const value = readCookie(request.headers.get("Cookie"), TIME_ZONE_COOKIE);
  return isTimeZone(value) ? value : env.ACADEMY_TIMEZONE;
}
