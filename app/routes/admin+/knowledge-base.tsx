import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { ArrowLeft, BookOpen, Eye, Pencil, Plus } from "~/components/ui/icons";
import { ConfirmDeleteButton, ConfirmDeleteDialog } from "~/components/admin/confirm-delete";
import type { Notice } from "~/schemas/notice";
import { ArticleForm } from "~/components/knowledge-base/article-form";
import { PublishedBadge, TagList } from "~/components/knowledge-base/tag-list";
import { buttonClasses } from "~/components/ui/button";
import { UrlDialog } from "~/components/ui/dialog";
import { createArticle, deleteArticle, getArticle, listArticles, updateArticle } from "~/models/knowledge-base.server";
import { ArticleFormSchema, REQUIRED_FIELDS_MESSAGE } from "~/schemas/knowledge-base";
import { requireAdmin } from "~/services/auth.server";
import { formatDate, parseRouteId } from "~/utils/misc";
import { redirectWithToast } from "~/utils/toast.server";
import { AdminErrorPanel } from "~/components/admin/error-panel";
import { readForm } from "~/utils/form-data.server";
import { logger } from "~/utils/logger.server";

export const meta: MetaFunction = () => [{ title: "Knowledge Base Management — Mystic Academy" }];

const KB_ADMIN_PATH = "/admin/knowledge-base";
const DELETE_QUESTION = "Are you sure you want to delete this article? This action cannot be undone.";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const editId = parseRouteId(new URL(request.url).searchParams.get("edit"));
  // The grid needs no bodies; only the article being edited is read in full.
  const editing = editId === null ? null : (getArticle(editId, { includeDrafts: true }) ?? null);
  return json({ articles: listArticles({ includeDrafts: true, limit: 1000 }), editing });
}

interface ActionData {
  result: SubmissionResult<string[]>;
  notice: Notice | null;
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const formData = await readForm(request);
  const articleId = parseRouteId(formData.get("articleId"));

  if (formData.get("intent") === "delete") {
    if (articleId !== null && deleteArticle(articleId)) {
      return redirectWithToast(KB_ADMIN_PATH, { type: "success", title: "Knowledge base article deleted successfully" });
    }
    return redirectWithToast(KB_ADMIN_PATH, {
      type: "error",
      title: "Failed to delete knowledge base article",
      description: "That article no longer exists.",
    });
  }

  const submission = parseWithZod(formData, { schema: ArticleFormSchema });
  if (submission.status !== "success") {
    return json<ActionData>({ result: submission.reply({ formErrors: [REQUIRED_FIELDS_MESSAGE] }), notice: null }, { status: 400 });
  }

  try {
    if (articleId === null) {
      createArticle(submission.value, admin.id);
      return redirectWithToast(KB_ADMIN_PATH, { type: "success", title: "Knowledge base article created successfully" });
    }
    if (!updateArticle(articleId, submission.value)) {
      return redirectWithToast(KB_ADMIN_PATH, {
        type: "error",
        title: "Failed to update knowledge base article",
        description: "That article no longer exists.",
      });
    }
    return redirectWithToast(KB_ADMIN_PATH, { type: "success", title: "Knowledge base article updated successfully" });
  } catch (error) {
    logger.error({ err: error }, "saving a knowledge-base article failed");
    const title = articleId === null ? "Failed to create knowledge base article" : "Failed to update knowledge base article";
    return json<ActionData>(
      { result: submission.reply({ formErrors: [`${title}. Please try again.`] }), notice: { type: "error", title } },
      { status: 500 },
    );
  }
}

export default function KnowledgeBaseManagement() {
  const { articles, editing } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();

  const deleteId = parseRouteId(searchParams.get("delete"));
  const deleting = deleteId === null ? undefined : articles.find((a) => a.id === deleteId);
  const creating = searchParams.get("new") === "1";
  const editingNow = editing && parseRouteId(searchParams.get("edit")) === editing.id ? editing : null;

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <a href="/dashboard" data-discover="true" className="inline-flex items-center gap-2 text-sm opacity-80 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Dashboard
      </a>
      <header className="mt-4 flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl">Knowledge Base Management</h1>
          <p className="mt-1 opacity-80">Write, publish and retire the articles students read.</p>
        </div>
        <Link to="?new=1" preventScrollReset className={buttonClasses("primary")}>
          <Plus className="h-4 w-4" aria-hidden /> Create Article
        </Link>
      </header>

      {articles.length === 0 ? (
        <div className="card mt-8 text-center">
          <BookOpen className="mx-auto h-10 w-10 text-accent" aria-hidden />
          <p className="mt-3 text-lg">No articles found</p>
          <p className="mt-1 text-sm opacity-75">Create the first article for the knowledge base.</p>
        </div>
      ) : (
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Articles">
          {articles.map((article) => (
            <li key={article.id}>
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
                  <a href={`/knowledge-base/${article.id}`} data-discover="true" className={buttonClasses("ghost", "flex-1", "sm")}>
                    View
                  </a>
                  <Link to={`?edit=${article.id}`} preventScrollReset className={buttonClasses("outline", undefined, "sm")}>
                    <Pencil className="h-4 w-4" aria-hidden /> Edit
                  </Link>
                  <ConfirmDeleteButton
                    label={`Delete ${article.title}`}
                    question={DELETE_QUESTION}
                    confirmHref={`?delete=${article.id}`}
                    fields={{ articleId: String(article.id) }}
                  />
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}

      {creating || editingNow ? (
        <UrlDialog title={editingNow ? "Edit Article" : "Create Article"} closeTo={KB_ADMIN_PATH} size="lg">
          <ArticleForm
            key={editingNow?.id ?? "new"}
            article={editingNow}
            lastResult={actionData?.result}
            notice={actionData?.notice}
            closeTo={KB_ADMIN_PATH}
          />
        </UrlDialog>
      ) : null}

      {deleting ? (
        <ConfirmDeleteDialog
          title="Delete this article?"
          subject={deleting.title}
          explanation={DELETE_QUESTION}
          closeTo={KB_ADMIN_PATH}
          fields={{ articleId: String(deleting.id) }}
          buttonLabel="Delete Article"
        />
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorPanel backTo={KB_ADMIN_PATH} backLabel="Back to Knowledge Base" />;
}
