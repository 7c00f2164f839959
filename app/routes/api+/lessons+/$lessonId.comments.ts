import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { listDiscussion, postComment } from "~/models/community/lesson-discussion.server";
import { CommentSchema } from "~/schemas/lesson-discussion";
import { answerDiscussionRefusals, openLessonFor } from "~/services/lesson-discussion.server";
import { idParam, methodNotAllowed, readJson } from "~/utils/api.server";

// A lesson's discussion (issue 46): GET reads it, POST asks a question or
// replies to one (`parentId`). Only for members who may open the lesson.
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, open } = await openLessonFor(request, context, idParam(params.lessonId, "Lesson"));
  const { comments, openQuestions } = await listDiscussion(open, user);
  return json({ comments, openQuestions });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const { user, open } = await openLessonFor(request, context, idParam(params.lessonId, "Lesson"));
  const input = await readJson(request, CommentSchema);
  return await answerDiscussionRefusals(async () => json({ comment: await postComment(user, open, input) }, { status: 201 }));
}
