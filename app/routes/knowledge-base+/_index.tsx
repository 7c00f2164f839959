import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { BookOpen, Eye, Search } from "~/components/ui/icons";
import { HighlightedText } from "~/components/knowledge-base/highlighted-text";
import { PublishedBadge, TagList } from "~/components/knowledge-base/tag-list";
import { buttonClasses } from "~/components/ui/button";
import { inputClasses } from "~/components/ui/field";
import { ARTICLES_PER_PAGE, listPublishedCategories, pageOfArticles } from "~/models/community/knowledge-base.server";
import { Pagination } from "~/components/ui/pagination";
import { isArticleCategory } from "~/schemas/knowledge-base";
import { getOptionalUser } from "~/services/auth.server";
import { cn, formatDate, parsePageNumber } from "~/utils/misc";
import { publicPageHeaders } from "~/utils/page-cache";
import { AppLink } from "~/components/ui/app-link";

// The same for every visitor: kept a few seconds for anonymous requests (server/page-cache.ts).
export const headers = publicPageHeaders;

export const meta: MetaFunction = () => [{ title: "Knowledge Base — Mystic Academy" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  const requested = url.searchParams.get("category");
  const category = isArticleCategory(requested) ? requested : null;
  const viewer = await getOptionalUser(request, context);
  const isAdmin = viewer?.role === "admin";
  const { articles, page, pageCount } = await pageOfArticles(
    { q, category, includeDrafts: isAdmin },
    parsePageNumber(url.searchParams.get("page")),
    ARTICLES_PER_PAGE,
  );
  return json({ articles, categories: await listPublishedCategories(), q, category, isAdmin, page, pageCount });
}

/** A chip's link keeps the current search. */
function categoryHref(q: string, category: string | null): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (category) params.set("category", category);
  const search = params.toString();
  return search ? `/knowledge-base?${search}` : "/knowledge-base";
}

export default function KnowledgeBase() {
  const { articles, categories, q, category, isAdmin, page, pageCount } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === "/knowledge-base";

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <header>
        <h1 className="font-display text-3xl">Knowledge Base</h1>
        <p className="mt-1 opacity-80">Guides and answers for your studies, your practice and the Academy itself.</p>
      </header>

      <Form method="get" role="search" className="mt-6 flex gap-2" aria-label="Search the knowledge base">
        {category ? <input type="hidden" name="category" value={category} /> : null}
        <label htmlFor="kb-search" className="sr-only">
          Search articles
        </label>
        <input
          id="kb-search"
          type="search"
          name="q"
          defaultValue={q}
          key={q}
          placeholder="Search articles..."
          maxLength={200}
          className={inputClasses}
        />
        <button type="submit" className={buttonClasses("primary")}>
          <Search className="h-4 w-4" aria-hidden /> Search
        </button>
      </Form>

      <nav aria-label="Categories" className="mt-4">
        <ul className="flex flex-wrap gap-2">
          {[null, ...categories].map((chip) => {
            const active = chip === category;
            return (
              <li key={chip ?? "all"}>
                <AppLink
                  to={categoryHref(q, chip)}
                  aria-current={active ? "page" : undefined}
                  className={cn(
                    "inline-block rounded-full border px-3 py-1 text-sm transition",
                    active ? "border-accent bg-accent/20" : "border-primary/40 hover:bg-primary/15",
                  )}
                >
                  {chip ?? "all"}
                </AppLink>
              </li>
            );
          })}
        </ul>
      </nav>

      <div aria-busy={searching} className={cn("mt-8 transition-opacity", searching && "opacity-60")}>
        {articles.length === 0 ? (
          <div className="card text-center">
            <BookOpen className="mx-auto h-10 w-10 text-accent" aria-hidden />
            <p className="mt-3 text-lg">No articles found</p>
            {q || category ? (
              <p className="mt-1 text-sm opacity-75">Try other words or another category.</p>
            ) : null}
          </div>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Articles">
            {articles.map((article) => (
              <li key={article.id}>
                <article className="card relative flex h-full flex-col gap-3" data-testid="kb-article-card" aria-label={article.title}>
                  <div className="flex flex-wrap items-center justify-between gap-2 text-xs">
                    <span className="chip chip-accent">{article.category}</span>
                    <span className="flex items-center gap-1 opacity-80">
                      <Eye className="h-3.5 w-3.5" aria-hidden /> {article.viewCount} views
                    </span>
                  </div>
                  <h2 className="font-display text-lg font-semibold">
                    {/* The whole card is clickable through this link's overlay. */}
                    <AppLink to={`/knowledge-base/${article.id}`} className="after:absolute after:inset-0 hover:underline">
                      {article.title}
                    </AppLink>
                  </h2>
                  {article.snippet ? (
                    <HighlightedText text={article.snippet} className="text-sm opacity-85" />
                  ) : (
                    <p className="text-sm opacity-85">{article.summary}</p>
                  )}
                  <div className="mt-auto flex flex-wrap items-center justify-between gap-2 text-xs opacity-80">
                    <TagList tags={article.tags} max={2} />
                    <span className="flex items-center gap-2">
                      {isAdmin && !article.isPublished ? <PublishedBadge isPublished={false} /> : null}
                      <time dateTime={article.createdAt}>{formatDate(article.createdAt)}</time>
                    </span>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        )}
        <Pagination page={page} pageCount={pageCount} label="Article pages" />
      </div>
    </div>
  );
}
