import { json } from "@remix-run/node";
import { z } from "zod";
import { deleteComment, DiscussionRefusal, editComment, hideComment, postComment, reportComment, toggleAnswer, type OpenLesson } from "~/models/community/lesson-discussion.server";
import { CommentEditSchema, CommentSchema, ReportSchema } from "~/schemas/lesson-discussion";
import { redirectWithToast } from "~/utils/toast.server";

// The lesson page's discussion forms (issue 46) without JavaScript: the same
// model functions as /api/lessons/{id}/comments, then a redirect back to the
// comment's anchor with a toast. Invalid input answers 400 with the typed text
// so the page can show it again next to the error.

export const DISCUSSION_INTENTS = ["comment", "reply", "edit-comment", "delete-comment", "answer", "report", "hide-comment"] as const;
type Intent = (typeof DISCUSSION_INTENTS)[number];
type Member = { id: number; role: "student" | "instructor" | "admin"; username: string };

const CommentId = z.coerce.number().int().positive();

export function isDiscussionIntent(intent: unknown): intent is Intent {
  return DISCUSSION_INTENTS.some((known) => known === intent);
}

function text(formData: FormData, name: string) {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
}

export async function discussionAction(member: Member, open: OpenLesson, intent: Intent, formData: FormData, here: string) {
  const commentId = intent === "comment" ? null : CommentId.safeParse(formData.get(intent === "reply" ? "parentId" : "commentId"));
  if (commentId && !commentId.success) return json({ discussion: { intent, commentId: null, error: "Unknown comment.", content: "" } }, { status: 400 });
  const id = commentId ? commentId.data : null;
  const failed = (error: string, status = 400) => json({ discussion: { intent, commentId: id, error, content: text(formData, intent === "report" ? "reason" : "content") } }, { status });
  try {
    switch (intent) {
      case "comment":
      case "reply": {
        const input = CommentSchema.safeParse({ content: text(formData, "content"), ...(id ? { parentId: id } : {}) });
        if (!input.success) return failed(input.error.issues[0]?.message ?? "Invalid comment.");
        const comment = await postComment(member, open, input.data);
        return await redirectWithToast(`${here}#comment-${comment.id}`, { type: "success", title: intent === "reply" ? "Reply posted" : "Question posted" }, { status: 303 });
      }
      case "edit-comment": {
        const input = CommentEditSchema.safeParse({ content: text(formData, "content") });
        if (!input.success || id === null) return failed(input.error?.issues[0]?.message ?? "Invalid comment.");
        await editComment(member, open, id, input.data.content);
        return await redirectWithToast(`${here}#comment-${id}`, { type: "success", title: "Comment updated" }, { status: 303 });
      }
      case "delete-comment":
        await deleteComment(member, open, id ?? 0);
        return await redirectWithToast(`${here}#discussion`, { type: "success", title: "Comment deleted" }, { status: 303 });
      case "answer": {
        const comment = await toggleAnswer(member, open, id ?? 0);
        return await redirectWithToast(`${here}#comment-${comment.id}`, { type: "success", title: comment.isAnswer ? "Marked as the answer" : "No longer the answer" }, { status: 303 });
      }
      case "report": {
        const input = ReportSchema.safeParse({ reason: text(formData, "reason") });
        if (!input.success) return failed(input.error.issues[0]?.message ?? "Say briefly what is wrong with it.");
        await reportComment(member, open, id ?? 0, input.data.reason);
        return await redirectWithToast(`${here}#comment-${id}`, { type: "success", title: "Reported to the moderators" }, { status: 303 });
      }
      case "hide-comment": {
        const comment = await hideComment(member, open, id ?? 0, text(formData, "hidden") === "true");
        return await redirectWithToast(`${here}#comment-${comment.id}`, { type: "success", title: comment.isHidden ? "Comment hidden" : "Comment shown again" }, { status: 303 });
      }
    }
  } catch (error) {
    if (error instanceof DiscussionRefusal) return failed(error.message, error.status);
    throw error;
  }
}
