import { env } from "~/utils/env.server";
import { isTimeZone, TIME_ZONE_COOKIE } from "~/utils/time-zone";

/** The viewer's zone from the `tz` cookie the browser sets, else the academy's. */
export function viewerTimeZone(request: Request): string {
  const cookie = request.headers.get("Cookie") ?? "";
  const match = new RegExp(`(?:^|;\\s*)${TIME_ZONE_COOKIE}=([^;]+)`).exec(cookie);
  const value = match?.[1] ? decodeURIComponent(match[1]) : null;
  return isTimeZone(value) ? value : env.ACADEMY_TIMEZONE;
}
