import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { askQuestion, listQuestions, QuestionError } from "~/models/live/conference-questions.server";
import { AskQuestionSchema } from "~/schemas/live-questions";
import { requireUser } from "~/services/auth.server";
import { answerRefusals, apiError, idParam, methodNotAllowed, readJson } from "~/utils/api.server";

// A live session's questions (issue 28): GET the list (most votes first, with
// `voted` for the reader), POST `{ text }` to ask. Attendees only; the room's
// WebSocket delivers changes live.

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  const id = idParam(params.conferenceId, "Conference");
  return await answerRefusals(QuestionError, async () => json({ questions: await listQuestions(viewer, id) }, { headers: { "Cache-Control": "no-store" } }));
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const viewer = await requireUser(request, context);
  const id = idParam(params.conferenceId, "Conference");
  try {
    const input = await readJson(request, AskQuestionSchema);
    return json({ question: await askQuestion(viewer, id, input.text) }, { status: 201 });
  } catch (error) {
    if (!(error instanceof QuestionError)) throw error;
    const headers = error.retryAfterSeconds === undefined ? undefined : { "Retry-After": String(error.retryAfterSeconds) };
    return apiError(error.status, error.message, undefined, { headers });
  }
}
