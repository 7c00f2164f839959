import { describe, expect, it } from "vitest";
import { averageRating, describeRating, ratingDetail, ratingFigure, shownRating } from "~/models/learning/course-rating";
import { CourseRatingSchema } from "~/schemas/course-rating";

describe("a course's average rating", () => {
  it("is the mean of the stars to one decimal, and null without ratings", () => {
    expect(averageRating(0, 0)).toBeNull();
    expect(averageRating(5, 1)).toBe(5);
    expect(averageRating(4 + 5 + 4, 3)).toBe(4.3);
    expect(averageRating(4 + 5, 2)).toBe(4.5);
    expect(averageRating(1 + 2 + 2, 3)).toBe(1.7);
  });
});

describe("the rating a course shows", () => {
  it("is the academy's stored value, with no count and no 'no ratings yet', until a student rates it", () => {
    const shown = shownRating({ rating: "4.8", ratingAverage: null, ratingCount: 0 });
    expect(shown).toEqual({ value: "4.8", count: 0, fromStudents: false });
    expect(ratingFigure(shown)).toBe("4.8");
    expect(describeRating(shown)).toBe("4.8 out of 5");
    expect(ratingDetail(shown)).toBe("4.8 / 5");
    for (const text of [ratingFigure(shown), describeRating(shown), ratingDetail(shown)]) expect(text).not.toMatch(/no .*ratings|\(0\)/);
  });

  it("is the students' average and count once there are ratings", () => {
    const shown = shownRating({ rating: "4.8", ratingAverage: 3, ratingCount: 2 });
    expect(shown).toEqual({ value: "3.0", count: 2, fromStudents: true });
    expect(ratingFigure(shown)).toBe("3.0 (2)");
    expect(describeRating(shown)).toBe("3.0 out of 5 from 2 student ratings");
    expect(ratingDetail(shown)).toBe("3.0 / 5 from 2 students");
    const single = shownRating({ rating: "4.8", ratingAverage: 2, ratingCount: 1 });
    expect(describeRating(single)).toBe("2.0 out of 5 from 1 student rating");
    expect(ratingDetail(single)).toBe("2.0 / 5 from 1 student");
  });
});

describe("a rating", () => {
  it("is a whole number of stars from 1 to 5", () => {
    for (const rating of [1, 2, 3, 4, 5]) expect(CourseRatingSchema.safeParse({ rating }).success).toBe(true);
    for (const rating of [0, 6, 3.5, "4", null]) expect(CourseRatingSchema.safeParse({ rating }).success).toBe(false);
    expect(CourseRatingSchema.safeParse({}).success).toBe(false);
  });
});
