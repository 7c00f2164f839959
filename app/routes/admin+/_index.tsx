import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FileText, Home, MessagesSquare, PlusCircle, Users, Video } from "~/components/ui/icons";
import { PageErrorBoundary } from "~/components/error-boundary";
import { FormNotice } from "~/components/admin/notice";
import { AnalyticsPanel, CoursesPanel, KnowledgeBasePanel, MembersPanel, OverviewPanel } from "~/components/admin/dashboard-panels";
import { DashboardTabs } from "~/components/admin/dashboard-tabs";
import { buttonClasses } from "~/components/ui/button";
import { adminDashboardAction, loadAdminDashboard } from "~/services/admin-dashboard.server";
import { AppLink } from "~/components/ui/app-link";

export const meta: MetaFunction = () => [{ title: "Administration — Mystic Academy" }];

// The admin dashboard, for admins only. /dashboard shows it to admins too (spec §2).
export async function loader({ request, context }: LoaderFunctionArgs) {
  return await loadAdminDashboard(request, context);
}

/** The overview's forms: Premium requests and the contact address (admins only). */
export async function action({ request, context }: ActionFunctionArgs) {
  return await adminDashboardAction(request, context);
}

const QUICK_LINKS = [
  { to: "/admin/conference", label: "Live Conference", icon: Video },
  { to: "/admin/courses?new=1", label: "Add Content", icon: PlusCircle },
  { to: "/admin/forum", label: "Forum Management", icon: MessagesSquare },
  { to: "/admin/members", label: "Student Management", icon: Users },
  // Templates are managed on the library page itself (upload and delete show for admins).
  { to: "/tools-templates", label: "Templates", icon: FileText },
];

export default function AdminDashboard() {
  const { username, content } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const loggingOut = navigation.formAction === "/logout";
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl">Sacred Administrative Realm</h1>
          <p className="mt-1 opacity-80">Welcome back, {username}.</p>
        </div>
        <div className="flex gap-2">
          <AppLink to="/" className={buttonClasses("outline")}>
            <Home className="h-4 w-4" aria-hidden /> Home
          </AppLink>
          <Form method="post" action="/logout">
            <button type="submit" className={buttonClasses("ghost")} disabled={loggingOut}>
              {loggingOut ? "Logging out..." : "Logout"}
            </button>
          </Form>
        </div>
      </header>

      <nav aria-label="Quick actions" className="mt-6">
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
          {QUICK_LINKS.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <Link to={to} className={buttonClasses("outline", "w-full")}>
                <Icon className="h-4 w-4" aria-hidden /> {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <div className="mt-8">
        <DashboardTabs current={content.tab} />
      </div>
      <div className="mt-6">
        <FormNotice notice={actionData && "notice" in actionData ? actionData.notice : null} />
        {content.tab === "overview" ? <OverviewPanel content={content} contactResult={actionData && "contactResult" in actionData ? actionData.contactResult : null} /> : null}
        {content.tab === "courses" ? <CoursesPanel content={content} /> : null}
        {content.tab === "members" ? <MembersPanel content={content} /> : null}
        {content.tab === "knowledge-base" ? <KnowledgeBasePanel content={content} /> : null}
        {content.tab === "analytics" ? <AnalyticsPanel content={content} /> : null}
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <PageErrorBoundary backTo="/dashboard" backLabel="Back to Dashboard" />;
}
