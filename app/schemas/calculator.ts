import { z } from "zod";
import { toAmount } from "~/utils/revenue-estimator";

// Non-numeric or empty counts as 0 (spec §5); negative or absurd amounts are refused.
const amount = z
  .union([z.number(), z.string().max(32), z.null()])
  .optional()
  .transform((v) => toAmount(v))
  .pipe(z.number().min(0, "Must be 0 or more").max(1_000_000_000, "Must be at most 1,000,000,000"));

export const CalculatorSchema = z.object({
  personalSales: amount,
  storeSales: amount,
  referredAdvisors: amount,
  referredAdvisorSales: amount,
  referredClients: amount,
  referredClientPurchases: amount,
});

// The landing page's no-JavaScript form also previews a store price.
export const EstimatorFormSchema = CalculatorSchema.extend({ itemPrice: amount });
