import { describe, expect, it } from "vitest";
import { CalculatorSchema } from "~/schemas/calculator";
import {
  emptyEstimate,
  estimateMonthlyRevenue,
  storePriceWithFee,
  toAmount,
  toEstimatorInput,
} from "~/utils/revenue-estimator";

const input = (values: Partial<ReturnType<typeof emptyEstimate>>) => ({ ...emptyEstimate(), ...values });

describe("the Mystical Revenue Oracle", () => {
  it("pays half of personal sales, all store sales and 10% of referral revenue", () => {
    const estimate = estimateMonthlyRevenue(
      input({ personalSales: 1000, storeSales: 300, referredAdvisors: 2, referredAdvisorSales: 500, referredClients: 4, referredClientPurchases: 50 }),
    );
    // 500 + 300 + 10% of 1000 + 10% of 200
    expect(estimate.commissions).toBe(920);
    expect(estimate.salesBonus).toBe(0);
    expect(estimate.teamBonus).toBe(0);
    expect(estimate.monthlyRevenue).toBe(920);
  });

  it("adds a 10% sales bonus only above 5000 of personal sales", () => {
    expect(estimateMonthlyRevenue(input({ personalSales: 5000 })).salesBonus).toBe(0);
    expect(estimateMonthlyRevenue(input({ personalSales: 5001 })).salesBonus).toBeCloseTo(500.1);
    expect(estimateMonthlyRevenue(input({ personalSales: 6000 })).monthlyRevenue).toBe(3600);
  });

  it("adds a team bonus of 10% of combined referral revenue only above 5000", () => {
    const atThreshold = input({ referredAdvisors: 10, referredAdvisorSales: 300, referredClients: 20, referredClientPurchases: 100 });
    expect(estimateMonthlyRevenue(atThreshold).teamBonus).toBe(0);
    const above = input({ referredAdvisors: 10, referredAdvisorSales: 400, referredClients: 20, referredClientPurchases: 100 });
    const estimate = estimateMonthlyRevenue(above);
    expect(estimate.teamBonus).toBe(600);
    expect(estimate.commissions).toBe(600);
    expect(estimate.monthlyRevenue).toBe(1200);
  });

  it("combines everything into whole dollars", () => {
    const estimate = estimateMonthlyRevenue(
      input({ personalSales: 6000, storeSales: 200, referredAdvisors: 10, referredAdvisorSales: 400, referredClients: 20, referredClientPurchases: 100 }),
    );
    expect(estimate.monthlyRevenue).toBe(5000);
    expect(estimateMonthlyRevenue(input({ personalSales: 333.33 })).monthlyRevenue).toBe(167);
  });

  it("counts non-numeric and empty values as 0", () => {
    expect(toAmount("")).toBe(0);
    expect(toAmount("abc")).toBe(0);
    expect(toAmount(undefined)).toBe(0);
    expect(toAmount(Number.NaN)).toBe(0);
    expect(toAmount(" 42.5 ")).toBe(42.5);
    expect(toEstimatorInput({ personalSales: "x", storeSales: "12" })).toEqual({ ...emptyEstimate(), storeSales: 12 });
  });

  it("validates saved figures: junk is 0, negatives are refused", () => {
    expect(CalculatorSchema.parse({ personalSales: "abc", storeSales: 5 })).toEqual({ ...emptyEstimate(), storeSales: 5 });
    expect(CalculatorSchema.safeParse({ personalSales: -1 }).success).toBe(false);
  });

  it("shows store visitors the price plus a 15% transaction fee", () => {
    expect(storePriceWithFee(10)).toBe(11.5);
    expect(storePriceWithFee(19.99)).toBe(22.99);
    expect(storePriceWithFee(0)).toBe(0);
  });
});
