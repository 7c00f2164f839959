import type { AppLoadContext } from "@remix-run/node";
import { DiscussionRefusal, DISCUSSION_TEXTS, lessonOfComment, type OpenLesson } from "~/models/community/lesson-discussion.server";
import { findLessonForViewer } from "~/models/learning/access.server";
import { apiError, idParam } from "~/utils/api.server";
import { requireUser } from "~/services/auth.server";

// The lesson discussion's JSON API and the lesson page's forms both start
// here: the member, and the lesson they may open (Premium, drip: 403; else
// 404) — through access.server, as for the lesson itself.

export async function openLessonFor(request: Request, context: AppLoadContext, lessonId: number) {
  const user = await requireUser(request, context);
  const found = await findLessonForViewer(lessonId, user);
  if (!found) throw apiError(404, "Lesson not found");
  const open: OpenLesson = { lesson: found.lesson, course: found.course };
  return { user, open };
}

/** The comment's lesson, opened for the member; a comment they may not see is a 404 or the lesson's 403. */
export async function openCommentFor(request: Request, context: AppLoadContext, commentParam: string | undefined) {
  const id = idParam(commentParam, "Comment");
  await requireUser(request, context);
  const lessonId = await lessonOfComment(id);
  if (lessonId === undefined) throw apiError(404, DISCUSSION_TEXTS.notFound);
  return { id, ...await openLessonFor(request, context, lessonId) };
}

/** A refusal as the API answers it: `{message}` with its status, Retry-After when throttled. */
export async function answerDiscussionRefusals(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof DiscussionRefusal)) throw error;
    return apiError(error.status, error.message, undefined, error.retryAfterSeconds === undefined ? undefined : { headers: { "Retry-After": String(error.retryAfterSeconds) } });
  }
}
