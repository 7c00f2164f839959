import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Award, BookOpen, Home, LogOut } from "lucide-react";
import { CourseCard } from "~/components/course-card";
import { buttonClasses } from "~/components/ui/button";
import { listActiveCourses } from "~/models/course.server";
import { getEnrolmentCounts } from "~/models/progress.server";
import { requireUser } from "~/utils/auth.server";

export const meta: MetaFunction = () => [{ title: "Student Portal — Mystic Academy" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return json({
    name: user.firstName ?? user.name ?? user.username,
    counts: getEnrolmentCounts(user.id),
    courses: listActiveCourses().slice(0, 3),
  });
}

export default function StudentPortal() {
  const { name, counts, courses } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl">Student Portal</h1>
          <p className="mt-1 opacity-80">Welcome, {name}. Continue your journey.</p>
        </div>
        <div className="flex gap-2">
          <Link to="/" className={buttonClasses("outline")}>
            <Home className="h-4 w-4" aria-hidden /> Return Home
          </Link>
          {/* Spec: the portal's Logout navigates to /api/logout. */}
          <a href="/api/logout" className={buttonClasses("ghost")}>
            <LogOut className="h-4 w-4" aria-hidden /> Logout
          </a>
        </div>
      </header>

      <section className="mt-8 grid gap-4 sm:grid-cols-2" aria-label="Your figures">
        <div className="card flex items-center gap-4">
          <BookOpen className="h-8 w-8 text-accent" aria-hidden />
          <div>
            <p className="text-sm opacity-75">Enrolled courses</p>
            <p className="text-2xl font-semibold" data-testid="stat-enrolled">
              {counts.enrolled}
            </p>
          </div>
        </div>
        <div className="card flex items-center gap-4">
          <Award className="h-8 w-8 text-accent" aria-hidden />
          <div>
            <p className="text-sm opacity-75">Completed</p>
            <p className="text-2xl font-semibold" data-testid="stat-completed">
              {counts.completed}
            </p>
          </div>
        </div>
      </section>

      <section className="mt-10" aria-labelledby="journey-title">
        <div className="mb-4 flex items-center justify-between">
          <h2 id="journey-title" className="font-display text-2xl">
            Continue Your Journey
          </h2>
          <Link to="/courses" className="text-sm underline">
            View All Courses
          </Link>
        </div>
        <div className="grid gap-6 md:grid-cols-3">
          {courses.map((course) => (
            <CourseCard
              key={course.id}
              course={course}
              action={
                <Link to={`/course/${course.id}`} className={buttonClasses("primary", "w-full")}>
                  Start Learning
                </Link>
              }
            />
          ))}
        </div>
      </section>
    </div>
  );
}
