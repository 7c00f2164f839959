import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation, useSearchParams } from "@remix-run/react";
import { ChevronRight, Lock, Pin } from "~/components/ui/icons";
import { ConfirmDeleteButton, ConfirmDeleteDialog } from "~/components/admin/confirm-delete";
import { FormNotice, type Notice } from "~/components/admin/notice";
import { AuthorAvatar, AuthorName } from "~/components/forum/author";
import { EditedMark, ReplyEditForm, TopicEditForm } from "./post-edit-form";
import { ReplyForm } from "./reply-form";
import { AccessRestricted, ForumErrorBoundary, PremiumRequired } from "~/components/forum/restricted";
import { Button, buttonClasses } from "~/components/ui/button";
import { Pagination } from "~/components/ui/pagination";
import {
  submitReplyDelete,
  submitReplyEdit,
  submitTopicDelete,
  submitTopicEdit,
  type PostForm,
} from "./forum-post-forms.server";
import { createReply, DEFAULT_REPLY_PAGE_SIZE, forumAccess, getTopicWithReplies, setTopicFlags } from "~/models/community/forum.server";
import { ReplyFormSchema, TOPIC_LOCKED } from "~/schemas/forum";
import { getOptionalUser, requireAdmin, requireUser } from "~/services/auth.server";
import { renderPostMarkdown } from "~/utils/markdown.server";
import { markGroupRead, unreadNotificationCount } from "~/models/notifications/notifications.server";
import { formatDate, invariantResponse, parsePageNumber, parseRouteId } from "~/utils/misc";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/form-data.server";
import { publicPageHeaders } from "~/utils/page-cache";
import { AppLink } from "~/components/ui/app-link";

// The same for every visitor: kept a few seconds for anonymous requests (server/page-cache.ts).
export const headers = publicPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data && data.access === "allowed" ? data.topic.title : "Discussion"} — Mystic Academy Community` },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request, context);
  if (!user) return json({ access: "signin" as const }, { status: 401 });
  const id = parseRouteId(params.topicId);
  const url = new URL(request.url);
  const page = parsePageNumber(url.searchParams.get("page"));
  const found = id === null ? null : await getTopicWithReplies(id, user, page);
  invariantResponse(found, "Discussion Not Found", { status: 404 });
  const { topic, replies, pagination } = found;
  const access = await forumAccess(user, topic.category);
  if (access !== "allowed") return json({ access: "premium" as const, categoryName: topic.category.name }, { status: 403 });
  // Reading the topic reads its "new replies" notification. The header's bell was counted with
  // the session, before this: when this marked one, the page says how many are left (root.tsx).
  const unreadNotifications = (await markGroupRead(user.id, `topic:${topic.id}`)) > 0 ? await unreadNotificationCount(user.id) : null;
  // A post's Markdown source goes only to the form editing it (?edit=); the page shows its HTML.
  const editing = url.searchParams.get("edit");
  const sourceFor = (target: string, content: string) => (editing === target ? content : undefined);
  return json({
    access,
    unreadNotifications,
    isAdmin: user.role === "admin",
    topic: { ...topic, content: sourceFor("topic", topic.content), html: renderPostMarkdown(topic.content) },
    replies: replies.map((reply) => ({ ...reply, content: sourceFor(`reply-${reply.id}`, reply.content), html: renderPostMarkdown(reply.content) })),
    pagination,
  });
}

interface ActionData {
  form: PostForm;
  result: SubmissionResult<string[]>;
  notice: Notice | null;
}

const ADMIN_INTENTS = ["pin", "unpin", "lock", "unlock"];

export async function action({ request, params, context }: ActionFunctionArgs) {
  const id = parseRouteId(params.topicId);
  invariantResponse(id !== null, "Discussion Not Found", { status: 404 });
  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "reply");
  if (ADMIN_INTENTS.includes(intent)) {
    await requireAdmin(request, context);
    return await moderate(id, intent);
  }

  const user = await requireUser(request, context);
  // Authors edit and delete their own posts; the model also lets admins delete anyone's.
  if (intent === "edit-topic") return await submitTopicEdit(request, user, id, formData);
  if (intent === "edit-reply") return await submitReplyEdit(request, user, id, formData);
  if (intent === "delete-topic") return await submitTopicDelete(request, user, id);
  if (intent === "delete-reply") return await submitReplyDelete(request, user, id, formData);

  const submission = parseWithZod(formData, { schema: ReplyFormSchema });
  if (submission.status !== "success") {
    return json<ActionData>({ form: "reply", result: submission.reply(), notice: null }, { status: 400 });
  }
  const outcome = await createReply(user, { content: submission.value.content, topicId: id });
  if (!outcome.ok) {
    return json<ActionData>(
      {
        form: "reply",
        result: submission.reply({ formErrors: [outcome.message] }),
        notice: { type: "error", title: "Failed to post reply", description: outcome.message },
      },
      {
        status: outcome.status,
        headers: outcome.retryAfterSeconds ? { "Retry-After": String(outcome.retryAfterSeconds) } : undefined,
      },
    );
  }
  const page = Math.ceil(outcome.value.replyNumber / DEFAULT_REPLY_PAGE_SIZE);
  return await redirectWithToast(`/community/topic/${id}${page > 1 ? `?page=${page}` : ""}#reply-${outcome.value.replyNumber}`, {
    type: "success",
    title: "Reply Posted",
    chime: "post",
  });
}

async function moderate(topicId: number, intent: string) {
  const here = `/community/topic/${topicId}`;
  const missing = async () => await redirectWithToast("/community", { type: "error", title: "Discussion Not Found" });
  switch (intent) {
    case "pin":
    case "unpin":
      if (!await setTopicFlags(topicId, { isPinned: intent === "pin" })) return await missing();
      return await redirectWithToast(here, { type: "success", title: intent === "pin" ? "Topic Pinned" : "Topic Unpinned" });
    default:
      if (!await setTopicFlags(topicId, { isLocked: intent === "lock" })) return await missing();
      return await redirectWithToast(here, { type: "success", title: intent === "lock" ? "Topic Locked" : "Topic Unlocked" });
  }
}

function ModerationButton({ intent, label }: { intent: string; label: string }) {
  return (
    <Form method="post" className="inline">
      <Button type="submit" name="intent" value={intent} size="sm" variant="outline">
        {label}
      </Button>
    </Form>
  );
}

const DELETE_TOPIC_QUESTION = "Delete this topic? If others have replied, their replies stay under a “deleted by author” note.";
const MODERATE_TOPIC_QUESTION = "Delete this topic and all its replies? This cannot be undone.";
const DELETE_REPLY_QUESTION = "Delete this reply? This cannot be undone.";

/** The Edit and Delete controls under a post, for whoever may use them. */
function PostActions({
  kind,
  post,
  hrefFor,
}: {
  kind: "topic" | "reply";
  post: { id: number; canEdit: boolean; canDelete: boolean; isOwn: boolean };
  hrefFor: (step: "edit" | "delete") => string;
}) {
  if (!post.canEdit && !post.canDelete) return null;
  const fields: Record<string, string> = kind === "reply" ? { replyId: String(post.id) } : {};
  const question = kind === "reply" ? DELETE_REPLY_QUESTION : post.isOwn ? DELETE_TOPIC_QUESTION : MODERATE_TOPIC_QUESTION;
  return (
    <>
      {post.canEdit ? (
        <AppLink to={hrefFor("edit")} preventScrollReset className={buttonClasses("outline", undefined, "sm")} aria-label={`Edit ${kind}`}>
          Edit
        </AppLink>
      ) : null}
      {post.canDelete ? (
        <ConfirmDeleteButton
          label={`Delete ${kind}`}
          text="Delete"
          quiet
          question={question}
          confirmHref={hrefFor("delete")}
          intent={`delete-${kind}`}
          fields={fields}
        />
      ) : null}
    </>
  );
}

export default function ForumTopic() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  if (data.access === "signin") return <AccessRestricted redirectTo={location.pathname + location.search} />;
  if (data.access === "premium") {
    return (
      <div className="mx-auto max-w-5xl px-4 py-10">
        <PremiumRequired categoryName={data.categoryName} />
      </div>
    );
  }
  const { topic, replies, pagination, isAdmin } = data;
  // ?edit= and ?delete= name the post ("topic" or "reply-{id}") on this page of replies.
  const pageQuery = pagination.page > 1 ? `page=${pagination.page}` : "";
  const here = `${location.pathname}${pageQuery ? `?${pageQuery}` : ""}`;
  const stepHref = (step: "edit" | "delete", target: string) => `?${pageQuery ? `${pageQuery}&` : ""}${step}=${target}`;
  const editing = searchParams.get("edit");
  const deleting = searchParams.get("delete");
  const lastResultFor = (form: PostForm) => (actionData && "form" in actionData && actionData.form === form ? actionData.result : undefined);
  const noticeFor = (form: PostForm) => (actionData && "form" in actionData && actionData.form === form ? actionData.notice : null);
  const replyToDelete = deleting?.startsWith("reply-") ? replies.find((reply) => `reply-${reply.id}` === deleting && reply.canDelete) : undefined;

  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <nav aria-label="Breadcrumb" className="flex flex-wrap items-center gap-1 text-sm opacity-80">
        <AppLink to="/community" className="hover:underline">
          Community
        </AppLink>
        <ChevronRight className="h-4 w-4" aria-hidden />
        <AppLink to={`/community/category/${topic.category.id}`} className="hover:underline">
          {topic.category.name}
        </AppLink>
        <ChevronRight className="h-4 w-4" aria-hidden />
        <span aria-current="page" className="truncate">
          {topic.title}
        </span>
      </nav>

      <article className="card mt-4" aria-labelledby="topic-title">
        <header className="flex flex-wrap items-start gap-4">
          <AuthorAvatar username={topic.author.username} />
          <div className="min-w-0 flex-1">
            <h1 id="topic-title" className={`flex items-center gap-2 font-display text-3xl ${topic.deletedAt ? "italic opacity-80" : ""}`}>
              {topic.isPinned ? (
                <span title="Pinned" className="text-accent">
                  <Pin className="h-5 w-5" aria-hidden />
                  <span className="sr-only">Pinned</span>
                </span>
              ) : null}
              {topic.isLocked ? (
                <span title="Locked">
                  <Lock className="h-5 w-5" aria-hidden />
                  <span className="sr-only">Locked</span>
                </span>
              ) : null}
              {topic.title}
            </h1>
            <p className="mt-1 text-sm opacity-80">
              by <AuthorName author={topic.author} /> · {formatDate(topic.createdAt)}
              <EditedMark editedAt={topic.editedAt} />
            </p>
          </div>
        </header>
        {editing === "topic" && topic.canEdit ? (
          <>
            <FormNotice notice={noticeFor("edit-topic")} />
            <TopicEditForm topic={{ title: topic.title, content: topic.content ?? "" }} lastResult={lastResultFor("edit-topic")} cancelTo={here} />
          </>
        ) : (
          <div className="prose-academy mt-4" data-testid="topic-content" dangerouslySetInnerHTML={{ __html: topic.html }} />
        )}
        {isAdmin || topic.canEdit || topic.canDelete ? (
          <div className="mt-4 flex flex-wrap gap-2 border-t border-primary/30 pt-4" aria-label="Topic actions">
            {isAdmin ? (
              <>
                <ModerationButton intent={topic.isPinned ? "unpin" : "pin"} label={topic.isPinned ? "Unpin" : "Pin"} />
                <ModerationButton intent={topic.isLocked ? "unlock" : "lock"} label={topic.isLocked ? "Unlock" : "Lock"} />
              </>
            ) : null}
            <PostActions kind="topic" post={topic} hrefFor={(step) => stepHref(step, "topic")} />
          </div>
        ) : null}
      </article>

      <section className="mt-8" aria-labelledby="replies-heading">
        <h2 id="replies-heading" className="font-display text-2xl">
          {pagination.totalReplies} {pagination.totalReplies === 1 ? "Reply" : "Replies"}
        </h2>
        <ol className="mt-4 space-y-4">
          {replies.map((reply, index) => {
            const number = pagination.firstNumber + index;
            const isEditing = editing === `reply-${reply.id}` && reply.canEdit;
            return (
              <li key={reply.id} id={`reply-${number}`} className="card" data-testid="forum-reply">
                <div id={`reply-id-${reply.id}`} className="flex flex-wrap items-center gap-3">
                  <AuthorAvatar username={reply.author.username} size="sm" />
                  <p className="flex-1 text-sm">
                    <AuthorName author={reply.author} /> <span className="opacity-70">{`· ${formatDate(reply.createdAt)}`}</span>
                    <EditedMark editedAt={reply.editedAt} />
                  </p>
                  <span className="text-sm opacity-70">{`#${number}`}</span>
                </div>
                {isEditing ? (
                  <>
                    <FormNotice notice={noticeFor("edit-reply")} />
                    <ReplyEditForm reply={{ id: reply.id, content: reply.content ?? "" }} lastResult={lastResultFor("edit-reply")} cancelTo={here} />
                  </>
                ) : (
                  <div className="prose-academy mt-3" dangerouslySetInnerHTML={{ __html: reply.html }} />
                )}
                {!isEditing && (reply.canEdit || reply.canDelete) ? (
                  <div className="mt-3 flex flex-wrap gap-2">
                    <PostActions kind="reply" post={reply} hrefFor={(step) => stepHref(step, `reply-${reply.id}`)} />
                  </div>
                ) : null}
              </li>
            );
          })}
        </ol>
        <Pagination page={pagination.page} pageCount={pagination.pageCount} label="Reply pages" />
      </section>

      <section className="mt-8" aria-label="Reply">
        {topic.isLocked ? (
          <p className="card flex items-center gap-2" role="status">
            <Lock className="h-5 w-5" aria-hidden /> {TOPIC_LOCKED}
          </p>
        ) : (
          <div className="card">
            <FormNotice notice={noticeFor("reply")} />
            <ReplyForm key={pagination.totalReplies} topicId={topic.id} lastResult={lastResultFor("reply")} />
          </div>
        )}
      </section>

      {deleting === "topic" && topic.canDelete ? (
        <ConfirmDeleteDialog
          title="Delete this topic?"
          subject={topic.title}
          explanation={topic.isOwn ? DELETE_TOPIC_QUESTION : MODERATE_TOPIC_QUESTION}
          closeTo={here}
          intent="delete-topic"
          fields={{}}
          buttonLabel="Delete Topic"
        />
      ) : null}
      {replyToDelete ? (
        <ConfirmDeleteDialog
          title="Delete this reply?"
          subject={`Reply by ${replyToDelete.author.username}`}
          explanation={DELETE_REPLY_QUESTION}
          closeTo={here}
          intent="delete-reply"
          fields={{ replyId: String(replyToDelete.id) }}
          buttonLabel="Delete Reply"
        />
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <ForumErrorBoundary notFoundTitle="Discussion Not Found" notFoundMessage="That discussion does not exist or has been removed." />;
}
