import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { isoTime } from "#db/sqlite/dialect";

// Forum lists read their times as ISO text made by SQLite instead of through
// drizzle's Date mapping (decision 020): the text must be what JSON would have carried.
describe("times read as ISO text from SQLite", () => {
  const sqlite = new Database(":memory:");
  const read = sqlite.prepare<[number | null], { iso: string | null }>(`select ${isoTime("t")} as iso from (select ? as t)`);

  it("are exactly what Date#toISOString gives", () => {
    for (const ms of [0, 1, 999, 1_000, 1_764_158_400_000, 1_764_158_400_123, 1_704_067_199_999, 4_102_444_800_007]) {
      expect(read.get(ms)?.iso, String(ms)).toBe(new Date(ms).toISOString());
    }
  });

  it("leave a missing time missing", () => {
    expect(read.get(null)?.iso).toBeNull();
  });
});
