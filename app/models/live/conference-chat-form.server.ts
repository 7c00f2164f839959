import { parseWithZod } from "@conform-to/zod";
import type { SubmissionResult } from "@conform-to/react";
import { json, redirect, type HeadersFunction } from "@remix-run/node";
import type { User } from "#db/schema";
import { CHAT_REFUSALS, ChatError, chatConference, postMessage } from "~/models/live/conference-chat.server";
import { ChatMessageSchema } from "~/schemas/live-chat";

// The live chat's plain form (`intent=chat`, JavaScript off), shared by the
// join page's room and the admin's room: validated with the shared schema,
// posted through the chat model, then back to the room; a refusal is shown
// in the form with its status.

export interface ChatFormActionData {
  chatResult: SubmissionResult<string[]>;
}

export async function submitChatForm(formData: FormData, viewer: User, conferenceId: number | null, backTo: string) {
  const submission = parseWithZod(formData, { schema: ChatMessageSchema });
  try {
    if (conferenceId === null) throw new ChatError(404, CHAT_REFUSALS.notFound);
    // Who and when before what, as the API answers.
    await chatConference(viewer, conferenceId, "post");
    if (submission.status !== "success") {
      return json<ChatFormActionData>({ chatResult: submission.reply() }, { status: 400 });
    }
    await postMessage(viewer, conferenceId, submission.value.message);
  } catch (error) {
    if (!(error instanceof ChatError)) throw error;
    return json<ChatFormActionData>(
      { chatResult: submission.reply({ formErrors: [error.message] }) },
      {
        status: error.status,
        headers: error.retryAfterSeconds === undefined ? undefined : { "Retry-After": String(error.retryAfterSeconds) },
      },
    );
  }
  return redirect(backTo);
}

/** The page's `headers`: a throttled form's Retry-After reaches the browser (Remix sends only what this returns). */
export const chatFormHeaders: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};
