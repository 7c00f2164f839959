import { z } from "zod";

// The admin's new promotion code (form and JSON API alike) and the member's code on the upgrade form.

const CODE_RULE = /^[A-Za-z0-9-]+$/;

export const PromotionCodeText = z
  .string({ required_error: "Enter a promotion code" })
  .trim()
  .min(1, "Enter a promotion code")
  .max(40, "A promotion code has at most 40 characters")
  .regex(CODE_RULE, "A promotion code has only letters, digits and dashes");

export const PromotionCodeSchema = z
  .object({
    code: PromotionCodeText.pipe(z.string().min(3, "A promotion code has at least 3 characters")),
    discountType: z.enum(["percent", "amount"], { errorMap: () => ({ message: "Choose percent off or amount off" }) }),
    percentOff: z.number({ invalid_type_error: "Enter a whole percentage" }).int("Enter a whole percentage").min(1, "At least 1%").max(100, "At most 100%").optional(),
    amountOff: z.number({ invalid_type_error: "Enter an amount in dollars" }).min(0.01, "At least $0.01").max(9.99, "At most $9.99, the monthly price").multipleOf(0.01, "Whole cents only").optional(),
    duration: z.enum(["once", "repeating", "forever"], { errorMap: () => ({ message: "Choose once, repeating or forever" }) }),
    durationInMonths: z.number({ invalid_type_error: "Enter a number of months" }).int("Enter whole months").min(1, "At least 1 month").max(36, "At most 36 months").optional(),
    maxRedemptions: z.number({ invalid_type_error: "Enter a whole number" }).int("Enter a whole number").min(1, "At least 1").max(100_000, "At most 100,000").optional(),
    expiresOn: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date such as 2030-01-31")
      .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), "Use a real date")
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.discountType === "percent" && value.percentOff === undefined) ctx.addIssue({ code: "custom", path: ["percentOff"], message: "Enter the percentage off" });
    if (value.discountType === "amount" && value.amountOff === undefined) ctx.addIssue({ code: "custom", path: ["amountOff"], message: "Enter the amount off" });
    if (value.duration === "repeating" && value.durationInMonths === undefined) {
      ctx.addIssue({ code: "custom", path: ["durationInMonths"], message: "Enter for how many months it applies" });
    }
  });

export type PromotionCodeInput = z.infer<typeof PromotionCodeSchema>;

/** The upgrade's optional code (JSON body of POST /api/create-subscription). */
export const SubscriptionRequestSchema = z.object({
  promotionCode: z
    .string({ invalid_type_error: "promotionCode must be a string" })
    .trim()
    .max(40, "A promotion code has at most 40 characters")
    .regex(/^[A-Za-z0-9-]*$/, "A promotion code has only letters, digits and dashes")
    .optional()
    .transform((value) => (value ? value : undefined)),
});


export const CREATE_PROMOTION_CODE_INTENT = "create-promotion-code";
export const DEACTIVATE_PROMOTION_CODE_INTENT = "deactivate-promotion-code";

/** The admin page's "Deactivate" button: the code's Stripe id. */
export const DeactivatePromotionCodeSchema = z.object({
  promotionCodeId: z.string({ required_error: "Choose a promotion code" }).regex(/^promo_[A-Za-z0-9]+$/, "No such promotion code"),
});
