import { BookOpen, Clock, Crown } from "~/components/ui/icons";
import type { ReactNode } from "react";
import { CourseImage } from "~/components/course-image";
import { RatingBadge } from "~/components/course-rating";
import type { CourseSummary } from "~/models/learning/course.server";

export const levelBadgeClasses: Record<CourseSummary["level"], string> = {
  Beginner: "bg-emerald-500/20 text-emerald-200 border-emerald-400/40",
  Intermediate: "bg-sky-500/20 text-sky-200 border-sky-400/40",
  Advanced: "bg-fuchsia-500/20 text-fuchsia-200 border-fuchsia-400/40",
};

export function CourseCard({ course, action }: { course: CourseSummary; action?: ReactNode }) {
  return (
    <article className="card flex flex-col overflow-hidden p-0" data-testid="course-card">
      <CourseImage course={course} className="aspect-video w-full" lazy />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-center justify-between gap-2 text-xs">
          <span className={`rounded-full border px-2 py-0.5 ${levelBadgeClasses[course.level]}`}>{course.level}</span>
          <RatingBadge course={course} />
        </div>
        <h3 className="font-display text-lg font-semibold">
          {course.title}
          {course.isPremium ? <Crown className="ml-2 inline h-4 w-4 text-accent" aria-label="Premium course" /> : null}
        </h3>
        <p className="line-clamp-3 text-sm opacity-80">{course.description}</p>
        <div className="mt-auto flex gap-4 text-xs opacity-80">
          <span className="flex items-center gap-1">
            <BookOpen className="h-3.5 w-3.5" aria-hidden /> {course.lessons} lessons
          </span>
          <span className="flex items-center gap-1">
            <Clock className="h-3.5 w-3.5" aria-hidden /> {course.duration}
          </span>
        </div>
        {action}
      </div>
    </article>
  );
}
