import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { articleForApi, createArticle, listArticles } from "~/models/knowledge-base.server";
import { ArticleApiSchema } from "~/schemas/knowledge-base";
import { methodNotAllowed, readJson } from "~/utils/api.server";
import { getOptionalUser, requireAdmin } from "~/utils/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  // Admins also see drafts; everyone else published articles only.
  const viewer = request.headers.has("Cookie") ? await getOptionalUser(request) : null;
  const articles = listArticles({
    q: url.searchParams.get("q"),
    category: url.searchParams.get("category"),
    includeDrafts: viewer?.role === "admin",
    withContent: true,
  });
  return json(articles.map(articleForApi));
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const admin = await requireAdmin(request);
  const input = await readJson(request, ArticleApiSchema);
  return json(articleForApi(createArticle(input, admin.id)), { status: 201 });
}
