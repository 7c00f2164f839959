import { methodNotAllowed } from "~/utils/api.server";
import { json } from "@remix-run/node";
import { listActiveCourses } from "~/models/course.server";

export function loader() {
  return json(listActiveCourses());
}
export const action = () => methodNotAllowed(["GET"]);
