import { parseWithZod } from "@conform-to/zod";
import type { SubmissionResult } from "@conform-to/react";
import { json, redirect } from "@remix-run/node";
import type { User } from "#db/schema";
import { askQuestion, hideQuestion, markAnswered, QUESTION_REFUSALS, QuestionError, questionConference, toggleVote } from "~/models/live/conference-questions.server";
import { AskQuestionSchema } from "~/schemas/live-questions";

// The questions panel's plain forms (JavaScript off), shared by the join
// page's room and the admin's room: `ask-question`, `vote-question`,
// `answer-question`, `hide-question`. Each goes through the questions model,
// then back to the room; a refusal is shown in the panel with its status.

export const QUESTION_INTENTS = ["ask-question", "vote-question", "answer-question", "hide-question"] as const;

export interface QuestionFormActionData {
  questionResult: SubmissionResult<string[]>;
}

export function isQuestionIntent(intent: unknown): intent is (typeof QUESTION_INTENTS)[number] {
  return typeof intent === "string" && (QUESTION_INTENTS as readonly string[]).includes(intent);
}

export async function submitQuestionForm(formData: FormData, viewer: User, conferenceId: number | null, backTo: string) {
  const intent = formData.get("intent");
  const submission = parseWithZod(formData, { schema: AskQuestionSchema });
  try {
    if (conferenceId === null) throw new QuestionError(404, QUESTION_REFUSALS.notFound);
    if (intent === "ask-question") {
      // Who and when before what, as the API answers.
      await questionConference(viewer, conferenceId, "write");
      if (submission.status !== "success") return json<QuestionFormActionData>({ questionResult: submission.reply() }, { status: 400 });
      await askQuestion(viewer, conferenceId, submission.value.text);
    } else {
      const questionId = Number(formData.get("questionId"));
      if (!Number.isSafeInteger(questionId) || questionId < 1) throw new QuestionError(404, QUESTION_REFUSALS.questionNotFound);
      if (intent === "vote-question") await toggleVote(viewer, conferenceId, questionId);
      else if (intent === "answer-question") await markAnswered(viewer, conferenceId, questionId);
      else await hideQuestion(viewer, conferenceId, questionId);
    }
  } catch (error) {
    if (!(error instanceof QuestionError)) throw error;
    return json<QuestionFormActionData>(
      { questionResult: submission.reply({ formErrors: [error.message] }) },
      {
        status: error.status,
        headers: error.retryAfterSeconds === undefined ? undefined : { "Retry-After": String(error.retryAfterSeconds) },
      },
    );
  }
  return redirect(backTo);
}
