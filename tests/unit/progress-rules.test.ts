import { describe, expect, it } from "vitest";
import { generateCertificateNumber } from "~/models/learning/certificate.server";
import { academyDay, progressPercentage, streakFromDays } from "~/models/learning/progress.server";
import { achievementsFor, progressLabel, shortDescription } from "~/utils/progress-rules";

describe("course progress", () => {
  it("is completed active lessons over active lessons, in whole percent", () => {
    expect(progressPercentage(0, 4)).toBe(0);
    expect(progressPercentage(1, 3)).toBe(33);
    expect(progressPercentage(2, 3)).toBe(67);
    expect(progressPercentage(5, 4)).toBe(100);
    expect(progressPercentage(0, 0)).toBe(0);
  });

  it("is labelled as the spec says", () => {
    expect(progressLabel(undefined)).toBe("Not Started");
    expect(progressLabel({ isCompleted: false, progressPercentage: 0 })).toBe("Not Started");
    expect(progressLabel({ isCompleted: false, progressPercentage: 25 })).toBe("Started");
    expect(progressLabel({ isCompleted: false, progressPercentage: 50 })).toBe("Started");
    expect(progressLabel({ isCompleted: false, progressPercentage: 51 })).toBe("In Progress");
    expect(progressLabel({ isCompleted: true, progressPercentage: 100 })).toBe("Completed");
  });

  it("earns achievements from real figures", () => {
    const earned = (records: Parameters<typeof achievementsFor>[0]) => achievementsFor(records).filter((a) => a.earned).map((a) => a.title);
    expect(earned([])).toEqual([]);
    expect(earned([{ isCompleted: false, progressPercentage: 10 }])).toEqual(["First Steps"]);
    expect(earned([{ isCompleted: false, progressPercentage: 50 }])).toEqual(["First Steps", "Progress Maker"]);
    expect(earned([{ isCompleted: true, progressPercentage: 100 }])).toEqual(["First Steps", "Progress Maker", "Course Completion"]);
  });

  it("cuts descriptions at 100 characters", () => {
    expect(shortDescription("short")).toBe("short");
    expect(shortDescription("x".repeat(150))).toHaveLength(101);
  });
});

describe("streaks", () => {
  const today = new Date("2026-11-21T12:00:00Z");
  const day = (offset: number) => academyDay(new Date(today.getTime() - offset * 24 * 60 * 60 * 1000));

  it("count consecutive days ending today or yesterday", () => {
    expect(streakFromDays(new Set(), today)).toBe(0);
    expect(streakFromDays(new Set([day(0)]), today)).toBe(1);
    expect(streakFromDays(new Set([day(0), day(1), day(2)]), today)).toBe(3);
    expect(streakFromDays(new Set([day(1), day(2)]), today)).toBe(2);
    expect(streakFromDays(new Set([day(0), day(2), day(3)]), today)).toBe(1);
    expect(streakFromDays(new Set([day(2), day(3)]), today)).toBe(0);
  });
});

describe("certificate numbers", () => {
  it("are readable and unambiguous", () => {
    const numbers = new Set(Array.from({ length: 200 }, () => generateCertificateNumber(new Date("2026-05-01T00:00:00Z"))));
    expect(numbers.size).toBe(200);
    for (const number of numbers) expect(number).toMatch(/^ACD-2026-[2-9A-HJ-NP-Z]{6}$/);
  });
});
