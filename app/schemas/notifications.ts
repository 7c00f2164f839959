import { z } from "zod";

// Notifications (issue 25): what a member chooses for each kind of email, and
// what the JSON API accepts.
export const EMAIL_FREQUENCY_VALUES = ["instant", "daily", "weekly", "off"] as const;
export type EmailFrequency = (typeof EMAIL_FREQUENCY_VALUES)[number];
export const EMAIL_PREFERENCE_KEYS = ["forumReplies", "mentions", "liveSessions", "newCourses", "assignments"] as const;
export type EmailPreferenceKey = (typeof EMAIL_PREFERENCE_KEYS)[number];
export type NotificationPreferences = Record<EmailPreferenceKey, EmailFrequency>;

export const EMAIL_PREFERENCE_LABELS: Record<EmailPreferenceKey, string> = {
  forumReplies: "Replies in topics you started or replied in",
  mentions: "Mentions of you (@username)",
  liveSessions: "Live sessions and their reminders",
  newCourses: "New courses",
  assignments: "Assignments: work to review, and reviews of your work",
};
export const EMAIL_FREQUENCY_LABELS: Record<EmailFrequency, string> = {
  instant: "At once",
  daily: "Daily digest",
  weekly: "Weekly digest",
  off: "Off",
};

const frequency = z.enum(EMAIL_FREQUENCY_VALUES, { errorMap: () => ({ message: 'Choose "instant", "daily", "weekly" or "off"' }) });

export const PreferencesSchema = z
  // `assignments` came later (issue 45): a client that does not send it keeps the member's choice.
  .object({ forumReplies: frequency, mentions: frequency, liveSessions: frequency, newCourses: frequency, assignments: frequency.optional() })
  // "account" emails (password resets, payments, certificates) cannot be turned off; it is accepted only as "instant".
  .extend({ account: z.literal("instant", { errorMap: () => ({ message: "Account emails cannot be turned off" }) }).optional() })
  .strict();

export const MarkReadSchema = z.union([
  z.object({ ids: z.array(z.number().int().positive()).min(1, "Give at least one id").max(200, "At most 200 ids") }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);
