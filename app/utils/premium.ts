import { formatUsd } from "~/utils/misc";

// What Premium costs (spec: $9.99 per month): the one source for the Stripe
// price, the demo data, revenue figures and every line of copy that names it.
export const PREMIUM_FEE_CENTS = 999;
export const PREMIUM_PRICE = formatUsd(PREMIUM_FEE_CENTS / 100);
export const PREMIUM_PRICE_LABEL = `${PREMIUM_PRICE}/month`;
