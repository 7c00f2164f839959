import { describe, expect, it } from "vitest";
import { isReleased, lockedMessage, opensAt, releaseLabel, releaseState } from "~/models/learning/lesson-release";

// Scheduled release (issue 29): the date rule a member's lessons follow.
const DAY = 24 * 60 * 60 * 1000;
const started = new Date("2026-03-01T14:30:00Z");
const at = (days: number) => new Date(started.getTime() + days * DAY);

describe("when a scheduled lesson opens for a member", () => {
  it("is open from the start when the lesson has no schedule, started or not", () => {
    const none = { releaseAfterDays: null, releaseAt: null };
    expect(opensAt(none, null)).toBeNull();
    expect(releaseState(none, null, started)).toEqual({ status: "open" });
    expect(isReleased(none, started, started)).toBe(true);
  });

  it("opens N whole days after the member started, at the time of day they started", () => {
    const drip = { releaseAfterDays: 3, releaseAt: null };
    expect(opensAt(drip, started)).toEqual(new Date("2026-03-04T14:30:00Z"));
    expect(releaseState(drip, started, at(3) /* exactly then */)).toEqual({ status: "open" });
    expect(releaseState(drip, started, new Date(at(3).getTime() - 1))).toEqual({ status: "scheduled", availableAt: at(3) });
  });

  it("opens at once on starting with 0 days, and waits for a start that has not happened", () => {
    expect(isReleased({ releaseAfterDays: 0, releaseAt: null }, started, started)).toBe(true);
    expect(releaseState({ releaseAfterDays: 0, releaseAt: null }, null, started)).toEqual({ status: "awaiting-start", afterDays: 0, notBefore: null });
    expect(opensAt({ releaseAfterDays: 5, releaseAt: null }, null)).toBe("unstarted");
  });

  it("opens on a fixed date for everyone, started or not", () => {
    const fixed = { releaseAfterDays: null, releaseAt: new Date("2026-04-01T00:00:00Z") };
    expect(releaseState(fixed, null, new Date("2026-03-31T23:59:59Z"))).toEqual({ status: "scheduled", availableAt: fixed.releaseAt });
    expect(isReleased(fixed, null, new Date("2026-04-01T00:00:00Z"))).toBe(true);
  });

  it("with both, opens at the later of the two", () => {
    const early = { releaseAfterDays: 10, releaseAt: at(2) };
    expect(opensAt(early, started)).toEqual(at(10));
    const late = { releaseAfterDays: 2, releaseAt: at(10) };
    expect(opensAt(late, started)).toEqual(at(10));
    expect(releaseState(late, null, started)).toEqual({ status: "awaiting-start", afterDays: 2, notBefore: at(10) });
  });
});

describe("what a member reads about a locked lesson", () => {
  it("names the day in the member's time zone", () => {
    // 02:00 UTC on 4 March is still 3 March in New York.
    const state = releaseState({ releaseAfterDays: null, releaseAt: new Date("2026-03-04T02:00:00Z") }, null, started);
    expect(releaseLabel(state, "America/New_York")).toBe("Opens on Tue, Mar 3, 2026");
    expect(releaseLabel(state, "Europe/Berlin")).toBe("Opens on Wed, Mar 4, 2026");
    expect(releaseLabel({ status: "open" }, "UTC")).toBeNull();
  });

  it("counts days from the start when the member has not started", () => {
    const day = (date: Date) => date.toISOString().slice(0, 10);
    expect(lockedMessage({ status: "awaiting-start", afterDays: 1, notBefore: null }, day)).toBe("Opens 1 day after you start");
    expect(lockedMessage({ status: "awaiting-start", afterDays: 7, notBefore: null }, day)).toBe("Opens 7 days after you start");
    expect(lockedMessage({ status: "awaiting-start", afterDays: 0, notBefore: null }, day)).toBe("Opens when you start the course");
    expect(lockedMessage({ status: "awaiting-start", afterDays: 2, notBefore: new Date("2026-05-01T00:00:00Z") }, day)).toBe(
      "Opens 2 days after you start, not before 2026-05-01",
    );
  });
});
