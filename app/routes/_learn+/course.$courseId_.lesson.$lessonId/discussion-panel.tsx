import { useActionData, useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { buttonClasses } from "~/components/ui/button";
import { inputClasses } from "~/components/ui/field";
import { COMMENT_MAX, DISCUSSION_PARAM } from "~/schemas/lesson-discussion";

// The lesson's Discussion (issue 46). Every form is a fetcher form: without
// JavaScript it is a plain POST to the lesson page's action (which redirects
// back to the comment's anchor); with it, the page updates without a reload.

type Author = { id: number | null; name: string; username: string | null; role: "instructor" | "member" | "former" };
export type DiscussionComment = {
  id: number;
  parentId: number | null;
  author: Author;
  contentHtml: string;
  content: string;
  isAnswer: boolean;
  isHidden: boolean;
  isDeleted: boolean;
  notice: string | null;
  createdAt: string;
  editedAt: string | null;
  canEdit: boolean;
  canDelete: boolean;
  canModerate: boolean;
  canMarkAnswer: boolean;
  canReport: boolean;
  replies: DiscussionComment[];
};
type Failure = { discussion?: { intent: string; commentId: number | null; error: string; content: string } };

/** The error of this form: from the fetcher (JavaScript) or the page's action data (a plain POST). */
function useFormResult(intent: string, commentId: number | null) {
  const fetcher = useFetcher<Failure>();
  const actionData = useActionData<Failure>();
  const own = fetcher.data?.discussion ?? (actionData?.discussion?.intent === intent && actionData.discussion.commentId === commentId ? actionData.discussion : undefined);
  return { fetcher, failure: fetcher.state === "idle" ? own : undefined };
}

function Hidden({ fields }: { fields: Record<string, string> }) {
  return Object.entries(fields).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
}

function TextForm({ intent, commentId, label, submit, name = "content", initial = "", rows = 4, maxLength = COMMENT_MAX, fields = {}, note }: {
  intent: string;
  commentId: number | null;
  label: string;
  submit: string;
  name?: string;
  initial?: string;
  rows?: number;
  maxLength?: number;
  fields?: Record<string, string>;
  note?: ReactNode;
}) {
  const { fetcher, failure } = useFormResult(intent, commentId);
  const formRef = useRef<HTMLFormElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const id = `discussion-${intent}-${commentId ?? "new"}`;
  const wasBusy = useRef(false);
  // After a successful post the form empties; after a refusal the text stays and the field takes focus.
  useEffect(() => {
    if (fetcher.state !== "idle") wasBusy.current = true;
    else if (wasBusy.current) {
      wasBusy.current = false;
      if (failure) textRef.current?.focus();
      else if (intent !== "edit-comment") formRef.current?.reset();
    }
  }, [fetcher.state, failure, intent]);
  return (
    <fetcher.Form ref={formRef} method="post" preventScrollReset className="space-y-2">
      <Hidden fields={{ intent, ...fields }} />
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <textarea
        ref={textRef}
        id={id}
        name={name}
        rows={rows}
        required
        maxLength={maxLength}
        defaultValue={failure?.content ?? initial}
        aria-invalid={failure ? true : undefined}
        aria-describedby={failure ? `${id}-error` : undefined}
        className={inputClasses}
      />
      {note ? <p className="text-xs opacity-80">{note}</p> : null}
      {failure ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-300">
          {failure.error}
        </p>
      ) : null}
      <button type="submit" className={buttonClasses("primary", undefined, "sm")} disabled={fetcher.state !== "idle"}>
        {fetcher.state !== "idle" ? "Posting…" : submit}
      </button>
    </fetcher.Form>
  );
}

function ActionButton({ intent, commentId, children, fields = {} }: { intent: string; commentId: number; children: ReactNode; fields?: Record<string, string> }) {
  const { fetcher, failure } = useFormResult(intent, commentId);
  return (
    <fetcher.Form method="post" preventScrollReset className="inline">
      <Hidden fields={{ intent, commentId: String(commentId), ...fields }} />
      <button type="submit" className={buttonClasses("ghost", "opacity-80 hover:opacity-100", "sm")} disabled={fetcher.state !== "idle"}>
        {children}
      </button>
      {failure ? (
        <span role="alert" className="ml-2 text-sm text-red-300">
          {failure.error}
        </span>
      ) : null}
    </fetcher.Form>
  );
}

/** A disclosure that works without JavaScript: the word opens the form below it. */
function Disclosure({ summary, children }: { summary: string; children: ReactNode }) {
  return (
    <details className="group open:w-full">
      <summary className={buttonClasses("ghost", "cursor-pointer list-none opacity-80 hover:opacity-100", "sm")}>{summary}</summary>
      <div className="mt-2">{children}</div>
    </details>
  );
}

function When({ iso }: { iso: string }) {
  return <time dateTime={iso}>{new Date(iso).toISOString().slice(0, 10)}</time>;
}

function Comment({ comment, question }: { comment: DiscussionComment; question: boolean }) {
  const shown = comment.notice === null || comment.canModerate;
  return (
    <article id={`comment-${comment.id}`} className={`scroll-mt-20 rounded-lg border p-4 ${comment.isAnswer ? "border-emerald-400/60 bg-emerald-500/5" : "border-white/10"}`} aria-label={question ? "Question" : comment.isAnswer ? "Answer" : "Reply"}>
      <header className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium">{comment.author.role === "former" ? "Former member" : comment.author.name}</span>
        {comment.author.role === "instructor" ? <span className="rounded bg-accent/20 px-1.5 py-0.5 text-xs font-semibold text-accent">Instructor</span> : null}
        {comment.isAnswer ? <span className="rounded bg-emerald-500/20 px-1.5 py-0.5 text-xs font-semibold text-emerald-200">Answer</span> : null}
        <span className="opacity-80">
          <When iso={comment.createdAt} />
          {comment.editedAt ? " · edited" : null}
        </span>
      </header>
      {comment.notice ? <p className="mt-2 text-sm italic opacity-80">This comment was {comment.notice}.</p> : null}
      {shown && !comment.isDeleted ? <div className="prose-academy mt-2" dangerouslySetInnerHTML={{ __html: comment.contentHtml }} /> : null}
      <div className="mt-2 flex flex-wrap items-start gap-1">
        {comment.canMarkAnswer ? (
          <ActionButton intent="answer" commentId={comment.id}>
            {comment.isAnswer ? "Unmark answer" : "Mark as answer"}
          </ActionButton>
        ) : null}
        {comment.canModerate && !comment.isDeleted ? (
          <ActionButton intent="hide-comment" commentId={comment.id} fields={{ hidden: String(!comment.isHidden) }}>
            {comment.isHidden ? "Show" : "Hide"}
          </ActionButton>
        ) : null}
        {comment.canEdit ? (
          <Disclosure summary="Edit">
            <TextForm intent="edit-comment" commentId={comment.id} label="Edit your comment" submit="Save" initial={comment.content} fields={{ commentId: String(comment.id) }} />
          </Disclosure>
        ) : null}
        {comment.canDelete ? (
          <Disclosure summary="Delete">
            <p className="mb-2 text-sm">Delete this comment? Others will see that it was deleted.</p>
            <ActionButton intent="delete-comment" commentId={comment.id}>
              Yes, delete it
            </ActionButton>
          </Disclosure>
        ) : null}
        {comment.canReport ? (
          <Disclosure summary="Report">
            <TextForm intent="report" commentId={comment.id} name="reason" label="What is wrong with it?" submit="Report" rows={2} maxLength={500} fields={{ commentId: String(comment.id) }} />
          </Disclosure>
        ) : null}
      </div>
    </article>
  );
}

type Loaded = { comments: DiscussionComment[]; openQuestions: number };
export type DiscussionData = { comments: DiscussionComment[] | null; openQuestions: number; standing?: number };

/**
 * The discussion as the page has it: in full after `?discussion=all` (a link
 * without JavaScript, or back from a form), else the panel loads it from
 * GET /api/lessons/{id}/comments once the section comes near the viewport.
 * Remix revalidates that fetcher after every form on the page, so it stays current.
 */
function useDiscussion(lessonId: number, discussion: DiscussionData) {
  const loader = useFetcher<Loaded>();
  const sectionRef = useRef<HTMLElement>(null);
  const wanted = discussion.comments === null && (discussion.standing ?? 0) > 0;
  const { load } = loader;
  const requested = useRef(false);
  useEffect(() => {
    const section = sectionRef.current;
    if (!wanted || requested.current || !section) return;
    const start = () => {
      if (requested.current) return;
      requested.current = true;
      load(`/api/lessons/${lessonId}/comments`);
    };
    // A link straight to the discussion or one of its comments loads it at once.
    if (!("IntersectionObserver" in window) || /^#(discussion|comment-\d+)$/.test(window.location.hash)) return start();
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && start(), { rootMargin: "600px 0px" });
    observer.observe(section);
    return () => observer.disconnect();
  }, [wanted, lessonId, load]);
  const comments = discussion.comments ?? loader.data?.comments ?? null;
  const openQuestions = discussion.comments ? discussion.openQuestions : (loader.data?.openQuestions ?? discussion.openQuestions);
  return { sectionRef, comments, openQuestions, loading: loader.state === "loading" && !loader.data };
}

export function DiscussionPanel({ lessonId, discussion }: { lessonId: number; discussion: DiscussionData }) {
  const { sectionRef, comments, openQuestions, loading } = useDiscussion(lessonId, discussion);
  const location = useLocation();
  const showAll = new URLSearchParams(location.search);
  showAll.set(DISCUSSION_PARAM, "all");
  const standing = discussion.standing ?? comments?.length ?? 0;
  return (
    <section ref={sectionRef} id="discussion" aria-labelledby="discussion-heading" aria-busy={loading || undefined} className="card scroll-mt-20 space-y-4">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="discussion-heading" className="font-display text-2xl">
          Discussion
        </h2>
        <p className="text-sm opacity-80">{openQuestions === 1 ? "1 open question" : `${openQuestions} open questions`}</p>
      </div>
      <TextForm intent="comment" commentId={null} label="Ask a question about this lesson" submit="Post question" note="Markdown is supported. @mention someone to notify them." />
      {comments === null ? (
        standing === 0 ? (
          <p className="opacity-80">No questions yet. Be the first to ask.</p>
        ) : (
          <p>
            <a href={`${location.pathname}?${showAll}#discussion`} className="underline underline-offset-2">
              {loading ? "Loading the discussion…" : `Show the discussion (${standing === 1 ? "1 comment" : `${standing} comments`})`}
            </a>
          </p>
        )
      ) : comments.length === 0 ? (
        <p className="opacity-80">No questions yet. Be the first to ask.</p>
      ) : (
        <QuestionList comments={comments} />
      )}
    </section>
  );
}

function QuestionList({ comments }: { comments: DiscussionComment[] }) {
  // A link to one comment (a notification, the course page) lands on it once it is on the page.
  useEffect(() => {
    const target = window.location.hash.startsWith("#comment-") ? document.getElementById(window.location.hash.slice(1)) : null;
    target?.scrollIntoView();
  }, []);
  return (
    <ol className="space-y-4" aria-label="Questions">
      {comments.map((question) => (
        <li key={question.id} className="space-y-2">
          <Comment comment={question} question />
          {question.replies.length ? (
            <ol className="ml-4 space-y-2 border-l border-white/10 pl-4 sm:ml-8" aria-label="Replies">
              {question.replies.map((reply) => (
                <li key={reply.id}>
                  <Comment comment={reply} question={false} />
                </li>
              ))}
            </ol>
          ) : null}
          {!question.isDeleted && !question.isHidden ? (
            <div className="ml-4 sm:ml-8">
              <Disclosure summary="Reply">
                <TextForm intent="reply" commentId={question.id} label="Your reply" submit="Post reply" fields={{ parentId: String(question.id) }} rows={3} />
              </Disclosure>
            </div>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
