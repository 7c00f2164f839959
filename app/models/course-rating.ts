// Which rating a course shows (browser-safe, used by cards and the course page):
// the students' average once anyone has rated it, the academy's stored value until then.

export interface RatedCourse {
  /** The value an administrator stored on the course. */
  rating: string;
  /** The students' average, one decimal; null until someone has rated. */
  ratingAverage: number | null;
  ratingCount: number;
}

export interface ShownRating {
  value: string;
  count: number;
  fromStudents: boolean;
}

/** The mean of the stars given, to one decimal; null without ratings. */
export function averageRating(totalStars: number, count: number): number | null {
  if (count <= 0) return null;
  return Math.round((totalStars / count) * 10) / 10;
}

export function shownRating(course: RatedCourse): ShownRating {
  if (course.ratingAverage !== null && course.ratingCount > 0) {
    return { value: course.ratingAverage.toFixed(1), count: course.ratingCount, fromStudents: true };
  }
  return { value: course.rating, count: 0, fromStudents: false };
}

/** "4.3 from 12 ratings" or "4.5, the academy's rating until students rate it", for screen readers and titles. */
export function describeRating(shown: ShownRating): string {
  if (!shown.fromStudents) return `${shown.value} out of 5, the academy's rating until students rate it`;
  return `${shown.value} out of 5 from ${shown.count} ${shown.count === 1 ? "student rating" : "student ratings"}`;
}
