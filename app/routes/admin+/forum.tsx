import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Crown, MessageSquare, Shield, Users } from "~/components/ui/icons";
import type { AdminFormReply } from "~/components/admin/admin-form";
import { AdminCrudPage, EmptyState, RecordActions, useUrlDialogs } from "~/components/admin/crud-page";
import { CategoryForm } from "~/components/forum/category-form";
import { createCategory, deleteCategory, forumStats, listCategoriesWithCounts, updateCategory } from "~/models/community/forum.server";
import { CategorySchema } from "~/schemas/forum";
import { requireAdmin } from "~/services/auth.server";
import { parseRouteId } from "~/utils/misc";
import { redirectWithToast } from "~/utils/toast.server";
import { PageErrorBoundary } from "~/components/error-boundary";
import { readForm } from "~/utils/form-data.server";

export const meta: MetaFunction = () => [{ title: "Forum Management — Mystic Academy" }];

const FORUM_ADMIN_PATH = "/admin/forum";
const DELETE_CATEGORY_QUESTION = "Delete this category? Only an empty category can be deleted; this cannot be undone.";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return json({ stats: await forumStats(), categories: await listCategoriesWithCounts() });
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  const formData = await readForm(request);
  const categoryId = parseRouteId(formData.get("categoryId"));

  if (formData.get("intent") === "delete") {
    const outcome = categoryId === null ? null : await deleteCategory(categoryId);
    if (!outcome?.ok) {
      return await redirectWithToast(FORUM_ADMIN_PATH, {
        type: "error",
        title: "Failed to delete category",
        description: outcome?.message ?? "That category no longer exists.",
      });
    }
    return await redirectWithToast(FORUM_ADMIN_PATH, { type: "success", title: "Deleted" });
  }

  const submission = parseWithZod(formData, { schema: CategorySchema });
  if (submission.status !== "success") {
    return json<AdminFormReply>({ result: submission.reply() }, { status: 400 });
  }
  if (categoryId === null) {
    await createCategory(submission.value);
    return await redirectWithToast(FORUM_ADMIN_PATH, { type: "success", title: "Category Created" });
  }
  if (!await updateCategory(categoryId, submission.value)) {
    return await redirectWithToast(FORUM_ADMIN_PATH, { type: "error", title: "Failed to update category", description: "That category no longer exists." });
  }
  return await redirectWithToast(FORUM_ADMIN_PATH, { type: "success", title: "Updated" });
}

export default function ForumManagement() {
  const { stats, categories } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const dialogs = useUrlDialogs(categories);

  const cards = [
    { label: "Topics", value: stats.discussions, icon: MessageSquare },
    { label: "Members", value: stats.members, icon: Users },
    { label: "Moderators", value: stats.moderators, icon: Shield },
    { label: "Premium", value: stats.premium, icon: Crown },
  ];

  return (
    <AdminCrudPage
      noun="Category"
      idField="categoryId"
      width="6xl"
      back={{ to: "/dashboard", label: "Back to Dashboard" }}
      title="Forum Management"
      description={"Organise the community's categories."}
      create={{ label: "New Category" }}
      closeTo={FORUM_ADMIN_PATH}
      dialogs={dialogs}
      form={(category) => <CategoryForm category={category} reply={actionData} closeTo={FORUM_ADMIN_PATH} />}
      confirmDelete={(category) => ({ subject: category.name, explanation: DELETE_CATEGORY_QUESTION })}
    >
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
        <EmptyState title="No Categories Yet" message="Create the first category to open the forum." />
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
              {/* With JavaScript a confirm dialog; without, ?delete={id} shows a confirmation step. */}
              <RecordActions id={category.id} name={category.name} idField="categoryId" question={DELETE_CATEGORY_QUESTION} deleteText="Delete" />
            </li>
          ))}
        </ul>
      )}
    </AdminCrudPage>
  );
}

export function ErrorBoundary() {
  return <PageErrorBoundary backTo={FORUM_ADMIN_PATH} backLabel="Back to Forum Management" />;
}
