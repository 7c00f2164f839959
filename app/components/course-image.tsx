import type { CourseSummary } from "~/models/learning/course.server";
import { cn } from "~/utils/misc";

type PicturedCourse = Pick<CourseSummary, "title" | "level" | "imageUrl">;

/**
 * A course's image, or a generated placeholder when it has none (issue 31):
 * an empty coloured box looked broken. Decorative either way — every page
 * that shows it prints the title and level beside it — so assistive
 * technology skips it rather than read the title twice.
 */
export function CourseImage({
  course,
  className,
  lazy = false,
  size = "card",
}: {
  course: PicturedCourse;
  className?: string;
  lazy?: boolean;
  /** "page" when the image heads the course page, where a card's caption would look lost. */
  size?: "card" | "page";
}) {
  if (course.imageUrl) {
    return <img src={course.imageUrl} alt="" className={cn("object-cover", className)} loading={lazy ? "lazy" : undefined} />;
  }
  return <CoursePlaceholder course={course} className={className} size={size} />;
}

/** The course's level and title on the theme's gradient (`.course-placeholder` in tailwind.css), so it follows the member's theme. */
function CoursePlaceholder({ course, className, size }: { course: PicturedCourse; className?: string; size: "card" | "page" }) {
  const page = size === "page";
  return (
    <div aria-hidden className={cn("course-placeholder flex flex-col justify-end", page ? "p-6 sm:p-8" : "p-4", className)} data-testid="course-image-placeholder">
      {/* A plate of the background colour keeps the words readable on every theme's brightest primary. */}
      <div className={cn("max-w-full self-start rounded-lg bg-background/75", page ? "px-5 py-4" : "px-4 py-3")}>
        <p className={cn("font-semibold uppercase tracking-widest text-accent", page ? "text-sm" : "text-xs")}>{course.level}</p>
        <p className={cn("line-clamp-2 font-display leading-snug text-foreground", page ? "text-2xl sm:text-3xl" : "text-xl")}>{course.title}</p>
      </div>
    </div>
  );
}
