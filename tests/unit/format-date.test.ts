import { describe, expect, it } from "vitest";
import { formatDate } from "~/utils/misc";

describe("formatDate", () => {
  it("names the UTC day, whatever the time in it, however it is given", () => {
    expect(formatDate("2026-11-20T00:00:00.000Z")).toBe("Nov 20, 2026");
    expect(formatDate("2026-11-20T23:59:59.999Z")).toBe("Nov 20, 2026");
    expect(formatDate(Date.parse("2026-11-21T00:00:00.000Z"))).toBe("Nov 21, 2026");
    expect(formatDate(new Date("2026-11-20T12:00:00Z"))).toBe("Nov 20, 2026");
    // Before 1970 too (negative times round down to their own day).
    expect(formatDate("1969-12-31T23:00:00Z")).toBe("Dec 31, 1969");
    expect(formatDate("1969-12-31T00:00:00Z")).toBe("Dec 31, 1969");
  });

  it("still refuses a date that is not one", () => {
    expect(() => formatDate("not a date")).toThrow(RangeError);
  });
});
