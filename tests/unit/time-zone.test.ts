import { describe, expect, it } from "vitest";
import { formatDateTime, instantToWallTime, isTimeZone, wallTimeToInstant } from "~/utils/time-zone";

// Europe/Berlin moves its clocks forward on 2026-03-29 (02:00 CET → 03:00 CEST)
// and back on 2026-10-25 (03:00 CEST → 02:00 CET); New York on 2026-03-08 and 2026-11-01.

describe("wall-clock times and instants", () => {
  it("read the same wall-clock time as different UTC offsets on either side of a DST change", () => {
    expect(wallTimeToInstant("2026-03-28T18:30", "Europe/Berlin").toISOString()).toBe("2026-03-28T17:30:00.000Z");
    expect(wallTimeToInstant("2026-03-29T18:30", "Europe/Berlin").toISOString()).toBe("2026-03-29T16:30:00.000Z");
    expect(wallTimeToInstant("2026-11-01T09:00", "America/New_York").toISOString()).toBe("2026-11-01T14:00:00.000Z");
    expect(wallTimeToInstant("2026-10-31T09:00", "America/New_York").toISOString()).toBe("2026-10-31T13:00:00.000Z");
  });

  it("round-trip through the DST changes, so a session at 18:30 stays at 18:30 on the next day", () => {
    const zones = ["Europe/Berlin", "America/New_York", "Australia/Sydney", "UTC"];
    const wallTimes = ["2026-03-07T23:45", "2026-03-08T18:30", "2026-03-28T18:30", "2026-03-29T18:30", "2026-04-05T06:00", "2026-10-24T18:30", "2026-10-25T18:30", "2026-11-01T09:00"];
    for (const zone of zones) {
      for (const wallTime of wallTimes) {
        expect(instantToWallTime(wallTimeToInstant(wallTime, zone), zone), `${wallTime} in ${zone}`).toBe(wallTime);
      }
    }
    // The day the clocks go forward is 23 hours long.
    const before = wallTimeToInstant("2026-03-28T18:30", "Europe/Berlin").getTime();
    const after = wallTimeToInstant("2026-03-29T18:30", "Europe/Berlin").getTime();
    expect((after - before) / 3_600_000).toBe(23);
  });

  it("turn instants into the wall clock of the zone asked for", () => {
    expect(instantToWallTime("2026-03-29T16:30:00Z", "Europe/Berlin")).toBe("2026-03-29T18:30");
    expect(instantToWallTime(new Date("2026-03-28T17:30:00Z"), "Europe/Berlin")).toBe("2026-03-28T18:30");
    expect(instantToWallTime("2026-03-29T16:30:00Z", "Asia/Kolkata")).toBe("2026-03-29T22:00");
  });

  it("give a real instant for a time the spring change skips, and one of the two for the repeated autumn hour", () => {
    const skipped = wallTimeToInstant("2026-03-29T02:30", "Europe/Berlin");
    expect(Number.isNaN(skipped.getTime())).toBe(false);
    expect(["2026-03-29T00:30:00.000Z", "2026-03-29T01:30:00.000Z"]).toContain(skipped.toISOString());
    const repeated = wallTimeToInstant("2026-10-25T02:30", "Europe/Berlin");
    expect(["2026-10-25T00:30:00.000Z", "2026-10-25T01:30:00.000Z"]).toContain(repeated.toISOString());
    expect(instantToWallTime(repeated, "Europe/Berlin")).toBe("2026-10-25T02:30");
  });

  it("refuse anything that is not a datetime-local value", () => {
    for (const wallTime of ["", "2026-03-29", "2026-03-29 18:30", "tomorrow", "2026-03-29T18:30Z"]) {
      expect(Number.isNaN(wallTimeToInstant(wallTime, "Europe/Berlin").getTime()), wallTime).toBe(true);
    }
  });
});

describe("time zones and formatting", () => {
  it("accept only zones the runtime knows", () => {
    expect(isTimeZone("Europe/Berlin")).toBe(true);
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isTimeZone("")).toBe(false);
    expect(isTimeZone(42)).toBe(false);
  });

  it("show weekday, date, time and zone in the viewer's zone", () => {
    expect(formatDateTime("2026-03-29T16:30:00Z", "Europe/Berlin")).toBe("Sun, Mar 29, 2026, 6:30 PM GMT+2");
    expect(formatDateTime("2026-03-28T17:30:00Z", "Europe/Berlin")).toBe("Sat, Mar 28, 2026, 6:30 PM GMT+1");
  });
});
