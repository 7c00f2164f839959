import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BookOpen, Eye } from "~/components/ui/icons";
import type { AdminFormReply } from "~/components/admin/admin-form";
import { AdminCrudPage, CardGrid, EmptyState, RecordActions, useUrlDialogs } from "~/components/admin/crud-page";
import { ArticleForm } from "~/components/knowledge-base/article-form";
import { PublishedBadge, TagList } from "~/components/knowledge-base/tag-list";
import { buttonClasses } from "~/components/ui/button";
import { createArticle, deleteArticle, getArticle, listArticles, updateArticle } from "~/models/community/knowledge-base.server";
import { ArticleFormSchema, REQUIRED_FIELDS_MESSAGE } from "~/schemas/knowledge-base";
import { requireAdmin } from "~/services/auth.server";
import { formatDate, parseRouteId } from "~/utils/misc";
import { redirectWithToast } from "~/utils/toast.server";
import { PageErrorBoundary } from "~/components/error-boundary";
import { readForm } from "~/utils/form-data.server";
import { logger } from "~/utils/logger.server";
import { AppLink } from "~/components/ui/app-link";

export const meta: MetaFunction = () => [{ title: "Knowledge Base Management — Mystic Academy" }];

const KB_ADMIN_PATH = "/admin/knowledge-base";
const DELETE_QUESTION = "Are you sure you want to delete this article? This action cannot be undone.";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const editId = parseRouteId(new URL(request.url).searchParams.get("edit"));
  // The grid needs no bodies; only the article being edited is read in full.
  const editing = editId === null ? null : (await getArticle(editId, { includeDrafts: true }) ?? null);
  return json({ articles: await listArticles({ includeDrafts: true, limit: 1000 }), editing });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const formData = await readForm(request);
  const articleId = parseRouteId(formData.get("articleId"));

  if (formData.get("intent") === "delete") {
    if (articleId !== null && await deleteArticle(articleId)) {
      return await redirectWithToast(KB_ADMIN_PATH, { type: "success", title: "Knowledge base article deleted successfully" });
    }
    return await redirectWithToast(KB_ADMIN_PATH, {
      type: "error",
      title: "Failed to delete knowledge base article",
      description: "That article no longer exists.",
    });
  }

  const submission = parseWithZod(formData, { schema: ArticleFormSchema });
  if (submission.status !== "success") {
    return json<AdminFormReply>({ result: submission.reply({ formErrors: [REQUIRED_FIELDS_MESSAGE] }), notice: null }, { status: 400 });
  }

  try {
    if (articleId === null) {
      await createArticle(submission.value, admin.id);
      return await redirectWithToast(KB_ADMIN_PATH, { type: "success", title: "Knowledge base article created successfully" });
    }
    if (!await updateArticle(articleId, submission.value)) {
      return await redirectWithToast(KB_ADMIN_PATH, {
        type: "error",
        title: "Failed to update knowledge base article",
        description: "That article no longer exists.",
      });
    }
    return await redirectWithToast(KB_ADMIN_PATH, { type: "success", title: "Knowledge base article updated successfully" });
  } catch (error) {
    logger.error({ err: error }, "saving a knowledge-base article failed");
    const title = articleId === null ? "Failed to create knowledge base article" : "Failed to update knowledge base article";
    return json<AdminFormReply>(
      { result: submission.reply({ formErrors: [`${title}. Please try again.`] }), notice: { type: "error", title } },
      { status: 500 },
    );
  }
}

export default function KnowledgeBaseManagement() {
  const { articles, editing } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { creating, editId, deleting } = useUrlDialogs(articles);

  return (
    <AdminCrudPage
      noun="Article"
      idField="articleId"
      back={{ to: "/dashboard", label: "Back to Dashboard" }}
      title="Knowledge Base Management"
      description="Write, publish and retire the articles students read."
      closeTo={KB_ADMIN_PATH}
      // Only the article being edited is read in full (the loader's `editing`).
      dialogs={{ creating, editing: editing && editId === editing.id ? editing : null, deleting }}
      formSize="lg"
      form={(article) => <ArticleForm article={article} reply={actionData} closeTo={KB_ADMIN_PATH} />}
      confirmDelete={(article) => ({ subject: article.title, explanation: DELETE_QUESTION })}
    >
      <CardGrid
        label="Articles"
        items={articles}
        empty={<EmptyState icon={BookOpen} title="No articles found" message="Create the first article for the knowledge base." />}
      >
        {(article) => (
          <article className="card flex h-full flex-col gap-3" data-testid="admin-kb-card" aria-label={article.title}>
            <div className="flex flex-wrap items-center justify-between gap-2 text-xs">
              <span className="chip chip-accent">{article.category}</span>
              <PublishedBadge isPublished={article.isPublished} />
            </div>
            <h2 className="font-display text-lg font-semibold">{article.title}</h2>
            <p className="line-clamp-3 text-sm opacity-85">{article.summary}</p>
            <TagList tags={article.tags} max={3} />
            <p className="flex items-center gap-3 text-xs opacity-75">
              <span className="flex items-center gap-1">
                <Eye className="h-3.5 w-3.5" aria-hidden /> {article.viewCount} views
              </span>
              <time dateTime={article.createdAt}>{formatDate(article.createdAt)}</time>
            </p>
            <div className="mt-auto flex items-center gap-2">
              <AppLink to={`/knowledge-base/${article.id}`} className={buttonClasses("ghost", "flex-1", "sm")}>
                View
              </AppLink>
              <RecordActions id={article.id} name={article.title} idField="articleId" question={DELETE_QUESTION} />
            </div>
          </article>
        )}
      </CardGrid>
    </AdminCrudPage>
  );
}

export function ErrorBoundary() {
  return <PageErrorBoundary backTo={KB_ADMIN_PATH} backLabel="Back to Knowledge Base" />;
}
