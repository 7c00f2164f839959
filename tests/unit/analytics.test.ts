import { describe, expect, it } from "vitest";
import { axisTicks } from "~/components/admin/charts";
import { bucketIndex, monthBuckets, premiumByMonth, relativeTime, weekBuckets, type SubscriptionSpan } from "~/models/reports/analytics.server";

const at = (iso: string) => new Date(iso);

describe("weekly buckets", () => {
  it("are twelve Monday-to-Monday weeks (UTC), the last one holding today", () => {
    const now = at("2025-03-05T15:00:00Z"); // a Wednesday
    const weeks = weekBuckets(now);
    expect(weeks).toHaveLength(12);
    expect(new Date(weeks[11]!.start).toISOString()).toBe("2025-03-03T00:00:00.000Z");
    expect(new Date(weeks[0]!.start).toISOString()).toBe("2024-12-16T00:00:00.000Z");
    expect(weeks[11]!.label).toBe("Mar 3");
    expect(weeks[11]!.longLabel).toBe("Week of Mar 3, 2025");
    expect(bucketIndex(weeks, now.getTime())).toBe(11);
    expect(bucketIndex(weeks, at("2025-03-02T23:59:59Z").getTime())).toBe(10);
    expect(bucketIndex(weeks, at("2024-12-15T23:59:59Z").getTime())).toBe(-1);
  });

  it("start today when today is a Monday, and Sunday belongs to the week before", () => {
    expect(new Date(weekBuckets(at("2025-03-03T00:00:00Z"))[11]!.start).toISOString()).toBe("2025-03-03T00:00:00.000Z");
    expect(new Date(weekBuckets(at("2025-03-09T23:00:00Z"))[11]!.start).toISOString()).toBe("2025-03-03T00:00:00.000Z");
  });
});

describe("monthly buckets", () => {
  it("are the last twelve calendar months, across a year end", () => {
    const months = monthBuckets(at("2025-02-14T10:00:00Z"));
    expect(months).toHaveLength(12);
    expect(months.map((m) => m.label)).toEqual(["Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec", "Jan", "Feb"]);
    expect(months[0]!.longLabel).toBe("March 2024");
    expect(new Date(months[11]!.start).toISOString()).toBe("2025-02-01T00:00:00.000Z");
    expect(new Date(months[11]!.end).toISOString()).toBe("2025-03-01T00:00:00.000Z");
  });
});

describe("premium members and revenue per month", () => {
  const months = monthBuckets(at("2025-06-15T00:00:00Z"), 4); // Mar, Apr, May, Jun
  const paying: SubscriptionSpan = {
    plan: "premium",
    status: "active",
    isComped: false,
    monthlyFeeCents: 999,
    startDate: at("2025-04-20T00:00:00Z").getTime(),
    currentPeriodEnd: at("2025-07-20T00:00:00Z").getTime(),
  };

  it("count a paying plan from the month it started, with its fee", () => {
    expect(premiumByMonth([paying], months)).toEqual({ members: [0, 1, 1, 1], revenueCents: [0, 999, 999, 999] });
  });

  it("count a comped grant as a member but not as revenue", () => {
    const comped = { ...paying, isComped: true, monthlyFeeCents: 0, currentPeriodEnd: null };
    expect(premiumByMonth([paying, comped], months)).toEqual({ members: [0, 2, 2, 2], revenueCents: [0, 999, 999, 999] });
  });

  it("stop counting after a cancelled plan's period ended, and ignore basic plans", () => {
    const ended = { ...paying, status: "cancelled", startDate: at("2025-02-01T00:00:00Z").getTime(), currentPeriodEnd: at("2025-04-10T00:00:00Z").getTime() };
    const basic = { ...paying, plan: "basic" as const };
    const lapsedWithoutEnd = { ...paying, status: "expired", currentPeriodEnd: null };
    expect(premiumByMonth([ended, basic, lapsedWithoutEnd], months)).toEqual({ members: [1, 1, 0, 0], revenueCents: [999, 999, 0, 0] });
  });
});

describe("relative times", () => {
  const now = at("2025-03-05T12:00:00Z");
  it("say how long ago, then fall back to the date", () => {
    expect(relativeTime(at("2025-03-05T11:59:30Z"), now)).toBe("just now");
    expect(relativeTime(at("2025-03-05T11:59:00Z"), now)).toBe("1 minute ago");
    expect(relativeTime(at("2025-03-05T09:00:00Z"), now)).toBe("3 hours ago");
    expect(relativeTime(at("2025-03-03T12:00:00Z"), now)).toBe("2 days ago");
    expect(relativeTime(at("2025-02-01T12:00:00Z"), now)).toBe("Feb 1, 2025");
  });
});

describe("chart axis ticks", () => {
  it("give whole steps for counts and round tops", () => {
    expect(axisTicks(0, { integer: true })).toEqual([0, 1]);
    expect(axisTicks(3, { integer: true })).toEqual([0, 1, 2, 3]);
    expect(axisTicks(17, { integer: true })).toEqual([0, 5, 10, 15, 20]);
    expect(axisTicks(120, { integer: true })).toEqual([0, 50, 100, 150]);
  });

  it("give round money steps", () => {
    expect(axisTicks(9.99)).toEqual([0, 5, 10]);
    expect(axisTicks(19.98)).toEqual([0, 5, 10, 15, 20]);
  });
});

describe("the dashboard's weekly counts", () => {
  it("count each event in its Monday-to-Monday week, by type, and nothing outside the twelve weeks", async () => {
    const { db } = await import("#db/client.server");
    const { activityEvents } = await import("#db/schema");
    const { getAnalytics, listRecentActivity } = await import("~/models/reports/analytics.server");
    // Far in the past, so that other tests' events (made now) fall outside these weeks.
    const now = at("2001-03-07T12:00:00Z"); // a Wednesday; the last week starts Monday 2001-03-05
    const add = async (type: "registration" | "lesson_completed", iso: string) =>
      await db.insert(activityEvents).values({ type, summary: `${type} at ${iso}`, createdAt: at(iso) });
    await add("registration", "2001-03-05T00:00:00Z"); // first instant of the last week
    await add("registration", "2001-03-04T23:59:59Z"); // last instant of the week before
    await add("registration", "2001-03-07T11:00:00Z");
    await add("lesson_completed", "2001-03-06T09:00:00Z");
    await add("registration", "2000-12-10T10:00:00Z"); // before the twelve weeks

    const { signUpsPerWeek, lessonCompletionsPerWeek } = await getAnalytics(now);
    expect(signUpsPerWeek.map((point) => point.value)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2]);
    expect(lessonCompletionsPerWeek.at(-1)?.value).toBe(1);
    expect(lessonCompletionsPerWeek.reduce((sum, point) => sum + point.value, 0)).toBe(1);
    expect((await listRecentActivity(2, now)).length).toBe(2);
  });
});
