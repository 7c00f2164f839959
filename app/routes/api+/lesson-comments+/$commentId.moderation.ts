import { json, type ActionFunctionArgs } from "@remix-run/node";
import { hideComment } from "~/models/community/lesson-discussion.server";
import { ModerationSchema } from "~/schemas/lesson-discussion";
import { answerDiscussionRefusals, openCommentFor } from "~/services/lesson-discussion.server";
import { methodNotAllowed, readJson } from "~/utils/api.server";

// A moderator (the course's instructors, admins) hides a lesson comment or shows it again (issue 46).
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { id, user, open } = await openCommentFor(request, context, params.commentId);
  const { hidden } = await readJson(request, ModerationSchema);
  return await answerDiscussionRefusals(async () => json({ comment: await hideComment(user, open, id, hidden) }));
}

export const loader = () => methodNotAllowed(["POST"]);
