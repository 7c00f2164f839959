// Browser-safe parsing of the numbers a learning URL carries. A value that is
// not a plain positive integer is "no such thing" (a 404), never a 500.

export { parseRouteId } from "~/utils/misc";

/** The 1-based section number from `?section=`; anything invalid or out of range is 1. */
export function parseSectionNumber(value: string | null, total: number): number {
  if (!value || !/^\d{1,4}$/.test(value)) return 1;
  const n = Number(value);
  return n >= 1 && n <= total ? n : 1;
}
