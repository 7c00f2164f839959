import { z } from "zod";
import { NewPasswordSchema } from "~/schemas/auth";

export const ForgotPasswordSchema = z.object({
  identifier: z
    .string({ required_error: "Enter your username or email" })
    .trim()
    .min(1, "Enter your username or email")
    .max(254, "That is longer than any username or email"),
});

// Same password rules as registration (spec: password and confirmation must match).
export const ResetPasswordSchema = z
  .object({
    password: NewPasswordSchema,
    confirmPassword: z.string({ required_error: "Please confirm your password" }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords do not match. Please try again.",
    path: ["confirmPassword"],
  });
