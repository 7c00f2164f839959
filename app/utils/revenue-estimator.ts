// The Mystical Revenue Oracle (spec learner-area §9). Browser-safe: the page
// computes live with it and the server computes the no-JavaScript form with it.

export const ESTIMATOR_FIELDS = [
  "personalSales",
  "storeSales",
  "referredAdvisors",
  "referredAdvisorSales",
  "referredClients",
  "referredClientPurchases",
] as const;

export type EstimatorField = (typeof ESTIMATOR_FIELDS)[number];
export type EstimatorInput = Record<EstimatorField, number>;

export const BONUS_THRESHOLD = 5000;
export const STORE_TRANSACTION_FEE = 0.15;

/** A non-numeric, empty or non-finite value counts as 0. */
export function toAmount(value: unknown): number {
  if (typeof value === "number") return Number.isFinite(value) ? value : 0;
  if (typeof value !== "string" || value.trim() === "") return 0;
  const parsed = Number(value.trim());
  return Number.isFinite(parsed) ? parsed : 0;
}

/** Reads the six figures from any record (form values, JSON), counting junk as 0. */
export function toEstimatorInput(source: Partial<Record<EstimatorField, unknown>> | undefined): EstimatorInput {
  return {
    personalSales: toAmount(source?.personalSales),
    storeSales: toAmount(source?.storeSales),
    referredAdvisors: toAmount(source?.referredAdvisors),
    referredAdvisorSales: toAmount(source?.referredAdvisorSales),
    referredClients: toAmount(source?.referredClients),
    referredClientPurchases: toAmount(source?.referredClientPurchases),
  };
}

export function emptyEstimate(): EstimatorInput {
  return toEstimatorInput({});
}

export interface RevenueEstimate {
  commissions: number;
  salesBonus: number;
  teamBonus: number;
  monthlyRevenue: number;
}

export function estimateMonthlyRevenue(input: EstimatorInput): RevenueEstimate {
  const advisorRevenue = input.referredAdvisors * input.referredAdvisorSales;
  const clientRevenue = input.referredClients * input.referredClientPurchases;
  const referralRevenue = advisorRevenue + clientRevenue;
  const commissions =
    0.5 * input.personalSales + 1 * input.storeSales + 0.1 * advisorRevenue + 0.1 * clientRevenue;
  const salesBonus = input.personalSales > BONUS_THRESHOLD ? 0.1 * input.personalSales : 0;
  const teamBonus = referralRevenue > BONUS_THRESHOLD ? 0.1 * referralRevenue : 0;
  const monthlyRevenue = Math.round(commissions + salesBonus + teamBonus);
  return { commissions, salesBonus, teamBonus, monthlyRevenue };
}

/** What a store visitor pays: the set price plus the 15% transaction fee. */
export function storePriceWithFee(price: number): number {
  return Math.round(price * (1 + STORE_TRANSACTION_FEE) * 100) / 100;
}
