import { useEffect, useState } from "react";
import { formatDateTime, isTimeZone, TIME_ZONE_COOKIE } from "~/utils/time-zone";

function browserTimeZone(): string | null {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return isTimeZone(zone) ? zone : null;
}

/**
 * A date-time in the viewer's zone. The server renders it in the zone it
 * knows (the `tz` cookie, else the academy's); once hydrated the browser
 * re-renders it in its own zone and remembers that zone for the next page.
 */
export function LocalDateTime({ value, serverTimeZone }: { value: string; serverTimeZone: string }) {
  const [zone, setZone] = useState(serverTimeZone);
  useEffect(() => {
    const own = browserTimeZone();
    if (!own) return;
    setZone(own);
    if (own !== serverTimeZone) {
      document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(own)}; path=/; max-age=31536000; samesite=lax`;
    }
  }, [serverTimeZone]);
  return <time dateTime={value}>{formatDateTime(value, zone)}</time>;
}
