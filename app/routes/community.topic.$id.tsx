import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, isRouteErrorResponse, Link, useActionData, useLoaderData, useLocation, useRouteError } from "@remix-run/react";
import { ChevronRight, Lock, Pin, Trash2 } from "lucide-react";
import { FormNotice, type Notice } from "~/components/admin/notice";
import { AuthorAvatar, AuthorName } from "~/components/forum/author";
import { ReplyForm } from "~/components/forum/reply-form";
import { AccessRestricted, ForumNotFound, PremiumRequired } from "~/components/forum/restricted";
import { Button } from "~/components/ui/button";
import { Pagination } from "~/components/ui/pagination";
import {
  createReply,
  DEFAULT_REPLY_PAGE_SIZE,
  deleteReply,
  deleteTopic,
  forumAccess,
  getTopicWithReplies,
  setTopicFlags,
} from "~/models/forum.server";
import { ReplyFormSchema, TOPIC_LOCKED } from "~/schemas/forum";
import { getOptionalUser, requireAdmin, requireUser } from "~/utils/auth.server";
import { renderMarkdown } from "~/utils/markdown.server";
import { formatDate, invariantResponse, parsePageNumber, parseRouteId } from "~/utils/misc";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/form-data.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data && data.access === "allowed" ? data.topic.title : "Discussion"} — Mystic Academy Community` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  if (!user) return json({ access: "signin" as const }, { status: 401 });
  const id = parseRouteId(params.id);
  const page = parsePageNumber(new URL(request.url).searchParams.get("page"));
  const found = id === null ? null : getTopicWithReplies(id, page);
  invariantResponse(found, "Discussion Not Found", { status: 404 });
  const { topic, replies, pagination } = found;
  const access = forumAccess(user, topic.category);
  if (access !== "allowed") return json({ access: "premium" as const, categoryName: topic.category.name }, { status: 403 });
  return json({
    access,
    isAdmin: user.role === "admin",
    topic: { ...topic, html: renderMarkdown(topic.content) },
    replies: replies.map((reply) => ({ ...reply, html: renderMarkdown(reply.content) })),
    pagination,
  });
}

interface ActionData {
  result: SubmissionResult<string[]>;
  notice: Notice | null;
}

const ADMIN_INTENTS = ["pin", "unpin", "lock", "unlock", "delete-topic", "delete-reply"];

export async function action({ request, params }: ActionFunctionArgs) {
  const id = parseRouteId(params.id);
  invariantResponse(id !== null, "Discussion Not Found", { status: 404 });
  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "reply");
  if (ADMIN_INTENTS.includes(intent)) {
    await requireAdmin(request);
    return moderate(id, intent, formData);
  }

  const user = await requireUser(request);
  const submission = parseWithZod(formData, { schema: ReplyFormSchema });
  if (submission.status !== "success") {
    return json<ActionData>({ result: submission.reply(), notice: null }, { status: 400 });
  }
  const outcome = await createReply(user, { content: submission.value.content, topicId: id });
  if (!outcome.ok) {
    return json<ActionData>(
      {
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
  return redirectWithToast(`/community/topic/${id}${page > 1 ? `?page=${page}` : ""}#reply-${outcome.value.replyNumber}`, {
    type: "success",
    title: "Reply Posted",
    chime: "post",
  });
}

async function moderate(topicId: number, intent: string, formData: FormData) {
  const here = `/community/topic/${topicId}`;
  const missing = () => redirectWithToast("/community", { type: "error", title: "Discussion Not Found" });
  switch (intent) {
    case "pin":
    case "unpin":
      if (!setTopicFlags(topicId, { isPinned: intent === "pin" })) return missing();
      return redirectWithToast(here, { type: "success", title: intent === "pin" ? "Topic Pinned" : "Topic Unpinned" });
    case "lock":
    case "unlock":
      if (!setTopicFlags(topicId, { isLocked: intent === "lock" })) return missing();
      return redirectWithToast(here, { type: "success", title: intent === "lock" ? "Topic Locked" : "Topic Unlocked" });
    case "delete-topic": {
      const deleted = deleteTopic(topicId);
      if (!deleted) return missing();
      return redirectWithToast(`/community/category/${deleted.categoryId}`, { type: "success", title: "Deleted" });
    }
    default: {
      const replyId = parseRouteId(formData.get("replyId"));
      const deleted = replyId === null ? null : deleteReply(replyId);
      if (!deleted) return redirectWithToast(here, { type: "error", title: "Reply not found" });
      return redirectWithToast(here, { type: "success", title: "Deleted" });
    }
  }
}

function ModerationButton({ intent, label, replyId, destructive = false }: { intent: string; label: string; replyId?: number; destructive?: boolean }) {
  return (
    <Form method="post" className="inline">
      {replyId ? <input type="hidden" name="replyId" value={replyId} /> : null}
      <Button type="submit" name="intent" value={intent} size="sm" variant={destructive ? "destructive" : "outline"}>
        {destructive ? <Trash2 className="h-4 w-4" aria-hidden /> : null}
        {label}
      </Button>
    </Form>
  );
}

export default function ForumTopic() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  if (data.access === "signin") return <AccessRestricted redirectTo={location.pathname + location.search} />;
  if (data.access === "premium") {
    return (
      <div className="mx-auto max-w-5xl px-4 py-10">
        <PremiumRequired categoryName={data.categoryName} />
      </div>
    );
  }
  const { topic, replies, pagination, isAdmin } = data;

  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <nav aria-label="Breadcrumb" className="flex flex-wrap items-center gap-1 text-sm opacity-80">
        <Link to="/community" className="hover:underline">
          Community
        </Link>
        <ChevronRight className="h-4 w-4" aria-hidden />
        <Link to={`/community/category/${topic.category.id}`} className="hover:underline">
          {topic.category.name}
        </Link>
        <ChevronRight className="h-4 w-4" aria-hidden />
        <span aria-current="page" className="truncate">
          {topic.title}
        </span>
      </nav>

      <article className="card mt-4" aria-labelledby="topic-title">
        <header className="flex flex-wrap items-start gap-4">
          <AuthorAvatar username={topic.author.username} />
          <div className="min-w-0 flex-1">
            <h1 id="topic-title" className="flex items-center gap-2 font-display text-3xl">
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
            </p>
          </div>
        </header>
        <div className="prose-academy mt-4" data-testid="topic-content" dangerouslySetInnerHTML={{ __html: topic.html }} />
        {isAdmin ? (
          <div className="mt-4 flex flex-wrap gap-2 border-t border-primary/30 pt-4" aria-label="Moderation">
            <ModerationButton intent={topic.isPinned ? "unpin" : "pin"} label={topic.isPinned ? "Unpin" : "Pin"} />
            <ModerationButton intent={topic.isLocked ? "unlock" : "lock"} label={topic.isLocked ? "Unlock" : "Lock"} />
            <ModerationButton intent="delete-topic" label="Delete topic" destructive />
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
            return (
              <li key={reply.id} id={`reply-${number}`} className="card" data-testid="forum-reply">
                <div className="flex flex-wrap items-center gap-3">
                  <AuthorAvatar username={reply.author.username} size="sm" />
                  <p className="flex-1 text-sm">
                    <AuthorName author={reply.author} /> <span className="opacity-70">· {formatDate(reply.createdAt)}</span>
                  </p>
                  <span className="text-sm opacity-70">#{number}</span>
                </div>
                <div className="prose-academy mt-3" dangerouslySetInnerHTML={{ __html: reply.html }} />
                {isAdmin ? (
                  <div className="mt-3">
                    <ModerationButton intent="delete-reply" label="Delete reply" replyId={reply.id} destructive />
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
            <FormNotice notice={actionData?.notice} />
            <ReplyForm key={pagination.totalReplies} lastResult={actionData?.result} />
          </div>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <ForumNotFound title="Discussion Not Found" message="That discussion does not exist or has been removed." />;
  }
  return <ForumNotFound title="Something went wrong" message="Please go back to the community and try again." />;
}
