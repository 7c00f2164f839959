import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation, useSearchParams } from "@remix-run/react";
import { ChevronRight, Lock, MessageSquare, Pin, Plus } from "~/components/ui/icons";
import { FormNotice } from "~/components/admin/notice";
import { AuthorAvatar, AuthorName } from "~/components/forum/author";
import { AccessRestricted, ForumErrorBoundary, PremiumRequired } from "~/components/forum/restricted";
import { TopicForm } from "~/components/forum/topic-form";
import { buttonClasses } from "~/components/ui/button";
import { UrlDialog } from "~/components/ui/dialog";
import { Pagination } from "~/components/ui/pagination";
import { forumAccess, getCategory, listTopicsForCategory, TOPIC_PAGE_SIZE, type TopicListItem } from "~/models/community/forum.server";
import { getOptionalUser, requireUser } from "~/services/auth.server";
import { formatDate, invariantResponse, parsePageNumber, parseRouteId } from "~/utils/misc";
import { submitTopicForm } from "~/services/forum-forms.server";
import { publicPageHeaders } from "~/utils/page-cache";
import { AppLink } from "~/components/ui/app-link";

// The same for every visitor: kept a few seconds for anonymous requests (server/page-cache.ts).
export const headers = publicPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data && "category" in data && data.category ? data.category.name : "Forum"} — Mystic Academy Community` },
];

// Topics are only sent to those who may read them.
const NO_TOPICS: TopicListItem[] = [];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request, context);
  if (!user) return json({ access: "signin" as const, category: null, topics: NO_TOPICS }, { status: 401 });
  const id = parseRouteId(params.categoryId);
  const category = id === null ? null : await getCategory(id);
  invariantResponse(category, "Forum Not Found", { status: 404 });
  const access = await forumAccess(user, category);
  if (access !== "allowed") return json({ access: "premium" as const, category, topics: NO_TOPICS }, { status: 403 });
  const pageCount = Math.max(1, Math.ceil(category.topicCount / TOPIC_PAGE_SIZE));
  const page = parsePageNumber(new URL(request.url).searchParams.get("page"), pageCount);
  return json({ access, category, topics: await listTopicsForCategory(category.id, page), page, pageCount });
}


export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const id = parseRouteId(params.categoryId);
  invariantResponse(id !== null, "Forum Not Found", { status: 404 });
  // The topic goes into this page's category, whatever the form said.
  return await submitTopicForm(request, user, id);
}

export default function ForumCategory() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  if (data.access === "signin" || !data.category) return <AccessRestricted redirectTo={location.pathname} />;
  const { category, topics } = data;
  const here = `/community/category/${category.id}`;
  // A refused submission keeps the form open, also without JavaScript.
  const creating = searchParams.get("new") === "1" || actionData !== undefined;

  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <nav aria-label="Breadcrumb" className="flex items-center gap-1 text-sm opacity-80">
        <AppLink to="/community" className="hover:underline">
          Community
        </AppLink>
        <ChevronRight className="h-4 w-4" aria-hidden />
        <span aria-current="page">{category.name}</span>
      </nav>
      <header className="mt-4 flex flex-wrap items-center justify-between gap-4 border-l-4 pl-4" style={{ borderLeftColor: `#${category.color}` }}>
        <div>
          <h1 className="font-display text-3xl">{category.name}</h1>
          <p className="mt-1 opacity-80">{category.description}</p>
        </div>
        {data.access === "allowed" ? (
          <Link to="?new=1" preventScrollReset className={buttonClasses("primary")}>
            <Plus className="h-4 w-4" aria-hidden /> New Topic
          </Link>
        ) : null}
      </header>

      {data.access === "premium" ? (
        <PremiumRequired categoryName={category.name} />
      ) : topics.length === 0 ? (
        <div className="card mt-8 text-center">
          <MessageSquare className="mx-auto h-10 w-10 text-accent" aria-hidden />
          <p className="mt-3 text-lg">No topics yet</p>
          <p className="mt-1 text-sm opacity-75">Start the first discussion in {category.name}.</p>
        </div>
      ) : (
        <ul className="mt-8 space-y-3" aria-label="Topics">
          {topics.map((topic) => (
            <li key={topic.id} className="card flex flex-wrap items-center gap-4" data-testid="forum-topic">
              <AuthorAvatar username={topic.author.username} />
              <div className="min-w-0 flex-1">
                <div className="flex items-center gap-2">
                  {topic.isPinned ? (
                    <span title="Pinned" className="text-accent">
                      <Pin className="h-4 w-4" aria-hidden />
                      <span className="sr-only">Pinned</span>
                    </span>
                  ) : null}
                  {topic.isLocked ? (
                    <span title="Locked" className="opacity-70">
                      <Lock className="h-4 w-4" aria-hidden />
                      <span className="sr-only">Locked</span>
                    </span>
                  ) : null}
                  <AppLink to={`/community/topic/${topic.id}`} className="truncate font-semibold hover:underline">
                    {topic.title}
                  </AppLink>
                </div>
                <p className="mt-1 text-sm opacity-80">
                  by <AuthorName author={topic.author} />
                  {` · ${formatDate(topic.createdAt)}`}
                </p>
              </div>
              <div className="text-right text-sm opacity-80">
                <p>{`${topic.replyCount} ${topic.replyCount === 1 ? "reply" : "replies"}`}</p>
                {topic.lastReply ? (
                  <p>{`Last reply by ${topic.lastReply.author} · ${formatDate(topic.lastReply.createdAt)}`}</p>
                ) : (
                  <p>No replies yet</p>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {"pageCount" in data ? <Pagination page={data.page} pageCount={data.pageCount} label="Topic pages" /> : null}

      {creating && data.access === "allowed" ? (
        <UrlDialog title="Create New Topic" description={`Start a discussion in ${category.name}.`} closeTo={here}>
          <FormNotice notice={actionData?.notice} />
          <TopicForm categoryId={category.id} lastResult={actionData?.result} />
        </UrlDialog>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <ForumErrorBoundary notFoundTitle="Forum Not Found" notFoundMessage="That forum category does not exist or has been removed." />;
}
