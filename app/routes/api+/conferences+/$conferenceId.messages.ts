import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { CHAT_HISTORY_MAX, ChatError, chatConference, listMessages, postMessage } from "~/models/live/conference-chat.server";
import { ChatMessageSchema } from "~/schemas/live-chat";
import { apiError, idParam, methodNotAllowed, readJson } from "~/utils/api.server";
import { requireUser } from "~/services/auth.server";

// A live session's chat (issue 13): GET the history (`?after=<id>` for what
// came since, `?limit=`), POST `{ message }` to say something. The room's
// WebSocket delivers new messages live; this is the history and the fallback.

/** A chat refusal as `{ message }` with its status (and Retry-After); anything else goes on (a ready 400 from readJson included). */
function chatRefusal(error: unknown) {
  if (!(error instanceof ChatError)) throw error;
  const headers = error.retryAfterSeconds === undefined ? undefined : { "Retry-After": String(error.retryAfterSeconds) };
  return apiError(error.status, error.message, undefined, { headers });
}

/** A whole number from the query string, or null when it is not one (absent is undefined). */
function wholeParam(url: URL, name: string): number | undefined | null {
  const value = url.searchParams.get(name);
  if (value === null) return undefined;
  return /^\d{1,12}$/.test(value) ? Number(value) : null;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  const id = idParam(params.conferenceId, "Conference");
  const url = new URL(request.url);
  const after = wholeParam(url, "after");
  if (after === null) return apiError(400, "after must be a message id");
  const limit = wholeParam(url, "limit");
  if (limit === null || limit === 0 || (limit ?? 0) > CHAT_HISTORY_MAX) return apiError(400, `limit must be a number from 1 to ${CHAT_HISTORY_MAX}`);
  try {
    return json(await listMessages(viewer, id, { after, limit }));
  } catch (error) {
    return chatRefusal(error);
  }
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const viewer = await requireUser(request, context);
  const id = idParam(params.conferenceId, "Conference");
  try {
    // Who and when before what: a refused member learns that, not how to word a message.
    await chatConference(viewer, id, "post");
    const input = await readJson(request, ChatMessageSchema);
    return json(await postMessage(viewer, id, input.message), { status: 201 });
  } catch (error) {
    return chatRefusal(error);
  }
}
