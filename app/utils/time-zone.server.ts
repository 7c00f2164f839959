import { env } from "~/utils/env.server";
import { isTimeZone, TIME_ZONE_COOKIE } from "~/utils/time-zone";

const COOKIE_PATTERN = new RegExp(`(?:^|;\\s*)${TIME_ZONE_COOKIE}=([^;]+)`);

function readCookie(request: Request): string | null {
  const raw = COOKIE_PATTERN.exec(request.headers.get("Cookie") ?? "")?.[1];
  if (!raw) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return null; // a malformed escape is just an unknown zone
  }
}

/** The viewer's zone from the `tz` cookie the browser sets, else the academy's. */
export function viewerTimeZone(request: Request): string {
  const value = readCookie(request);
  return isTimeZone(value) ? value : env.ACADEMY_TIMEZONE;
}
