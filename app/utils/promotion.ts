import { formatUsd } from "~/utils/misc";

// A promotion code's coupon in plain words and figures, for the upgrade form and
// the admins' list (server and browser alike).

export interface PromotionTerms {
  percentOff: number | null;
  amountOffCents: number | null;
  duration: "once" | "repeating" | "forever";
  durationInMonths: number | null;
}

/** The monthly price while the coupon applies, never below zero. */
export function discountedPriceCents(priceCents: number, terms: PromotionTerms): number {
  const off = terms.percentOff !== null ? Math.round((priceCents * terms.percentOff) / 100) : (terms.amountOffCents ?? 0);
  return Math.max(0, priceCents - off);
}

/** "50% off for 3 months", "$2.00 off the first month", "25% off every month". */
export function describePromotion(terms: PromotionTerms): string {
  const off = terms.percentOff !== null ? `${terms.percentOff}% off` : `${formatUsd((terms.amountOffCents ?? 0) / 100)} off`;
  if (terms.duration === "once") return `${off} the first month`;
  if (terms.duration === "forever") return `${off} every month`;
  const months = terms.durationInMonths ?? 1;
  return `${off} for ${months} ${months === 1 ? "month" : "months"}`;
}
