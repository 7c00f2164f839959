import { z } from "zod";

// A student's star rating of a course: the course page's form and PUT /api/courses/{id}/rating.

export const RATING_VALUES = [1, 2, 3, 4, 5] as const;
export const RATE_INTENT = "rate";

export const CourseRatingSchema = z.object({
  rating: z
    .number({ required_error: "Choose from 1 to 5 stars", invalid_type_error: "Choose from 1 to 5 stars" })
    .int("Choose from 1 to 5 stars")
    .min(1, "Choose from 1 to 5 stars")
    .max(5, "Choose from 1 to 5 stars"),
});
export type CourseRatingInput = z.infer<typeof CourseRatingSchema>;
