import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { User } from "#db/schema";
import { findCourseForViewer } from "~/models/learning/access.server";
import { getMemberRating, rateCourse, RatingRefusal } from "~/models/learning/course-rating.server";
import { shownRating } from "~/models/learning/course-rating";
import { CourseRatingSchema } from "~/schemas/course-rating";
import { answerRefusals, apiError, idParam, methodNotAllowed, readJson } from "~/utils/api.server";
import { requireUser } from "~/services/auth.server";

async function ratingAnswer(userId: number, courseId: number, viewer: Pick<User, "id" | "role">) {
  const course = await findCourseForViewer(courseId, viewer);
  if (!course) return apiError(404, "Course not found");
  return json({
    courseId: course.id,
    yourRating: await getMemberRating(userId, course.id),
    ratingAverage: course.ratingAverage,
    ratingCount: course.ratingCount,
    shown: shownRating(course),
  });
}

/** The member's own stars and the course's figures. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return await ratingAnswer(user.id, idParam(params.courseId, "Course"), user);
}

/** PUT {rating}: 1–5 stars, one per member and course, once the course is started. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  const user = await requireUser(request, context);
  const course = await findCourseForViewer(idParam(params.courseId, "Course"), user);
  if (!course) return apiError(404, "Course not found");
  const { rating } = await readJson(request, CourseRatingSchema);
  const refused = await answerRefusals(RatingRefusal, async () => await rateCourse(user.id, course.id, rating));
  if (refused instanceof Response) return refused;
  return await ratingAnswer(user.id, course.id, user);
}
