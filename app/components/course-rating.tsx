import { Star } from "~/components/ui/icons";
import { describeRating, ratingFigure, shownRating, type RatedCourse } from "~/models/learning/course-rating";

/** The star figure on course cards and the course page: students' average and count, or the academy's value until then. */
export function RatingBadge({ course, className = "text-xs" }: { course: RatedCourse; className?: string }) {
  const shown = shownRating(course);
  return (
    <span className={`flex items-center gap-1 text-accent ${className}`} data-testid="course-rating" title={describeRating(shown)}>
      <Star className="h-3.5 w-3.5 fill-current" aria-hidden />
      <span aria-hidden>{ratingFigure(shown)}</span>
      <span className="sr-only">{describeRating(shown)}</span>
    </span>
  );
}
