import { clsx, type ClassValue } from "clsx";

/** Joins class names; components avoid conflicting utilities instead of merging them. */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}

/** Throws a Response with the given status when the condition is false. */
export function invariantResponse(
  condition: unknown,
  message: string,
  init: ResponseInit = { status: 400 },
): asserts condition {
  if (!condition) {
    throw new Response(message, { statusText: message, ...init });
  }
}

// A fixed time zone, so the server and the browser render the same date.
const dateFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
const DAY_MS = 24 * 60 * 60 * 1000;
// Formatting is slow next to a lookup and a list shows the same few days again and again: kept per UTC day.
const formattedDays = new Map<number, string>();
export function formatDate(value: Date | string | number): string {
  const time = new Date(value).getTime();
  // Not a date: Intl throws its RangeError, as it always did here.
  if (Number.isNaN(time)) return dateFormat.format(time);
  const day = Math.floor(time / DAY_MS);
  let text = formattedDays.get(day);
  if (text === undefined) {
    text = dateFormat.format(time);
    if (formattedDays.size >= 5000) formattedDays.clear();
    formattedDays.set(day, text);
  }
  return text;
}

const dateTimeFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
});
export function formatDateTime(value: Date | string | number): string {
  return `${dateTimeFormat.format(new Date(value))} UTC`;
}

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
export function formatUsd(amount: number): string {
  return usd.format(amount);
}

const wholeUsd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
export function formatWholeUsd(amount: number): string {
  return wholeUsd.format(amount);
}

export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() ?? "")
    .join("");
}

/** A positive integer id from a route parameter or form field, or null: anything else is "no such thing". */
export function parseRouteId(value: unknown): number | null {
  if (typeof value !== "string" || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 ? id : null;
}

/** Highest page number any list accepts; further pages of real lists are clamped to their last page. */
export const MAX_PAGE = 100_000;

/**
 * A 1-based page number from `?page=`: anything that is not a plain positive
 * integer is page 1, and a page past the end is the last page (never a 500).
 */
export function parsePageNumber(value: string | null | undefined, pageCount = MAX_PAGE): number {
  if (typeof value !== "string" || !/^\d{1,9}$/.test(value.trim())) return 1;
  const page = Number(value.trim());
  return Math.min(Math.max(1, page), Math.max(1, Math.min(pageCount, MAX_PAGE)));
}

const megabytes = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const smallMegabytes = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });
/** Bytes as the storage limits are set, in MB of 1,048,576 bytes: "2,048 MB", "3.5 MB", "0 MB". */
export function formatMegabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb > 0 && mb < 0.1) return "0.1 MB";
  return `${(mb < 10 ? smallMegabytes : megabytes).format(mb)} MB`;
}
