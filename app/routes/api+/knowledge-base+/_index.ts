import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { ARTICLES_PER_API_PAGE, articleForApi, createArticle, listArticles } from "~/models/community/knowledge-base.server";
import { ArticleApiSchema } from "~/schemas/knowledge-base";
import { methodNotAllowed, readJson } from "~/utils/api.server";
import { PUBLIC_ANSWER } from "~/utils/page-cache";
import { getOptionalUser, requireAdmin } from "~/services/auth.server";
import { parsePageNumber } from "~/utils/misc";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  // Admins also see drafts; everyone else published articles only.
  const viewer = request.headers.has("Cookie") ? await getOptionalUser(request, context) : null;
  const page = parsePageNumber(url.searchParams.get("page"));
  const articles = await listArticles({
    q: url.searchParams.get("q"),
    category: url.searchParams.get("category"),
    includeDrafts: viewer?.role === "admin",
    withContent: true,
    // One more than a page tells whether another page follows.
    limit: ARTICLES_PER_API_PAGE + 1,
    offset: (page - 1) * ARTICLES_PER_API_PAGE,
  });
  // The next page is named in a Link header (RFC 8288), so the answer stays a plain list.
  // Everyone but an admin gets the same list: kept a few seconds for anonymous callers (server/page-cache.ts).
  const headers = new Headers(viewer ? undefined : PUBLIC_ANSWER);
  if (articles.length > ARTICLES_PER_API_PAGE) {
    const next = new URL(url);
    next.searchParams.set("page", String(page + 1));
    headers.set("Link", `<${next.pathname}${next.search}>; rel="next"`);
  }
  return json(articles.slice(0, ARTICLES_PER_API_PAGE).map(articleForApi), { headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const admin = await requireAdmin(request, context);
  const input = await readJson(request, ArticleApiSchema);
  return json(articleForApi(await createArticle(input, admin.id)), { status: 201 });
}
