import { describe, expect, it } from "vitest";
import { bucketWeeklyMinutes, mondayOf, weekStarts } from "~/models/reports/learning-analytics.server";
import { formatMinutes } from "~/routes/_learn+/students/portal-analytics";

describe("weeks of learning time", () => {
  it("start on Monday", () => {
    expect(mondayOf("2025-03-05")).toBe("2025-03-03"); // Wednesday
    expect(mondayOf("2025-03-03")).toBe("2025-03-03"); // Monday
    expect(mondayOf("2025-03-09")).toBe("2025-03-03"); // Sunday
    expect(mondayOf("2025-01-01")).toBe("2024-12-30"); // across a year
    expect(mondayOf("2025-03-31")).toBe("2025-03-31"); // across a DST change in Europe
  });

  it("are the last twelve, oldest first, the last holding today", () => {
    const weeks = weekStarts("2025-03-05");
    expect(weeks).toHaveLength(12);
    expect(weeks[11]).toBe("2025-03-03");
    expect(weeks[10]).toBe("2025-02-24");
    expect(weeks[0]).toBe("2024-12-16");
    expect(weekStarts("2025-03-05", 8)).toHaveLength(8);
  });

  it("sum the days of each week into whole minutes and ignore days outside the window", () => {
    const weeks = bucketWeeklyMinutes(
      [
        { day: "2025-03-03", seconds: 600 },
        { day: "2025-03-05", seconds: 930 }, // same week: 25.5 minutes in total → 26
        { day: "2025-02-23", seconds: 1200 }, // Sunday: the week before
        { day: "2024-12-15", seconds: 6000 }, // before the first week
        { day: "2025-03-06", seconds: 6000 }, // after today
      ],
      "2025-03-05",
    );
    expect(weeks).toHaveLength(12);
    expect(weeks[11]).toEqual({ weekStart: "2025-03-03", minutes: 26 });
    expect(weeks[10]).toEqual({ weekStart: "2025-02-24", minutes: 0 });
    expect(weeks[9]).toEqual({ weekStart: "2025-02-17", minutes: 20 });
    expect(weeks.reduce((sum, week) => sum + week.minutes, 0)).toBe(46);
  });

  it("are all zero for someone who has not studied", () => {
    expect(bucketWeeklyMinutes([], "2025-03-05").every((week) => week.minutes === 0)).toBe(true);
  });
});

describe("minutes as text", () => {
  it("reads in minutes, then hours and minutes", () => {
    expect(formatMinutes(0)).toBe("0 min");
    expect(formatMinutes(45)).toBe("45 min");
    expect(formatMinutes(60)).toBe("1 h");
    expect(formatMinutes(135)).toBe("2 h 15 min");
  });
});
