import { TZDate } from "@date-fns/tz";

// Times are stored as instants (UTC) and shown in the viewer's zone. The
// browser tells the server its zone in the `tz` cookie (set by LocalDateTime),
// so even pages rendered without JavaScript use it after the first visit.

export const TIME_ZONE_COOKIE = "tz";

export function isTimeZone(value: unknown): value is string {
  if (typeof value !== "string" || value === "" || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** '2026-12-01T18:30' read as a wall clock in `timeZone` → the instant it names. */
export function wallTimeToInstant(wallTime: string, timeZone: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(wallTime);
  if (!match) return new Date(Number.NaN);
  const part = (index: number) => Number(match[index] ?? 0);
  return new Date(new TZDate(part(1), part(2) - 1, part(3), part(4), part(5), part(6), timeZone).getTime());
}

/** The instant as a datetime-local value ('YYYY-MM-DDTHH:mm') on the wall clock of `timeZone`. */
export function instantToWallTime(instant: Date | string, timeZone: string): string {
  const zoned = new TZDate(new Date(instant).getTime(), timeZone);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${zoned.getFullYear()}-${pad(zoned.getMonth() + 1)}-${pad(zoned.getDate())}T${pad(zoned.getHours())}:${pad(zoned.getMinutes())}`;
}

// Making a formatter costs ~100 times more than using one (issue 27: 4% of the
// portal's time): one per time zone, kept; a viewer sends only valid zones.
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const MAX_KEPT_FORMATS = 500;

/** 'Tue, Dec 1, 2026, 6:30 PM GMT+1' — weekday, date, time and the zone's short name. */
export function formatDateTime(instant: Date | string, timeZone: string): string {
  let format = dateTimeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      weekday: "short",
      month: "short",
      day: "numeric",
      year: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZone,
      timeZoneName: "short",
    });
    if (dateTimeFormats.size >= MAX_KEPT_FORMATS) dateTimeFormats.clear();
    dateTimeFormats.set(timeZone, format);
  }
  return format.format(new Date(instant));
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** 'Dec 1, 2026' on the calendar of `timeZone`. */
export function formatDateInZone(instant: Date | string, timeZone: string): string {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone });
    if (dateFormats.size >= MAX_KEPT_FORMATS) dateFormats.clear();
    dateFormats.set(timeZone, format);
  }
  return format.format(new Date(instant));
}
