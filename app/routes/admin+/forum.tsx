import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { ArrowLeft, Crown, MessageSquare, Pencil, Plus, Shield, Users } from "~/components/ui/icons";
import { ConfirmDeleteButton, ConfirmDeleteDialog } from "~/components/admin/confirm-delete";
import { CategoryForm } from "~/components/forum/category-form";
import { buttonClasses } from "~/components/ui/button";
import { UrlDialog } from "~/components/ui/dialog";
import { createCategory, deleteCategory, forumStats, listCategoriesWithCounts, updateCategory } from "~/models/forum.server";
import { CategorySchema } from "~/schemas/forum";
import { requireAdmin } from "~/services/auth.server";
import { parseRouteId } from "~/utils/misc";
import { redirectWithToast } from "~/utils/toast.server";
import { AdminErrorPanel } from "~/components/admin/error-panel";
import { readForm } from "~/utils/form-data.server";

export const meta: MetaFunction = () => [{ title: "Forum Management — Mystic Academy" }];

const FORUM_ADMIN_PATH = "/admin/forum";
const DELETE_CATEGORY_QUESTION = "Delete this category? Only an empty category can be deleted; this cannot be undone.";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return json({ stats: forumStats(), categories: listCategoriesWithCounts() });
}

interface ActionData {
  result: SubmissionResult<string[]>;
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const formData = await readForm(request);
  const categoryId = parseRouteId(formData.get("categoryId"));

  if (formData.get("intent") === "delete") {
    const outcome = categoryId === null ? null : deleteCategory(categoryId);
    if (!outcome?.ok) {
      return redirectWithToast(FORUM_ADMIN_PATH, {
        type: "error",
        title: "Failed to delete category",
        description: outcome?.message ?? "That category no longer exists.",
      });
    }
    return redirectWithToast(FORUM_ADMIN_PATH, { type: "success", title: "Deleted" });
  }

  const submission = parseWithZod(formData, { schema: CategorySchema });
  if (submission.status !== "success") {
    return json<ActionData>({ result: submission.reply() }, { status: 400 });
  }
  if (categoryId === null) {
    createCategory(submission.value);
    return redirectWithToast(FORUM_ADMIN_PATH, { type: "success", title: "Category Created" });
  }
  if (!updateCategory(categoryId, submission.value)) {
    return redirectWithToast(FORUM_ADMIN_PATH, { type: "error", title: "Failed to update category", description: "That category no longer exists." });
  }
  return redirectWithToast(FORUM_ADMIN_PATH, { type: "success", title: "Updated" });
}

export default function ForumManagement() {
  const { stats, categories } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const editId = parseRouteId(searchParams.get("edit"));
  const editing = editId === null ? undefined : categories.find((c) => c.id === editId);
  const creating = searchParams.get("new") === "1";
  const deleteId = parseRouteId(searchParams.get("delete"));
  const deleting = deleteId === null ? undefined : categories.find((c) => c.id === deleteId);

  const cards = [
    { label: "Topics", value: stats.discussions, icon: MessageSquare },
    { label: "Members", value: stats.members, icon: Users },
    { label: "Moderators", value: stats.moderators, icon: Shield },
    { label: "Premium", value: stats.premium, icon: Crown },
  ];

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <a href="/dashboard" data-discover="true" className="inline-flex items-center gap-2 text-sm opacity-80 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Dashboard
      </a>
      <header className="mt-4 flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl">Forum Management</h1>
          <p className="mt-1 opacity-80">Organise the community&apos;s categories.</p>
        </div>
        <Link to="?new=1" preventScrollReset className={buttonClasses("primary")}>
          <Plus className="h-4 w-4" aria-hidden /> New Category
        </Link>
      </header>

      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Forum statistics">
        {cards.map(({ label, value, icon: Icon }) => (
          <li key={label} className="card flex items-center gap-4">
            <Icon className="h-8 w-8 text-accent" aria-hidden />
            <div>
              <p className="text-2xl font-semibold">{value}</p>
              <p className="text-sm opacity-80">{label}</p>
            </div>
          </li>
        ))}
      </ul>

      {categories.length === 0 ? (
        <div className="card mt-8 text-center">
          <p className="text-lg">No Categories Yet</p>
          <p className="mt-1 text-sm opacity-75">Create the first category to open the forum.</p>
        </div>
      ) : (
        <ul className="mt-8 space-y-3" aria-label="Categories">
          {categories.map((category) => (
            <li
              key={category.id}
              className="card flex flex-wrap items-center gap-4 border-l-4"
              style={{ borderLeftColor: `#${category.color}` }}
              data-testid="admin-forum-category"
            >
              <div className="min-w-0 flex-1">
                <h2 className="flex items-center gap-2 font-display text-lg">
                  {category.name}
                  <span className="rounded-full border border-primary/50 px-2 py-0.5 text-xs">
                    {category.permission === "advanced" ? "Premium" : "Free"}
                  </span>
                </h2>
                <p className="text-sm opacity-80">{category.description}</p>
                <p className="mt-1 text-xs opacity-70">
                  {category.topicCount} {category.topicCount === 1 ? "topic" : "topics"}
                </p>
              </div>
              <Link to={`?edit=${category.id}`} preventScrollReset className={buttonClasses("outline", undefined, "sm")}>
                <Pencil className="h-4 w-4" aria-hidden /> Edit
              </Link>
              {/* With JavaScript a confirm dialog; without, ?delete={id} shows a confirmation step. */}
              <ConfirmDeleteButton
                label={`Delete ${category.name}`}
                text="Delete"
                question={DELETE_CATEGORY_QUESTION}
                confirmHref={`?delete=${category.id}`}
                fields={{ categoryId: String(category.id) }}
              />
            </li>
          ))}
        </ul>
      )}

      {deleting ? (
        <ConfirmDeleteDialog
          title="Delete this category?"
          subject={deleting.name}
          explanation={DELETE_CATEGORY_QUESTION}
          closeTo={FORUM_ADMIN_PATH}
          fields={{ categoryId: String(deleting.id) }}
          buttonLabel="Delete Category"
        />
      ) : null}

      {creating || editing ? (
        <UrlDialog title={editing ? "Edit Category" : "Create Category"} closeTo={FORUM_ADMIN_PATH}>
          <CategoryForm key={editing?.id ?? "new"} category={editing ?? null} lastResult={actionData?.result} closeTo={FORUM_ADMIN_PATH} />
        </UrlDialog>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorPanel backTo={FORUM_ADMIN_PATH} backLabel="Back to Forum Management" />;
}
