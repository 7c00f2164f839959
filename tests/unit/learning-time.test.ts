import { describe, expect, it } from "vitest";
import { creditHeartbeat } from "~/models/learning/learning-time.server";
import { formatLearningTime, LearningTimeHeartbeatSchema } from "~/schemas/learning-time";

const T0 = Date.UTC(2026, 0, 5, 10, 0, 0);
const at = (seconds: number) => T0 + seconds * 1000;

describe("crediting a heartbeat", () => {
  it("credits the claim in full when the member's clock has no overlap", () => {
    expect(creditHeartbeat(30, at(0), null)).toEqual({ seconds: 30, creditedUntil: at(0) });
    expect(creditHeartbeat(30, at(100), at(60))).toEqual({ seconds: 30, creditedUntil: at(100) });
  });

  it("never credits more than the wall time since the last credited heartbeat", () => {
    expect(creditHeartbeat(30, at(10), at(0))).toEqual({ seconds: 10, creditedUntil: at(10) });
    // Replayed at once: nothing more.
    expect(creditHeartbeat(30, at(10), at(10))).toEqual({ seconds: 0, creditedUntil: at(10) });
    // A clock ahead of now (should not happen) credits nothing and is not moved back.
    expect(creditHeartbeat(30, at(10), at(20))).toEqual({ seconds: 0, creditedUntil: at(20) });
  });

  it("carries the unused fraction of a second to the next heartbeat", () => {
    const first = creditHeartbeat(30, at(9.6), at(0));
    expect(first).toEqual({ seconds: 9, creditedUntil: at(9) });
    expect(creditHeartbeat(30, at(10.2), first.creditedUntil).seconds).toBe(1);
  });

  it("caps a claim at 60 seconds", () => {
    expect(creditHeartbeat(600, at(0), null).seconds).toBe(60);
    expect(creditHeartbeat(600, at(3600), at(0)).seconds).toBe(60);
  });

  it("credits at most 60 seconds in any minute, however the heartbeats are spaced", () => {
    let clock: number | null = null;
    let credited = 0;
    // Two tabs, each claiming 30 s every 5 s, for ten minutes.
    for (let second = 0; second <= 600; second += 5) {
      for (let tab = 0; tab < 2; tab++) {
        const credit = creditHeartbeat(30, at(second), clock);
        clock = credit.creditedUntil;
        credited += credit.seconds;
      }
    }
    // The first claim reaches 30 s back; after that, no more than the wall time.
    expect(credited).toBeLessThanOrEqual(600 + 30);
    expect(credited).toBe(630);
  });
});

describe("the heartbeat body", () => {
  it("accepts a lesson and 1 to 60 whole seconds", () => {
    expect(LearningTimeHeartbeatSchema.safeParse({ lessonId: 3, seconds: 30 }).success).toBe(true);
    expect(LearningTimeHeartbeatSchema.safeParse({ lessonId: 3, seconds: 61 }).success).toBe(false);
    expect(LearningTimeHeartbeatSchema.safeParse({ lessonId: 3, seconds: 0 }).success).toBe(false);
    expect(LearningTimeHeartbeatSchema.safeParse({ lessonId: 3, seconds: 1.5 }).success).toBe(false);
    expect(LearningTimeHeartbeatSchema.safeParse({ lessonId: "3", seconds: 30 }).success).toBe(false);
  });
});

describe("showing learning time", () => {
  it("reads in seconds below a minute, then minutes and hours", () => {
    expect(formatLearningTime(0)).toBe("0 min");
    expect(formatLearningTime(45)).toBe("45 s");
    expect(formatLearningTime(60 * 12 + 30)).toBe("12 min");
    expect(formatLearningTime(3600 * 2)).toBe("2 h");
    expect(formatLearningTime(3600 * 2 + 300)).toBe("2 h 5 min");
  });
});
