import { parseWithZod } from "@conform-to/zod";
import { json } from "@remix-run/node";
import type { User } from "#db/schema";
import type { Notice } from "~/schemas/notice";
import { deleteReplyAs, deleteTopicAs, editReply, editTopic, type Refusal } from "~/models/community/forum.server";
import { ReplyEditSchema, TopicEditSchema } from "~/schemas/forum";
import { parseRouteId } from "~/utils/misc";
import { redirectWithToast } from "~/utils/toast.server";

// The topic page's edit and delete forms, as plain POSTs: the model decides
// who may do what; this turns its answer into a redirect or a re-rendered form.

/** Which form an action answer belongs to, so only that form shows its errors. */
export type PostForm = "reply" | "edit-topic" | "edit-reply";

/** The page the form was on, without the ?edit= / ?delete= step. */
export function topicPageUrl(request: Request, topicId: number): string {
  const page = new URL(request.url).searchParams.get("page");
  return `/community/topic/${topicId}${page && page !== "1" ? `?page=${encodeURIComponent(page)}` : ""}`;
}

function refusedEdit<R>(form: PostForm, reply: (options: { formErrors: string[] }) => R, refusal: Refusal, title: string) {
  const notice: Notice = { type: "error", title, description: refusal.message };
  return json({ form, result: reply({ formErrors: [refusal.message] }), notice }, { status: refusal.status });
}

export async function submitTopicEdit(request: Request, user: User, topicId: number, formData: FormData) {
  const submission = parseWithZod(formData, { schema: TopicEditSchema });
  if (submission.status !== "success") {
    return json({ form: "edit-topic" as PostForm, result: submission.reply(), notice: null }, { status: 400 });
  }
  const outcome = await editTopic(user, topicId, submission.value);
  if (!outcome.ok) return refusedEdit("edit-topic", submission.reply, outcome, "Failed to update topic");
  return await redirectWithToast(topicPageUrl(request, topicId), { type: "success", title: "Topic Updated" });
}

export async function submitReplyEdit(request: Request, user: User, topicId: number, formData: FormData) {
  const submission = parseWithZod(formData, { schema: ReplyEditSchema });
  if (submission.status !== "success") {
    return json({ form: "edit-reply" as PostForm, result: submission.reply(), notice: null }, { status: 400 });
  }
  const replyId = parseRouteId(formData.get("replyId"));
  const outcome = replyId === null ? null : await editReply(user, replyId, submission.value);
  if (!outcome) return await redirectWithToast(topicPageUrl(request, topicId), { type: "error", title: "Reply not found" });
  if (!outcome.ok) return refusedEdit("edit-reply", submission.reply, outcome, "Failed to update reply");
  return await redirectWithToast(`${topicPageUrl(request, topicId)}#reply-id-${replyId}`, { type: "success", title: "Reply Updated" });
}

export async function submitTopicDelete(request: Request, user: User, topicId: number) {
  const outcome = await deleteTopicAs(user, topicId);
  if (!outcome.ok) {
    return await redirectWithToast(topicPageUrl(request, topicId), { type: "error", title: "Failed to delete topic", description: outcome.message });
  }
  if (outcome.value.removed === "stub") {
    return await redirectWithToast(topicPageUrl(request, topicId), {
      type: "success",
      title: "Topic Deleted",
      description: "Others had replied, so their replies stay under a “deleted by author” note.",
    });
  }
  return await redirectWithToast(`/community/category/${outcome.value.categoryId}`, { type: "success", title: "Topic Deleted" });
}

export async function submitReplyDelete(request: Request, user: User, topicId: number, formData: FormData) {
  const replyId = parseRouteId(formData.get("replyId"));
  const outcome = replyId === null ? null : await deleteReplyAs(user, replyId);
  if (!outcome?.ok) {
    return await redirectWithToast(topicPageUrl(request, topicId), {
      type: "error",
      title: "Failed to delete reply",
      description: outcome?.message ?? "Reply not found",
    });
  }
  if (outcome.value.topicRemoved) {
    return await redirectWithToast(`/community/category/${outcome.value.categoryId}`, { type: "success", title: "Reply Deleted" });
  }
  return await redirectWithToast(topicPageUrl(request, topicId), { type: "success", title: "Reply Deleted" });
}
