import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import {
  CONFERENCE_DEFAULTS,
  ConferenceApiSchema,
  ConferenceFormSchema,
  conferenceInputFromApi,
  conferenceStatus,
  formatRecordingDuration,
  isEditable,
  pickBannerConference,
  StopRecordingSchema,
} from "~/schemas/conference";

const now = new Date("2026-03-10T12:00:00Z");
const past = new Date("2026-03-10T11:00:00Z");
const future = new Date("2026-03-10T13:00:00Z");

describe("a conference's display status (spec §4)", () => {
  it("is Scheduled before its time, Missed after it, Ended once ended and Live while live", () => {
    expect(conferenceStatus({ isLive: false, endedAt: null, scheduledAt: future }, now)).toBe("Scheduled");
    expect(conferenceStatus({ isLive: false, endedAt: null, scheduledAt: past }, now)).toBe("Missed");
    expect(conferenceStatus({ isLive: false, endedAt: past, scheduledAt: future }, now)).toBe("Ended");
    expect(conferenceStatus({ isLive: true, endedAt: null, scheduledAt: future }, now)).toBe("Live");
  });

  it("follows the spec's order when several conditions hold: live, then ended, then missed", () => {
    // Live beats ended and a past date; ended beats a past date.
    expect(conferenceStatus({ isLive: true, endedAt: past, scheduledAt: past }, now)).toBe("Live");
    expect(conferenceStatus({ isLive: true, endedAt: null, scheduledAt: past }, now)).toBe("Live");
    expect(conferenceStatus({ isLive: false, endedAt: past, scheduledAt: past }, now)).toBe("Ended");
  });

  it("reads dates sent as ISO strings, and a conference at this very instant is not yet missed", () => {
    expect(conferenceStatus({ isLive: false, endedAt: null, scheduledAt: now.toISOString() }, now)).toBe("Scheduled");
    expect(conferenceStatus({ isLive: false, endedAt: "2026-03-10T11:30:00Z", scheduledAt: future.toISOString() }, now)).toBe("Ended");
  });

  it("allows edit and delete only while neither live nor ended", () => {
    expect(isEditable({ isLive: false, endedAt: null })).toBe(true);
    expect(isEditable({ isLive: true, endedAt: null })).toBe(false);
    expect(isEditable({ isLive: false, endedAt: past })).toBe(false);
  });
});

describe("recording durations (spec §9)", () => {
  it("read 'Ym' under an hour and 'Xh Ym' from an hour on", () => {
    expect(formatRecordingDuration(0)).toBe("0m");
    expect(formatRecordingDuration(1)).toBe("1m");
    expect(formatRecordingDuration(59)).toBe("59m");
    expect(formatRecordingDuration(60)).toBe("1h 0m");
    expect(formatRecordingDuration(61)).toBe("1h 1m");
    expect(formatRecordingDuration(135)).toBe("2h 15m");
  });

  it("round fractions and never go below zero", () => {
    expect(formatRecordingDuration(59.6)).toBe("1h 0m");
    expect(formatRecordingDuration(-5)).toBe("0m");
  });
});

describe("the portal banner's conference (learner spec §5)", () => {
  const at = (id: number, scheduledAt: Date, extra: { isLive?: boolean; endedAt?: Date | null } = {}) => ({
    id,
    scheduledAt,
    isLive: extra.isLive ?? false,
    endedAt: extra.endedAt ?? null,
  });

  it("is the live one whatever else is scheduled", () => {
    const live = at(3, past, { isLive: true });
    expect(pickBannerConference([at(1, future), live, at(2, new Date("2026-03-10T12:30:00Z"))], now)).toBe(live);
  });

  it("is otherwise the earliest upcoming one, skipping missed and ended ones", () => {
    const soon = at(4, new Date("2026-03-10T12:30:00Z"));
    const list = [at(1, new Date("2026-03-11T09:00:00Z")), at(2, past), at(3, new Date("2026-03-10T12:10:00Z"), { endedAt: past }), soon];
    expect(pickBannerConference(list, now)).toBe(soon);
  });

  it("is null when nothing is live or upcoming", () => {
    expect(pickBannerConference([], now)).toBeNull();
    expect(pickBannerConference([at(1, past), at(2, future, { endedAt: past })], now)).toBeNull();
  });
});

/** The admin form as the browser sends it: every value a string, unchecked boxes absent. */
function submitForm(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.append(name, value);
  return parseWithZod(formData, { schema: ConferenceFormSchema });
}

/** The field errors of a refused form, or null when it was accepted. */
function formErrors(fields: Record<string, string>) {
  const submission = submitForm(fields);
  return submission.status === "error" ? submission.error : null;
}

const validForm = {
  title: "Full Moon Q&A",
  description: "Questions and answers under the full moon",
  scheduledAt: "2026-04-01T19:30",
  duration: "90",
  maxParticipants: "25",
  isRecorded: "true",
};

describe("the admin conference form (spec §5)", () => {
  it("accepts a complete form", () => {
    const submission = submitForm(validForm);
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toMatchObject({ title: "Full Moon Q&A", scheduledAt: "2026-04-01T19:30", duration: 90, maxParticipants: 25, isRecorded: true, isPremiumOnly: false });
  });

  it("names each missing required field with the spec's message", () => {
    expect(formErrors({ ...validForm, title: "", description: "   ", scheduledAt: "" })).toMatchObject({
      title: ["Title is required"],
      description: ["Description is required"],
      scheduledAt: ["Scheduled date is required"],
    });
    expect(formErrors({ duration: "60" })).toMatchObject({ title: ["Title is required"], description: ["Description is required"], scheduledAt: ["Scheduled date is required"] });
  });

  it("refuses a date that is not a date-time", () => {
    expect(formErrors({ ...validForm, scheduledAt: "next Tuesday" })).toMatchObject({ scheduledAt: ["Scheduled date is required"] });
  });

  it("falls back to 60 minutes and 100 participants when they are not numbers", () => {
    for (const notANumber of ["", "abc", "  "]) {
      const submission = submitForm({ ...validForm, duration: notANumber, maxParticipants: notANumber });
      expect(submission.status, `"${notANumber}"`).toBe("success");
      if (submission.status !== "success") continue;
      expect(submission.value.duration).toBe(CONFERENCE_DEFAULTS.duration);
      expect(submission.value.maxParticipants).toBe(CONFERENCE_DEFAULTS.maxParticipants);
      expect(submission.value.duration).toBe(60);
      expect(submission.value.maxParticipants).toBe(100);
    }
    const { duration: _duration, maxParticipants: _max, ...withoutNumbers } = validForm;
    const absent = submitForm(withoutNumbers);
    expect(absent.status === "success" && [absent.value.duration, absent.value.maxParticipants]).toEqual([60, 100]);
  });

  it("refuses real numbers below 1 with the spec's messages", () => {
    expect(formErrors({ ...validForm, duration: "0", maxParticipants: "0" })).toMatchObject({
      duration: ["Duration must be at least 1 minute"],
      maxParticipants: ["At least 1 participant required"],
    });
    expect(formErrors({ ...validForm, duration: "-5", maxParticipants: "-1" })).toMatchObject({
      duration: ["Duration must be at least 1 minute"],
      maxParticipants: ["At least 1 participant required"],
    });
  });

  it("reads 'Record Session' / 'Do Not Record' as true / false, and records by default", () => {
    const recorded = submitForm({ ...validForm, isRecorded: "true" });
    const notRecorded = submitForm({ ...validForm, isRecorded: "false" });
    const { isRecorded: _omitted, ...withoutChoice } = validForm;
    const unchosen = submitForm(withoutChoice);
    expect(recorded.status === "success" && recorded.value.isRecorded).toBe(true);
    expect(notRecorded.status === "success" && notRecorded.value.isRecorded).toBe(false);
    expect(unchosen.status === "success" && unchosen.value.isRecorded).toBe(true);
    expect(submitForm({ ...validForm, isRecorded: "maybe" }).status).toBe("error");
  });

  it("reads the Premium-only checkbox", () => {
    const submission = submitForm({ ...validForm, isPremiumOnly: "on" });
    expect(submission.status === "success" && submission.value.isPremiumOnly).toBe(true);
  });
});

const validBody = {
  title: "Full Moon Q&A",
  description: "Questions and answers",
  scheduledAt: "2026-04-01T19:30:00.000Z",
  duration: 90,
  maxParticipants: 25,
  isRecorded: false,
};

function apiErrors(body: Record<string, unknown>) {
  const result = ConferenceApiSchema.safeParse(body);
  return result.success ? null : result.error.flatten().fieldErrors;
}

describe("the conference API body (spec §5 and §7)", () => {
  it("accepts the spec's fields with an ISO date-time and turns isPremium into the stored flag", () => {
    const value = ConferenceApiSchema.parse({ ...validBody, isPremium: true });
    expect(value.scheduledAt).toEqual(new Date("2026-04-01T19:30:00.000Z"));
    expect(conferenceInputFromApi(value)).toEqual({
      title: "Full Moon Q&A",
      description: "Questions and answers",
      scheduledAt: new Date("2026-04-01T19:30:00.000Z"),
      duration: 90,
      maxParticipants: 25,
      isRecorded: false,
      isPremiumOnly: true,
    });
  });

  it("fills in the defaults: 60 minutes, 100 participants, recorded, not Premium-only", () => {
    const value = ConferenceApiSchema.parse({ title: "T", description: "D", scheduledAt: validBody.scheduledAt });
    expect(value).toMatchObject({ duration: 60, maxParticipants: 100, isRecorded: true, isPremium: false });
  });

  it("falls back for values that are not numbers, as the form does", () => {
    for (const notANumber of ["", "abc", null, Number.NaN]) {
      const value = ConferenceApiSchema.parse({ ...validBody, duration: notANumber, maxParticipants: notANumber });
      expect([value.duration, value.maxParticipants], String(notANumber)).toEqual([60, 100]);
    }
    expect(ConferenceApiSchema.parse({ ...validBody, duration: "45" }).duration).toBe(45);
  });

  it("answers the spec's messages for missing fields and numbers below 1", () => {
    expect(apiErrors({})).toMatchObject({
      title: ["Title is required"],
      description: ["Description is required"],
      scheduledAt: ["Scheduled date is required"],
    });
    expect(apiErrors({ ...validBody, title: "  ", description: 42 })).toMatchObject({ title: ["Title is required"], description: ["Description is required"] });
    expect(apiErrors({ ...validBody, duration: 0, maxParticipants: 0 })).toMatchObject({
      duration: ["Duration must be at least 1 minute"],
      maxParticipants: ["At least 1 participant required"],
    });
    expect(apiErrors({ ...validBody, duration: 1.5 })).toMatchObject({ duration: ["Use a whole number"] });
  });

  it("wants a real ISO date-time", () => {
    for (const scheduledAt of ["", "tomorrow", "2026-13-45T99:99:00Z", 1_775_000_000_000]) {
      expect(apiErrors({ ...validBody, scheduledAt }), String(scheduledAt)).toMatchObject({ scheduledAt: ["Scheduled date is required"] });
    }
  });

  it("takes isRecorded as a boolean or 'true'/'false', and nothing else", () => {
    expect(ConferenceApiSchema.parse({ ...validBody, isRecorded: "false" }).isRecorded).toBe(false);
    expect(ConferenceApiSchema.parse({ ...validBody, isRecorded: "true" }).isRecorded).toBe(true);
    expect(ConferenceApiSchema.parse({ ...validBody, isRecorded: true }).isRecorded).toBe(true);
    expect(apiErrors({ ...validBody, isRecorded: "yes" })).toHaveProperty("isRecorded");
  });
});

describe("the stop-recording body", () => {
  it("takes an optional file name made from the conference id and a millisecond time", () => {
    expect(StopRecordingSchema.parse({})).toEqual({});
    expect(StopRecordingSchema.parse({ recordingUrl: "conference-7-1775000000000.webm" })).toEqual({ recordingUrl: "conference-7-1775000000000.webm" });
    for (const recordingUrl of ["../../etc/passwd", "conference-7.webm", "conference-7-1775000000000.mp4", "https://x.example/conference-7-1775000000000.webm"]) {
      expect(StopRecordingSchema.safeParse({ recordingUrl }).success, recordingUrl).toBe(false);
    }
  });
});
