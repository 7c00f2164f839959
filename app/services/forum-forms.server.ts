import { parseWithZod } from "@conform-to/zod";
import { json } from "@remix-run/node";
import type { User } from "#db/schema";
import type { Notice } from "~/schemas/notice";
import { createTopic } from "~/models/community/forum.server";
import { TopicSchema } from "~/schemas/forum";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/form-data.server";

/**
 * The topic form's action, shared by /community/new-topic and the category
 * page (which pins the category to its own). Refusals re-render the form.
 */
export async function submitTopicForm(request: Request, user: User, pinnedCategoryId?: number) {
  const submission = parseWithZod(await readForm(request), { schema: TopicSchema });
  const noNotice: Notice | null = null;
  if (submission.status !== "success") {
    return json({ result: submission.reply(), notice: noNotice }, { status: 400 });
  }
  const input = pinnedCategoryId === undefined ? submission.value : { ...submission.value, categoryId: pinnedCategoryId };
  const outcome = await createTopic(user, input);
  if (!outcome.ok) {
    const notice: Notice | null = { type: "error", title: "Failed to create topic", description: outcome.message };
    return json(
      { result: submission.reply({ formErrors: [outcome.message] }), notice },
      {
        status: outcome.status,
        headers: outcome.retryAfterSeconds ? { "Retry-After": String(outcome.retryAfterSeconds) } : undefined,
      },
    );
  }
  return await redirectWithToast(`/community/topic/${outcome.value.id}`, { type: "success", title: "Topic Created", chime: "post" });
}
