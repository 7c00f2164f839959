import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { ArrowLeft, Eye } from "~/components/ui/icons";
import { PublishedBadge, TagList } from "~/components/knowledge-base/tag-list";
import { GeneralErrorBoundary, StatusPanel } from "~/components/error-boundary";
import { viewArticle } from "~/models/community/knowledge-base.server";
import { getOptionalUser } from "~/services/auth.server";
import { renderMarkdown } from "~/utils/markdown.server";
import { formatDate, invariantResponse, parseRouteId } from "~/utils/misc";
import { AppLink } from "~/components/ui/app-link";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.article.title} — Knowledge Base — Mystic Academy` : "Article not found — Mystic Academy" },
  ...(data ? [{ name: "description", content: data.article.summary }] : []),
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = parseRouteId(params.articleId);
  invariantResponse(id !== null, "Article not found", { status: 404 });
  const viewer = await getOptionalUser(request, context);
  // Opening the article is what counts as a view; listing does not.
  const article = await viewArticle(id, { includeDrafts: viewer?.role === "admin" });
  invariantResponse(article, "Article not found", { status: 404 });
  const { content, ...rest } = article;
  return json({ article: rest, html: renderMarkdown(content) });
}

// Only a new visit counts a view: do not reload (and count) after unrelated actions.
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;

export default function KnowledgeBaseArticle() {
  const { article, html } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <AppLink to="/knowledge-base" className="inline-flex items-center gap-2 text-sm opacity-80 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Knowledge Base
      </AppLink>
      <article className="card mt-4">
        <div className="flex flex-wrap items-center gap-3 text-xs">
          <span className="chip chip-accent">{article.category}</span>
          {article.isPublished ? null : <PublishedBadge isPublished={false} />}
          <span className="flex items-center gap-1 opacity-80">
            <Eye className="h-3.5 w-3.5" aria-hidden /> {article.viewCount} views
          </span>
          <time dateTime={article.createdAt} className="opacity-80">
            {formatDate(article.createdAt)}
          </time>
        </div>
        <h1 className="mt-3 font-display text-3xl">{article.title}</h1>
        <p className="mt-2 opacity-85">{article.summary}</p>
        <div className="mt-3">
          <TagList tags={article.tags} max={article.tags.length} />
        </div>
        {/* renderMarkdown sanitises on the server with an allow-list. */}
        <div className="prose-academy mt-6" dangerouslySetInnerHTML={{ __html: html }} />
      </article>
    </div>
  );
}

export function ErrorBoundary() {
  const back = { to: "/knowledge-base", label: "Back to Knowledge Base", look: "outline" } as const;
  return (
    <GeneralErrorBoundary
      statusHandlers={{ 404: () => <StatusPanel title="Article not found" message="This article does not exist or is not published." link={back} /> }}
      defaultStatusHandler={() => <StatusPanel title="Something went wrong" message="Please go back to the knowledge base and try again." link={back} />}
    />
  );
}
