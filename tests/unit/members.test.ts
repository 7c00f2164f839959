import { describe, expect, it } from "vitest";
import { parseMemberDirectoryQuery, revenueFigures } from "~/models/accounts/members.server";

describe("revenue figures", () => {
  it("add up in cents: two paying members of ten students", () => {
    expect(revenueFigures({ monthlyRevenueCents: 1998, premiumMembers: 3, students: 10 })).toEqual({
      monthlyRevenue: 19.98,
      totalPremiumMembers: 3,
      averageRevenuePerUser: 2,
      annualProjection: 239.76,
    });
  });

  it("round the average to the cent and are zero with no students", () => {
    expect(revenueFigures({ monthlyRevenueCents: 999, premiumMembers: 1, students: 3 }).averageRevenuePerUser).toBe(3.33);
    expect(revenueFigures({ monthlyRevenueCents: 0, premiumMembers: 0, students: 0 })).toEqual({
      monthlyRevenue: 0,
      totalPremiumMembers: 0,
      averageRevenuePerUser: 0,
      annualProjection: 0,
    });
  });
});

describe("member directory query", () => {
  it("reads search, plan and page", () => {
    expect(parseMemberDirectoryQuery(new URLSearchParams("q=%20luna%20&plan=premium&page=3"))).toEqual({ q: "luna", plan: "premium", page: 3 });
  });

  it("ignores what it does not understand", () => {
    expect(parseMemberDirectoryQuery(new URLSearchParams("plan=gold&page=-2"))).toEqual({ q: "", plan: "all", page: 1 });
    expect(parseMemberDirectoryQuery(new URLSearchParams("page=1.5"))).toEqual({ q: "", plan: "all", page: 1 });
  });
});
