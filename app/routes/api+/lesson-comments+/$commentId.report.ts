import { json, type ActionFunctionArgs } from "@remix-run/node";
import { reportComment } from "~/models/community/lesson-discussion.server";
import { ReportSchema } from "~/schemas/lesson-discussion";
import { answerDiscussionRefusals, openCommentFor } from "~/services/lesson-discussion.server";
import { methodNotAllowed, readJson } from "~/utils/api.server";

// A member reports a lesson comment to the course's moderators (issue 46), once.
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { id, user, open } = await openCommentFor(request, context, params.commentId);
  const { reason } = await readJson(request, ReportSchema);
  return await answerDiscussionRefusals(async () => {
    await reportComment(user, open, id, reason);
    return json({ reported: true }, { status: 201 });
  });
}

export const loader = () => methodNotAllowed(["POST"]);
