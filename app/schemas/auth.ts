import { z } from "zod";

export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;

export const UsernameSchema = z
  .string({ required_error: "Username is required" })
  .trim()
  .min(3, "Username must be at least 3 characters")
  .max(32, "Username must be at most 32 characters")
  .regex(USERNAME_PATTERN, "Use only letters, digits, _, - and .");

export const NewPasswordSchema = z
  .string({ required_error: "Password is required" })
  .min(12, "Password must be at least 12 characters")
  .max(128, "Password must be at most 128 characters");

export const EMAIL_INVALID = "Enter a real email address, like name@example.com.";

export const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, "An email address has at most 254 characters.")
  .email(EMAIL_INVALID);

/** An optional email: blank (or null in JSON) means "no email". */
export const OptionalEmailSchema = z.preprocess(
  (value) => (value === null || (typeof value === "string" && value.trim() === "") ? undefined : value),
  EmailSchema.optional(),
);

const CaptchaFields = {
  captchaToken: z.string({ required_error: "Captcha expired, please try again" }).min(1).max(512),
  captchaAnswer: z.coerce
    .number({ required_error: "Please solve the math problem", invalid_type_error: "Please enter a number" })
    .int("Please enter a whole number"),
};

// Login accepts any stored password; length rules apply only to new passwords.
export const LoginSchema = z.object({
  username: z.string({ required_error: "Username is required" }).trim().min(1, "Username is required").max(64),
  password: z.string({ required_error: "Password is required" }).min(1, "Password is required").max(128),
  ...CaptchaFields,
  redirectTo: z.string().max(2048).optional(),
});

// Optional at sign-up; blank means "use my display name" (issue 47).
export const CERTIFICATE_NAME_MAX = 100;
export const SignUpCertificateNameSchema = z.preprocess(
  (value) => (value === null || (typeof value === "string" && value.trim() === "") ? undefined : value),
  z.string().trim().max(CERTIFICATE_NAME_MAX, `The name on certificates must be at most ${CERTIFICATE_NAME_MAX} characters.`).optional(),
);

export const RegisterSchema = z.object({
  username: UsernameSchema,
  password: NewPasswordSchema,
  email: OptionalEmailSchema,
  certificateName: SignUpCertificateNameSchema,
  ...CaptchaFields,
});

// The page form also asks for a confirmation; the JSON API does not (spec §7).
export const RegisterFormSchema = RegisterSchema.extend({
  confirmPassword: z.string({ required_error: "Please confirm your password" }),
  redirectTo: z.string().max(2048).optional(),
}).refine((v) => v.password === v.confirmPassword, {
  message: "Passwords do not match. Please try again.",
  path: ["confirmPassword"],
});
