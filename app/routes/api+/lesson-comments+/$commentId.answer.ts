import { json, type ActionFunctionArgs } from "@remix-run/node";
import { toggleAnswer } from "~/models/community/lesson-discussion.server";
import { answerDiscussionRefusals, openCommentFor } from "~/services/lesson-discussion.server";
import { methodNotAllowed } from "~/utils/api.server";

// Marks a reply as its question's answer, or unmarks it (issue 46): the asker, the course's instructors, admins.
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { id, user, open } = await openCommentFor(request, context, params.commentId);
  return await answerDiscussionRefusals(async () => json({ comment: await toggleAnswer(user, open, id) }));
}

export const loader = () => methodNotAllowed(["POST"]);
