import { json, type ActionFunctionArgs } from "@remix-run/node";
import { deleteComment, editComment } from "~/models/community/lesson-discussion.server";
import { CommentEditSchema } from "~/schemas/lesson-discussion";
import { answerDiscussionRefusals, openCommentFor } from "~/services/lesson-discussion.server";
import { methodNotAllowed, readJson } from "~/utils/api.server";

// One lesson comment (issue 46): its author or a moderator edits (PATCH) or deletes it.
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "PATCH" && request.method !== "DELETE") return methodNotAllowed(["PATCH", "DELETE"]);
  const { id, user, open } = await openCommentFor(request, context, params.commentId);
  if (request.method === "DELETE") {
    return await answerDiscussionRefusals(async () => {
      await deleteComment(user, open, id);
      return new Response(null, { status: 204 });
    });
  }
  const { content } = await readJson(request, CommentEditSchema);
  return await answerDiscussionRefusals(async () => json({ comment: await editComment(user, open, id, content) }));
}

export const loader = () => methodNotAllowed(["PATCH", "DELETE"]);
