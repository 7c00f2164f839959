import { z } from "zod";
import { CERTIFICATE_NAME_MAX, NewPasswordSchema, OptionalEmailSchema } from "~/schemas/auth";

export { CERTIFICATE_NAME_MAX, EmailSchema, EMAIL_INVALID, OptionalEmailSchema } from "~/schemas/auth";

// The member's own account: profile, email, password, deletion. Shared by the
// /settings forms (conform, in the browser too) and the /api/user/* routes.

/** Shown instead of a name on forum posts whose author deleted their account (the posts stay). */
export const FORMER_MEMBER = "Former member";
/** Where a deleted account's name was on the certificates they signed (issue 39). */
export const FORMER_INSTRUCTOR = "Former instructor";

const optionalText = (max: number, what: string) =>
  z.preprocess(
    (value) => (value === null || (typeof value === "string" && value.trim() === "") ? undefined : value),
    z.string().trim().max(max, `${what} must be at most ${max} characters.`).optional(),
  );

const certificateNameText = z.string().trim().max(CERTIFICATE_NAME_MAX, `The name on certificates must be at most ${CERTIFICATE_NAME_MAX} characters.`);

/**
 * "Name on certificates" (issue 47). Left out: unchanged (JSON clients that do not know it);
 * blank or null: cleared, so the display name is used.
 */
export const OptionalCertificateNameSchema = z.preprocess(
  (value) => (value === null || (typeof value === "string" && value.trim() === "") ? null : value),
  certificateNameText.nullable().optional(),
);

/** The one-time question on a member's certificate page: a name is required there. */
export const CertificateNameSchema = z.object({
  certificateName: certificateNameText.min(1, "Enter the name to print on your certificates."),
});

export const ProfileSchema = z.object({
  name: optionalText(80, "Display name"),
  firstName: optionalText(50, "First name"),
  email: OptionalEmailSchema,
  // Shown beside an instructor's name on the courses they teach (issue 29).
  bio: optionalText(500, "Bio"),
  certificateName: OptionalCertificateNameSchema,
});
export type ProfileInput = z.output<typeof ProfileSchema>;

export const ChangePasswordSchema = z.object({
  currentPassword: z
    .string({ required_error: "Enter your current password." })
    .min(1, "Enter your current password.")
    .max(128, "Password must be at most 128 characters"),
  newPassword: NewPasswordSchema,
});
export type ChangePasswordInput = z.output<typeof ChangePasswordSchema>;

// The page asks for the new password twice; the JSON API does not (as at sign-up).
export const ChangePasswordFormSchema = ChangePasswordSchema.extend({
  confirmNewPassword: z.string({ required_error: "Please confirm your new password." }),
}).refine((v) => v.newPassword === v.confirmNewPassword, {
  message: "Passwords do not match. Please try again.",
  path: ["confirmNewPassword"],
});

export const DeleteAccountSchema = z.object({
  password: z
    .string({ required_error: "Enter your password to confirm." })
    .min(1, "Enter your password to confirm.")
    .max(128, "Password must be at most 128 characters"),
});
