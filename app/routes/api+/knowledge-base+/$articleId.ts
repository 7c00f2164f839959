import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { articleForApi, deleteArticle, updateArticle, viewArticle } from "~/models/community/knowledge-base.server";
import { ArticleApiSchema } from "~/schemas/knowledge-base";
import { apiError, idParam, methodNotAllowed, readJson } from "~/utils/api.server";
import { getOptionalUser, requireAdmin } from "~/services/auth.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = idParam(params.articleId, "Article");
  const viewer = request.headers.has("Cookie") ? await getOptionalUser(request, context) : null;
  // Reading an article is a view of it, as on the article page.
  const article = await viewArticle(id, { includeDrafts: viewer?.role === "admin" });
  if (!article) return apiError(404, "Article not found");
  return json(articleForApi(article));
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed(["GET", "PUT", "DELETE"]);
  await requireAdmin(request, context);
  const id = idParam(params.articleId, "Article");
  if (request.method === "DELETE") {
    if (!await deleteArticle(id)) return apiError(404, "Article not found");
    return json({ message: "Knowledge base article deleted successfully" });
  }
  const input = await readJson(request, ArticleApiSchema);
  const article = await updateArticle(id, input);
  if (!article) return apiError(404, "Article not found");
  return json(articleForApi(article));
}
