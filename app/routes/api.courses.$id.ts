import { methodNotAllowed } from "~/utils/api.server";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { apiError, idParam } from "~/utils/api.server";
import { getActiveCourse } from "~/models/course.server";

export function loader({ params }: LoaderFunctionArgs) {
  const course = getActiveCourse(idParam(params.id, "Course"));
  if (!course) return apiError(404, "Course not found");
  return json(course);
}
export const action = () => methodNotAllowed(["GET"]);
