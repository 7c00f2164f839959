import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ArrowLeft, BookOpen } from "~/components/ui/icons";
import { CourseCard } from "~/components/course-card";
import { CourseDetailSkeleton, useLoadingCoursePage } from "~/components/learning/course-skeleton";
import { buttonClasses } from "~/components/ui/button";
import { COURSE_LEVELS } from "#db/schema";
import { listActiveCourses } from "~/models/learning/course.server";
import { requireUser } from "~/services/auth.server";
import { AppLink } from "~/components/ui/app-link";

export const meta: MetaFunction = () => [{ title: "Courses — Mystic Academy" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const courses = await listActiveCourses();
  const groups = COURSE_LEVELS.map((level) => ({ level, courses: courses.filter((course) => course.level === level) })).filter(
    (group) => group.courses.length > 0,
  );
  return json({ groups });
}

export default function CourseCatalogue() {
  const { groups } = useLoaderData<typeof loader>();
  const loadingCourse = useLoadingCoursePage();
  if (loadingCourse) return <CourseDetailSkeleton />;
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl">Course Catalogue</h1>
          <p className="mt-1 opacity-80">Choose your next step on the path, from first readings to a thriving practice.</p>
        </div>
        <AppLink to="/students" className={buttonClasses("outline")}>
          <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Dashboard
        </AppLink>
      </header>

      {groups.length === 0 ? (
        <div className="card mt-10 text-center">
          <BookOpen className="mx-auto h-10 w-10 text-accent" aria-hidden />
          <p className="mt-4 text-lg">No courses available</p>
          <p className="mt-1 text-sm opacity-75">New courses are being prepared. Please check back soon.</p>
        </div>
      ) : (
        groups.map((group) => (
          <section key={group.level} className="mt-10" aria-labelledby={`level-${group.level}`}>
            <h2 id={`level-${group.level}`} className="mb-4 font-display text-2xl">
              {group.level} ({group.courses.length})
            </h2>
            <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
              {group.courses.map((course) => (
                <CourseCard
                  key={course.id}
                  course={course}
                  action={
                    <AppLink to={`/course/${course.id}`} className={buttonClasses("primary", "w-full")}>
                      View Course
                    </AppLink>
                  }
                />
              ))}
            </div>
          </section>
        ))
      )}
    </div>
  );
}
