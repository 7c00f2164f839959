import { json } from "@remix-run/node";
import { listActiveCourses } from "~/models/course.server";

export function loader() {
  return json(listActiveCourses());
}
