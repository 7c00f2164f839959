import { z } from "zod";

// Live conferences (admin spec §3–§5, §9): the rules both the pages and the
// JSON API use, and the pieces the browser needs too (status, durations).

export const CONFERENCE_DEFAULTS = { duration: 60, maxParticipants: 100, isRecorded: true } as const;

/** 'Go Live' (spec §4): created and started in one step. */
export const INSTANT_SESSION = {
  title: "Instant Live Session",
  description: "Immediate live conference session",
  duration: 60,
  maxParticipants: 100,
} as const;

export const CONFERENCE_STATUSES = ["Live", "Ended", "Missed", "Scheduled"] as const;
export type ConferenceStatus = (typeof CONFERENCE_STATUSES)[number];

export interface ConferenceTimes {
  isLive: boolean;
  endedAt: Date | string | null;
  scheduledAt: Date | string;
}

/** Spec §4, in this order: live, ended, scheduled in the past (missed), scheduled. */
export function conferenceStatus(conference: ConferenceTimes, now = new Date()): ConferenceStatus {
  if (conference.isLive) return "Live";
  if (conference.endedAt !== null) return "Ended";
  if (new Date(conference.scheduledAt).getTime() < now.getTime()) return "Missed";
  return "Scheduled";
}

/** Edit and delete are offered only while a conference is neither live nor ended. */
export function isEditable(conference: Pick<ConferenceTimes, "isLive" | "endedAt">): boolean {
  return !conference.isLive && conference.endedAt === null;
}

/** Spec §9: 'Xh Ym' from 60 minutes on, else 'Ym'. */
export function formatRecordingDuration(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  return whole >= 60 ? `${Math.floor(whole / 60)}h ${whole % 60}m` : `${whole}m`;
}

/**
 * Premium-only sessions (the monthly live Q&A, learner spec §1) admit only
 * Premium members; admins count as Premium. The server's guard and the
 * portal banner's choice both ask this.
 */
export function admitsViewer(session: { premiumOnly: boolean }, viewerIsPremium: boolean): boolean {
  return !session.premiumOnly || viewerIsPremium;
}

export interface BannerCandidate extends ConferenceTimes {
  id: number;
}

/**
 * The portal banner (learner spec §5): a live conference, else the earliest
 * upcoming one (not live, not ended, scheduled in the future); null for none.
 */
export function pickBannerConference<C extends BannerCandidate>(conferences: readonly C[], now = new Date()): C | null {
  const live = conferences.find((conference) => conference.isLive);
  if (live) return live;
  const upcoming = conferences
    .filter((conference) => conferenceStatus(conference, now) === "Scheduled")
    .sort((a, b) => new Date(a.scheduledAt).getTime() - new Date(b.scheduledAt).getTime());
  return upcoming[0] ?? null;
}

export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 5000;
export const DURATION_MAX = 24 * 60;
export const PARTICIPANTS_MAX = 10_000;

const required = (message: string, max: number) =>
  z.string({ required_error: message, invalid_type_error: message }).trim().min(1, message).max(max, `Keep it under ${max} characters`);

/**
 * Spec §5: a number of at least 1; anything that is not a number falls back
 * to the default (an empty field, "abc"), but a real number below 1 is an error.
 */
function countWithFallback(fallback: number, max: number, tooSmall: string) {
  return z
    .unknown()
    .transform((value) => {
      if (typeof value === "number") return Number.isFinite(value) ? value : fallback;
      if (typeof value !== "string" || value.trim() === "") return fallback;
      const parsed = Number(value);
      return Number.isFinite(parsed) ? parsed : fallback;
    })
    .pipe(z.number().int("Use a whole number").min(1, tooSmall).max(max, `At most ${max}`));
}

const recordChoice = z
  .union([z.boolean(), z.enum(["true", "false"])])
  .optional()
  .transform((value) => (value === undefined ? CONFERENCE_DEFAULTS.isRecorded : value === true || value === "true"));

const baseFields = {
  title: required("Title is required", TITLE_MAX),
  description: required("Description is required", DESCRIPTION_MAX),
  duration: countWithFallback(CONFERENCE_DEFAULTS.duration, DURATION_MAX, "Duration must be at least 1 minute"),
  maxParticipants: countWithFallback(CONFERENCE_DEFAULTS.maxParticipants, PARTICIPANTS_MAX, "At least 1 participant required"),
  isRecorded: recordChoice,
};

/**
 * The admin page's form. The date is the browser's wall-clock
 * 'YYYY-MM-DDTHH:mm' (datetime-local); `timeZone` says whose wall clock it
 * is (filled in by the page's script, else the academy's zone).
 */
export const ConferenceFormSchema = z.object({
  ...baseFields,
  scheduledAt: z
    .string({ required_error: "Scheduled date is required" })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, "Scheduled date is required"),
  timeZone: z.string().max(64).optional(),
  isPremiumOnly: z.boolean().default(false),
});
export type ConferenceFormInput = z.input<typeof ConferenceFormSchema>;
export type ConferenceFormValue = z.output<typeof ConferenceFormSchema>;

const instant = z
  .string({ required_error: "Scheduled date is required", invalid_type_error: "Scheduled date is required" })
  .trim()
  // One check for empty and malformed alike, so the message is not given twice.
  .refine((value) => /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value)), "Scheduled date is required")
  .transform((value) => new Date(value));

/** The JSON API's body (spec §7): scheduledAt is an ISO 8601 date-time. */
export const ConferenceApiSchema = z.object({
  ...baseFields,
  scheduledAt: instant,
  isPremium: z.boolean().default(false),
});
export type ConferenceApiInput = z.output<typeof ConferenceApiSchema>;

/** What the model stores, whichever door it came through. */
export interface ConferenceInput {
  title: string;
  description: string;
  scheduledAt: Date;
  duration: number;
  maxParticipants: number;
  isRecorded: boolean;
  isPremiumOnly: boolean;
}

/** The API's body as the model stores it (the API says `isPremium`, like its answers). */
export function conferenceInputFromApi({ isPremium, ...fields }: ConferenceApiInput): ConferenceInput {
  return { ...fields, isPremiumOnly: isPremium };
}

/** Spec §7: the stop-recording file name, made from the conference id and the time. */
export const RECORDING_FILE_PATTERN = /^conference-(\d{1,12})-(\d{13})\.webm$/;

/** The largest chunk of a recording the host's browser may upload at once (it sends one every few seconds). */
export const RECORDING_CHUNK_MAX_MB = 16;
export const RECORDING_CHUNK_TOO_LARGE = `A recording chunk must be smaller than ${RECORDING_CHUNK_MAX_MB} MB`;

export function recordingFileName(conferenceId: number, at = new Date()): string {
  return `conference-${conferenceId}-${at.getTime()}.webm`;
}

export const StopRecordingSchema = z.object({
  recordingUrl: z
    .string()
    .trim()
    .regex(RECORDING_FILE_PATTERN, "recordingUrl must be a file name like conference-{id}-{time}.webm")
    .optional(),
});

/** A search term; anything that is not a string is no search, an overlong one is cut, not dropped. */
export const RecordingSearchSchema = z
  .string()
  .catch("")
  .transform((value) => value.trim().slice(0, 200));
