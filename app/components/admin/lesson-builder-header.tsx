import type { ReactNode } from "react";
import { ArrowLeft } from "~/components/ui/icons";
import { AppLink } from "~/components/ui/app-link";

/** The top of a lesson's quiz or assignment builder: the way back, what is built, for which lesson, and what changing it does. */
export function LessonBuilderHeader({
  backTo,
  icon,
  title,
  lesson,
  course,
  testId,
  children,
}: {
  backTo: string;
  icon: ReactNode;
  title: string;
  lesson: string;
  course: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <>
      <AppLink
        to={backTo}
        className="inline-flex items-center gap-2 text-sm opacity-80 hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Lessons
      </AppLink>
      <header className="mt-4 space-y-1">
        <h1 className="flex items-center gap-2 font-display text-3xl">
          {icon} {title}
        </h1>
        <p className="opacity-80">
          <span className="font-semibold" data-testid={testId}>
            {lesson}
          </span>{" "}
          · {course}
        </p>
        <p className="text-sm opacity-75">{children}</p>
      </header>
    </>
  );
}
