import { formatDayInZone } from "~/utils/time-zone";

// Scheduled lesson release (issue 29), the date rule alone (no database, so it
// is unit-tested as it is): a lesson with a schedule opens for a member at the
// LATER of the moments that apply,
//   - startedAt + releaseAfterDays × 24 h (the member's own start of the course), and
//   - releaseAt (the same fixed instant for everyone).
// A lesson with neither is open from the start. A member who has not started
// the course cannot be measured against releaseAfterDays, so such a lesson is
// locked for them, "Opens N days after you start"; its moment is unknown
// (availableAt null). Days are whole 24-hour periods from the instant of
// starting, whatever the member's time zone: a lesson "2 days after you start"
// opens at the same time of day the member started, two days later.

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ReleaseSchedule {
  releaseAfterDays: number | null;
  releaseAt: Date | null;
}

export type ReleaseState =
  | { status: "open" }
  /** Locked until availableAt (a known instant). */
  | { status: "scheduled"; availableAt: Date }
  /** Locked until the member starts the course, then for afterDays more (and not before notBefore, the fixed date, if any). */
  | { status: "awaiting-start"; afterDays: number; notBefore: Date | null };

export function hasSchedule(schedule: ReleaseSchedule): boolean {
  return schedule.releaseAfterDays !== null || schedule.releaseAt !== null;
}

/**
 * The instant the lesson opens for a member who started at `startedAt`: null
 * when it has no schedule (open from the start), "unstarted" when it waits for
 * a start the member has not made.
 */
export function opensAt(schedule: ReleaseSchedule, startedAt: Date | null): Date | null | "unstarted" {
  const moments: number[] = [];
  if (schedule.releaseAfterDays !== null) {
    if (!startedAt) return "unstarted";
    moments.push(startedAt.getTime() + schedule.releaseAfterDays * DAY_MS);
  }
  if (schedule.releaseAt !== null) moments.push(schedule.releaseAt.getTime());
  return moments.length === 0 ? null : new Date(Math.max(...moments));
}

/** Whether the lesson is open for the member at `now`, and if not, until when. */
export function releaseState(schedule: ReleaseSchedule, startedAt: Date | null, now: Date): ReleaseState {
  const at = opensAt(schedule, startedAt);
  if (at === null) return { status: "open" };
  if (at === "unstarted") return { status: "awaiting-start", afterDays: schedule.releaseAfterDays ?? 0, notBefore: schedule.releaseAt };
  return at.getTime() <= now.getTime() ? { status: "open" } : { status: "scheduled", availableAt: at };
}

export function isReleased(schedule: ReleaseSchedule, startedAt: Date | null, now: Date): boolean {
  return releaseState(schedule, startedAt, now).status === "open";
}

/** The message a member reads (and the API answers) for a locked lesson; `formatDay` shows a date in their time zone. */
export function lockedMessage(state: Exclude<ReleaseState, { status: "open" }>, formatDay: (date: Date) => string): string {
  if (state.status === "scheduled") return `Opens on ${formatDay(state.availableAt)}`;
  const after =
    state.afterDays === 0 ? "Opens when you start the course" : `Opens ${state.afterDays} ${state.afterDays === 1 ? "day" : "days"} after you start`;
  return state.notBefore ? `${after}, not before ${formatDay(state.notBefore)}` : after;
}

/** What the outline says of a lesson for this member: null when open, else "Opens on Wed, Mar 4, 2026" (their time zone) or "Opens 3 days after you start". */
export function releaseLabel(state: ReleaseState, timeZone: string): string | null {
  return state.status === "open" ? null : lockedMessage(state, (date) => formatDayInZone(date, timeZone));
}
