import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { BarChart3, BookOpen, GraduationCap, Home, Users } from "lucide-react";
import { buttonClasses } from "~/components/ui/button";
import { loadAdminDashboard } from "~/utils/admin-dashboard.server";
import { requireUser } from "~/utils/auth.server";
import { StatCard } from "~/components/ui/stat-card";

export const meta: MetaFunction = () => [{ title: "Administration — Mystic Academy" }];

// /dashboard is every signed-in user's "dashboard" (spec: it takes the portal's
// tab query), so a student lands in the portal; /admin stays admin-only.
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireUser(args.request);
  if (user.role !== "admin") {
    const tab = new URL(args.request.url).searchParams.get("tab");
    throw redirect(tab ? `/students?tab=${encodeURIComponent(tab)}` : "/students");
  }
  return loadAdminDashboard(args.request);
}

export default function AdminDashboard() {
  const { username, stats } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const loggingOut = navigation.formAction === "/logout";
  const tiles = [
    { label: "Active Members", value: stats.activeMembers, icon: Users },
    { label: "Completed Courses", value: stats.completedCourses, icon: GraduationCap },
    { label: "Active Courses", value: stats.activeCourses, icon: BookOpen },
    { label: "Avg. Completion Rate", value: `${stats.avgCompletion}%`, icon: BarChart3 },
  ];
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl">Sacred Administrative Realm</h1>
          <p className="mt-1 opacity-80">Welcome back, {username}.</p>
        </div>
        <div className="flex gap-2">
          <Link to="/" className={buttonClasses("outline")}>
            <Home className="h-4 w-4" aria-hidden /> Home
          </Link>
          <Form method="post" action="/logout">
            <button type="submit" className={buttonClasses("ghost")} disabled={loggingOut}>
              {loggingOut ? "Logging out..." : "Logout"}
            </button>
          </Form>
        </div>
      </header>
      <section className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Overview">
        {tiles.map((tile) => (
          <StatCard key={tile.label} {...tile} />
        ))}
      </section>
    </div>
  );
}
