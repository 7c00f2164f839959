import { parseWithZod } from "@conform-to/zod";
import type { SubmissionResult } from "@conform-to/react";
import { json } from "@remix-run/node";
import { z } from "zod";
import type { User } from "#db/schema";
import type { LiveChatMessage } from "~/models/live/live-events.server";
import type { MediaBackend } from "~/schemas/live-room";
import type { Notice } from "~/schemas/notice";
import { submitChatForm } from "~/models/live/conference-chat-form.server";
import { listMessages } from "~/models/live/conference-chat.server";
import { QUESTION_INTENTS, submitQuestionForm } from "~/models/live/conference-questions-form.server";
import { listQuestions } from "~/models/live/conference-questions.server";
import type { LiveQuestion } from "~/schemas/live-questions";
import {
  CONFERENCE_MESSAGES,
  ConferenceError,
  conferenceForApi,
  createConference,
  deleteConference,
  endConference,
  goLive,
  listConferences,
  startConference,
  updateConference,
  type ConferenceJson,
} from "~/models/live/conference.server";
import { ConferenceFormSchema, type ConferenceInput } from "~/schemas/conference";
import { readForm } from "~/utils/form-data.server";
import { logger } from "~/utils/logger.server";
import { parseRouteId } from "~/utils/misc";
import { publicOrigin } from "~/utils/misc.server";
import { instantToWallTime, isTimeZone, wallTimeToInstant } from "~/utils/time-zone";
import { viewerTimeZone } from "~/utils/time-zone.server";
import { redirectWithToast, type ToastInput } from "~/utils/toast.server";
import { mediaBackend } from "~/realtime/media-backend.server";

// The admin sessions page (spec §2 "Admin sessions page", §4, §5, §8): what
// its loader shows and what each of its forms does. Every rule is the
// conference model's; this module only turns outcomes into pages and toasts.

/** The page answers at both addresses (spec §2); its forms come back to the one they were sent from. */
export const CONFERENCE_PAGE_PATH = "/admin/conference";
export const CONFERENCE_PAGE_ALIAS = "/admin-conference";
export type ConferencePagePath = typeof CONFERENCE_PAGE_PATH | typeof CONFERENCE_PAGE_ALIAS;

export function conferencePagePath(request: Request): ConferencePagePath {
  return new URL(request.url).pathname.startsWith(CONFERENCE_PAGE_ALIAS) ? CONFERENCE_PAGE_ALIAS : CONFERENCE_PAGE_PATH;
}

/** The live room's join link needs an origin; the browser replaces this guess with its own. */
function roomOrigin(request: Request): string {
  try {
    return publicOrigin(request);
  } catch {
    return new URL(request.url).origin;
  }
}

export interface ConferencePageData {
  pagePath: ConferencePagePath;
  /** Not ended (spec §4), live first, then by scheduled time. */
  conferences: ConferenceJson[];
  timeZone: string;
  origin: string;
  /** Which server carries the live room's media (MEDIA_BACKEND). */
  mediaBackend: MediaBackend;
  /** The live session's chat history (the live room's 'Live Chat'); empty when none is live. */
  liveMessages: LiveChatMessage[];
  /** The live session's questions; empty when none is live. */
  liveQuestions: LiveQuestion[];
}

export async function loadConferencePage(request: Request, admin: User): Promise<ConferencePageData> {
  const now = new Date();
  const conferences = await listConferences();
  const live = conferences.find((conference) => conference.isLive);
  return {
    pagePath: conferencePagePath(request),
    conferences: conferences.map((conference) => conferenceForApi(conference, now)),
    timeZone: viewerTimeZone(request),
    origin: roomOrigin(request),
    mediaBackend: mediaBackend(),
    liveMessages: live ? await listMessages(admin, live.id) : [],
    liveQuestions: live ? await listQuestions(admin, live.id) : [],
  };
}

export const CONFERENCE_INTENTS = ["go-live", "save", "delete", "start", "end", "chat", ...QUESTION_INTENTS] as const;
export type ConferenceIntent = (typeof CONFERENCE_INTENTS)[number];
const IntentSchema = z.enum(CONFERENCE_INTENTS, { errorMap: () => ({ message: "Unknown conference action" }) });

export interface ConferenceFormActionData {
  result: SubmissionResult<string[]>;
  notice: Notice | null;
}

/**
 * The form's wall-clock date read in the zone the browser named (or the
 * viewer's known zone): the instant the model stores. A wall time that does
 * not exist there (2030-02-31, or an hour skipped by a clock change) is refused.
 */
function conferenceInputSchema(fallbackZone: string) {
  return ConferenceFormSchema.transform((value, context): ConferenceInput => {
    const zone = isTimeZone(value.timeZone) ? value.timeZone : fallbackZone;
    const scheduledAt = wallTimeToInstant(value.scheduledAt, zone);
    if (Number.isNaN(scheduledAt.getTime()) || instantToWallTime(scheduledAt, zone) !== value.scheduledAt.slice(0, 16)) {
      context.addIssue({ code: z.ZodIssueCode.custom, path: ["scheduledAt"], message: `Enter a date and time that exists in ${zone}` });
      return z.NEVER;
    }
    return {
      title: value.title,
      description: value.description,
      scheduledAt,
      duration: value.duration,
      maxParticipants: value.maxParticipants,
      isRecorded: value.isRecorded,
      isPremiumOnly: value.isPremiumOnly,
    };
  });
}

/** 'Failed to start conference. Please try again.' (spec §8), or the model's reason instead of "try again". */
function failureDescription(what: string, error: unknown): string {
  if (error instanceof ConferenceError) {
    const reason = /[.!?]$/.test(error.message) ? error.message : `${error.message}.`;
    return `Failed to ${what}. ${reason}`;
  }
  return `Failed to ${what}. Please try again.`;
}

interface Transition {
  run: (conferenceId: number | null) => Promise<unknown>;
  success: string;
  failureTitle: "Error";
  failure: string;
}

function requireId(conferenceId: number | null): number {
  if (conferenceId === null) throw new ConferenceError(404, CONFERENCE_MESSAGES.notFound);
  return conferenceId;
}

const TRANSITIONS: Record<Exclude<ConferenceIntent, "save" | "delete" | "go-live" | "chat" | (typeof QUESTION_INTENTS)[number]>, Transition> = {
  start: { run: async (id) => await startConference(requireId(id)), success: "Conference started!", failureTitle: "Error", failure: "start conference" },
  end: { run: async (id) => await endConference(requireId(id)), success: "Conference ended", failureTitle: "Error", failure: "end conference" },
};

async function attempt(pagePath: ConferencePagePath, run: () => Promise<unknown>, success: ToastInput, failureTitle: string, failure: string) {
  try {
    await run();
  } catch (error) {
    if (!(error instanceof ConferenceError)) logger.error({ err: error }, `conference page: failed to ${failure}`);
    return await redirectWithToast(pagePath, { type: "error", title: failureTitle, description: failureDescription(failure, error) });
  }
  return await redirectWithToast(pagePath, success);
}

/** Every form on the page posts here; without JavaScript each answer is a redirect carrying its toast. */
export async function submitConferencePage(request: Request, admin: User) {
  const pagePath = conferencePagePath(request);
  const formData = await readForm(request);
  const intent = IntentSchema.safeParse(formData.get("intent"));
  if (!intent.success) throw json({ message: "Unknown conference action" }, { status: 400 });
  const conferenceId = parseRouteId(formData.get("conferenceId"));

  switch (intent.data) {
    case "go-live":
      return await attempt(pagePath, async () => await goLive(admin.id), { type: "success", title: "Conference started!" }, "Error", "start conference");
    case "delete":
      return await attempt(
        pagePath,
        async () => await deleteConference(requireId(conferenceId), { withRecordings: formData.get("withRecordings") === "on" }),
        { type: "success", title: "Conference deleted" },
        "Error",
        "delete conference",
      );
    case "save":
      return await saveConference(request, formData, pagePath, conferenceId, admin);
    case "chat":
      // The live room's chat without JavaScript (with it, the chat posts to the API).
      return await submitChatForm(formData, admin, conferenceId, `${pagePath}#live-chat`);
    case "ask-question":
    case "vote-question":
    case "answer-question":
    case "hide-question":
      // The questions panel without JavaScript.
      return await submitQuestionForm(formData, admin, conferenceId, `${pagePath}#live-questions`);
    default: {
      const transition = TRANSITIONS[intent.data];
      return await attempt(
        pagePath,
        async () => await transition.run(conferenceId),
        { type: "success", title: transition.success },
        transition.failureTitle,
        transition.failure,
      );
    }
  }
}

async function saveConference(
  request: Request,
  formData: FormData,
  pagePath: ConferencePagePath,
  conferenceId: number | null,
  admin: User,
) {
  const submission = parseWithZod(formData, { schema: conferenceInputSchema(viewerTimeZone(request)) });
  if (submission.status !== "success") {
    return json<ConferenceFormActionData>({ result: submission.reply(), notice: null }, { status: 400 });
  }
  const what = conferenceId === null ? "create conference" : "update conference";
  try {
    if (conferenceId === null) {
      await createConference(submission.value, admin.id);
      return await redirectWithToast(pagePath, { type: "success", title: "Conference created successfully!" });
    }
    await updateConference(conferenceId, submission.value);
    return await redirectWithToast(pagePath, { type: "success", title: "Conference updated successfully!" });
  } catch (error) {
    // Live, ended or gone: nothing in the form can fix that, so the dialog closes with the reason.
    if (error instanceof ConferenceError) {
      return await redirectWithToast(pagePath, { type: "error", title: "Error", description: failureDescription(what, error) });
    }
    logger.error({ err: error }, `conference page: failed to ${what}`);
    const description = failureDescription(what, error);
    return json<ConferenceFormActionData>(
      { result: submission.reply({ formErrors: [description] }), notice: { type: "error", title: "Error", description } },
      { status: 500 },
    );
  }
}
