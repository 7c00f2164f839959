import { useNavigation } from "@remix-run/react";

const COURSE_PAGE = /^\/course\/[^/]+\/?$/;

/**
 * True while a link is loading a course detail page (not while a form posts,
 * whose redirect decides where it goes).
 */
export function useLoadingCoursePage(): boolean {
  const navigation = useNavigation();
  return navigation.state === "loading" && !navigation.formMethod && COURSE_PAGE.test(navigation.location.pathname);
}

function Bone({ className }: { className: string }) {
  return <div className={`animate-pulse rounded-md bg-primary/20 ${className}`} />;
}

/** The course detail page's shape while its data is on the way. */
export function CourseDetailSkeleton() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10" data-testid="course-skeleton" aria-busy="true" aria-live="polite">
      <p className="sr-only">Loading course…</p>
      <div className="grid gap-8 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          <Bone className="aspect-video w-full rounded-xl" />
          <Bone className="h-5 w-32" />
          <Bone className="h-9 w-3/4" />
          <Bone className="h-4 w-full" />
          <Bone className="h-4 w-5/6" />
        </div>
        <div className="space-y-4">
          <Bone className="h-48 w-full rounded-xl" />
          <Bone className="h-40 w-full rounded-xl" />
        </div>
      </div>
    </div>
  );
}
