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

// Until a student rates a course it shows the academy's stored rating as the
// spec has it (learner spec §3: rating, text, default 4.5), with no count: a
// figure beside "no ratings yet" contradicted itself (issue 31).

/** The visible figure: "4.8" before any student rating, "4.3 (12)" after. */
export function ratingFigure(shown: ShownRating): string {
  return shown.fromStudents ? `${shown.value} (${shown.count})` : shown.value;
}

/** The same for screen readers and titles: "4.8 out of 5", or "4.3 out of 5 from 12 student ratings". */
export function describeRating(shown: ShownRating): string {
  if (!shown.fromStudents) return `${shown.value} out of 5`;
  return `${shown.value} out of 5 from ${shown.count} ${shown.count === 1 ? "student rating" : "student ratings"}`;
}

/** The course page's details panel: "4.8 / 5", or "4.3 / 5 from 12 students". */
export function ratingDetail(shown: ShownRating): string {
  if (!shown.fromStudents) return `${shown.value} / 5`;
  return `${shown.value} / 5 from ${shown.count} ${shown.count === 1 ? "student" : "students"}`;
}
