import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ChevronRight } from "~/components/ui/icons";
import { FormNotice } from "~/components/admin/notice";
import { TopicForm } from "~/components/forum/topic-form";
import { listPostableCategories } from "~/models/community/forum.server";
import { requireUser } from "~/services/auth.server";
import { submitTopicForm } from "~/services/forum-forms.server";
import { AppLink } from "~/components/ui/app-link";

export const meta: MetaFunction = () => [{ title: "New Topic — Mystic Academy Community" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const categories = (await listPostableCategories(user)).map(({ id, name, permission }) => ({ id, name, permission }));
  return json({ categories });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  return await submitTopicForm(request, user);
}

export default function NewTopic() {
  const { categories } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <nav aria-label="Breadcrumb" className="flex items-center gap-1 text-sm opacity-80">
        <AppLink to="/community" className="hover:underline">
          Community
        </AppLink>
        <ChevronRight className="h-4 w-4" aria-hidden />
        <span aria-current="page">New Topic</span>
      </nav>
      <h1 className="mt-4 font-display text-3xl">Create New Topic</h1>
      <p className="mt-1 opacity-80">Pick a forum and start a discussion. Markdown is supported.</p>
      <div className="card mt-6 space-y-4">
        <FormNotice notice={actionData?.notice} />
        {categories.length === 0 ? (
          <p>There is no forum you can post in yet.</p>
        ) : (
          <TopicForm categories={categories} lastResult={actionData?.result} />
        )}
      </div>
    </div>
  );
}
