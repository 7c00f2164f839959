import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { BadgeCheck, BookOpen, Crown, Layers } from "~/components/ui/icons";
import type { AdminFormReply } from "~/components/admin/admin-form";
import { AdminCrudPage, CardGrid, EmptyState, RecordActions, useUrlDialogs } from "~/components/admin/crud-page";
import { CourseForm } from "~/components/admin/course-form";
import type { Notice } from "~/schemas/notice";
import { levelBadgeClasses } from "~/components/course-card";
import { CourseImage } from "~/components/course-image";
import { buttonClasses } from "~/components/ui/button";
import { createCourse, getAnyCourse, listAllCourses, removeCourse, updateCourse } from "~/models/learning/course.server";
import { CourseFormSchema } from "~/schemas/admin-forms";
import {
  addCourseInstructor,
  applyInstructorIds,
  applyPublishingRights,
  canCreateCourses,
  canManageCourse,
  instructorIdsByCourse,
  listInstructorChoices,
  managedCourseIds,
  STAFF_REFUSALS,
  StaffError,
} from "~/models/learning/course-staff.server";
import { requireStaff } from "~/services/auth.server";
import { parseRouteId } from "~/utils/misc";
import { redirectWithToast } from "~/utils/toast.server";
import { IMAGE_UPLOAD, receiveUpload, UploadError } from "~/utils/uploads.server";
import { PageErrorBoundary } from "~/components/error-boundary";
import { readForm, readTextFields } from "~/utils/form-data.server";
import { logger } from "~/utils/logger.server";
import { AppLink } from "~/components/ui/app-link";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.isAdmin === false ? "My Courses" : "Course Management"} — Mystic Academy` }];

const COURSES_PATH = "/admin/courses";

// Admins manage every course; an instructor sees only the courses they are named on ("My courses", issue 29).
export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const isAdmin = staff.role === "admin";
  const own = await managedCourseIds(staff);
  const staffOf = isAdmin ? await instructorIdsByCourse() : null;
  const courses = (await listAllCourses())
    .filter((course) => own === null || own.includes(course.id))
    .map((course) => ({ ...course, instructorIds: staffOf?.get(course.id) ?? [] }));
  return json({ courses, isAdmin, mayCreate: canCreateCourses(staff), instructors: isAdmin ? await listInstructorChoices() : null });
}

export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  // Opening or closing a form only changes ?new, ?edit or ?delete; the list it
  // reads from is already on the page.
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
};


export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  const isMultipart = (request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data");
  if (!isMultipart) {
    // The delete buttons post plain forms; the course form always posts multipart.
    const formData = await readForm(request);
    if (formData.get("intent") === "delete") return await deleteCourse(formData, staff.role === "admin");
    throw json({ message: "Unknown action" }, { status: 400 });
  }

  // Kept aside so a refused image does not cost the admin what they typed.
  const copy = request.clone();
  let formData: FormData;
  try {
    ({ form: formData } = await receiveUpload(request, IMAGE_UPLOAD));
  } catch (error) {
    if (!(error instanceof UploadError)) throw error;
    return await refuseImage(error, copy);
  }
  if (formData.get("intent") === "delete") return await deleteCourse(formData, staff.role === "admin");

  const submission = parseWithZod(formData, { schema: CourseFormSchema });
  if (submission.status !== "success") {
    return json<AdminFormReply>({ result: submission.reply(), notice: null }, { status: 400 });
  }

  const courseId = parseRouteId(formData.get("courseId"));
  if (courseId === null ? !canCreateCourses(staff) : !await canManageCourse(staff, courseId)) {
    const reason = courseId === null ? STAFF_REFUSALS.cannotCreate : STAFF_REFUSALS.notYourCourse;
    return json<AdminFormReply>({ result: submission.reply({ formErrors: [reason] }), notice: { type: "error", title: "Access Denied", description: reason } }, { status: 403 });
  }
  try {
    if (courseId === null) {
      const course = await createCourse({ ...submission.value, ...applyPublishingRights(staff, null, submission.value) });
      // An instructor who creates a course runs it.
      if (staff.role === "instructor") await addCourseInstructor(course.id, staff.id);
      else await applyInstructorIds(staff, course.id, submission.value.instructorIds);
      return await redirectWithToast(COURSES_PATH, { type: "success", title: "Course created successfully!" });
    }
    const current = await getAnyCourse(courseId);
    const publishing = current ? applyPublishingRights(staff, current, submission.value) : null;
    await applyInstructorIds(staff, courseId, submission.value.instructorIds);
    if (!publishing || !await updateCourse(courseId, { ...submission.value, ...publishing })) {
      return await redirectWithToast(COURSES_PATH, { type: "error", title: "Failed to update course", description: "That course no longer exists." });
    }
    return await redirectWithToast(COURSES_PATH, { type: "success", title: "Course updated successfully!" });
  } catch (error) {
    if (error instanceof StaffError) {
      const result = error.field ? submission.reply({ fieldErrors: { [error.field]: [error.message] } }) : submission.reply({ formErrors: [error.message] });
      return json<AdminFormReply>(
        { result, notice: { type: "error", title: "Failed to save course", description: error.message } },
        { status: error.status },
      );
    }
    logger.error({ err: error }, "saving a course failed");
    const title = courseId === null ? "Failed to create course" : "Failed to update course";
    return json<AdminFormReply>(
      { result: submission.reply({ formErrors: [`${title}. Please try again.`] }), notice: { type: "error", title } },
      { status: 500 },
    );
  }
}

async function refuseImage(error: UploadError, copy: Request) {
  const notice: Notice = { type: "error", title: "Failed to upload image", description: error.message };
  if (error.status === 413) {
    // Too big to read again: answer with the image error alone (the server
    // reads and discards the rest of the body, server/drain-bodies.ts).
    const result: SubmissionResult<string[]> = { status: "error", initialValue: {}, error: { image: [error.message] } };
    return json<AdminFormReply>({ result, notice }, { status: 413 });
  }
  const fields = await readTextFields(copy);
  const submission = parseWithZod(fields, { schema: CourseFormSchema });
  return json<AdminFormReply>({ result: submission.reply({ fieldErrors: { image: [error.message] } }), notice }, { status: 400 });
}


async function deleteCourse(formData: FormData, isAdmin: boolean) {
  if (!isAdmin) throw json({ message: "Only an administrator can delete or archive a course" }, { status: 403 });
  const courseId = parseRouteId(formData.get("courseId"));
  const outcome = courseId === null ? "missing" : await removeCourse(courseId);
  switch (outcome) {
    case "deleted":
      return await redirectWithToast(COURSES_PATH, { type: "success", title: "Course deleted successfully!" });
    case "archived":
      return await redirectWithToast(COURSES_PATH, {
        type: "message",
        title: "Course archived",
        description: "Students have progress, certificates or handed-in assignments in it, so it was hidden instead of deleted.",
      });
    case "missing":
      return await redirectWithToast(COURSES_PATH, { type: "error", title: "Failed to delete course", description: "That course no longer exists." });
  }
}

export default function CourseManagement() {
  const { courses, isAdmin, mayCreate, instructors } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const dialogs = useUrlDialogs(courses);

  return (
    <AdminCrudPage
      noun="Course"
      idField="courseId"
      back={isAdmin ? { to: "/dashboard", label: "Back to Dashboard" } : { to: "/students", label: "Back to Portal" }}
      title={isAdmin ? "Course Management" : "My Courses"}
      description={isAdmin ? "Create courses, fill them with lessons and keep the catalogue tidy." : "The courses you teach: edit them, their lessons and quizzes, and follow your learners."}
      create={mayCreate ? undefined : null}
      actions={
        <AppLink to="/reviews" className={buttonClasses("outline")}>
          <BadgeCheck className="h-4 w-4" aria-hidden /> Review queue
        </AppLink>
      }
      closeTo={COURSES_PATH}
      dialogs={dialogs}
      formSize="lg"
      form={(course) => <CourseForm course={course} reply={actionData} closeTo={COURSES_PATH} instructors={instructors} mayPublish={isAdmin} />}
      confirmDelete={(course) => ({
        subject: course.title,
        explanation: "A course that students have started or finished is archived instead: it is hidden, and their certificates stay valid.",
      })}
    >
      <CardGrid
        label="Courses"
        items={courses}
        empty={
          isAdmin ? (
            <EmptyState icon={BookOpen} title="No courses created yet" message="Create the first course to open the catalogue." />
          ) : (
            <EmptyState icon={BookOpen} title="No courses yet" message="An administrator names you on a course; it then appears here." />
          )
        }
      >
        {(course) => (
          <article className="card flex h-full flex-col overflow-hidden p-0" data-testid="admin-course-card" aria-label={course.title}>
            <CourseImage course={course} className="aspect-video w-full" lazy />
            <div className="flex flex-1 flex-col gap-3 p-5">
              <div className="flex flex-wrap items-center gap-2 text-xs">
                <span className={`rounded-full border px-2 py-0.5 ${levelBadgeClasses[course.level]}`}>{course.level}</span>
                {course.isActive ? null : (
                  <span className="rounded-full border border-amber-400/50 bg-amber-500/20 px-2 py-0.5 text-amber-100" title="Hidden from students">
                    Not published
                  </span>
                )}
                {course.isPremium ? (
                  <span className="flex items-center gap-1 text-accent">
                    <Crown className="h-3.5 w-3.5" aria-hidden /> Premium
                  </span>
                ) : null}
              </div>
              <h2 className="font-display text-lg font-semibold">{course.title}</h2>
              <p className="flex items-center gap-1 text-sm opacity-80">
                <Layers className="h-4 w-4" aria-hidden /> {course.lessons} {course.lessons === 1 ? "lesson" : "lessons"}
              </p>
              <div className="mt-auto flex items-center gap-2">
                <AppLink to={`/admin/courses/${course.id}/lessons`} className={buttonClasses("primary", "flex-1", "sm")}>
                  Manage Lessons
                </AppLink>
                {course.isActive ? null : (
                  // Admins and the course's instructors read an unpublished course as members will.
                  <AppLink to={`/course/${course.id}`} className={buttonClasses("outline", undefined, "sm")}>
                    Preview
                  </AppLink>
                )}
                {isAdmin ? (
                  <RecordActions id={course.id} name={course.title} idField="courseId" question="Delete this course?" />
                ) : (
                  <AppLink to={`/admin/courses?edit=${course.id}`} className={buttonClasses("outline", "sm")}>
                    Edit
                  </AppLink>
                )}
              </div>
            </div>
          </article>
        )}
      </CardGrid>
    </AdminCrudPage>
  );
}

export function ErrorBoundary() {
  return <PageErrorBoundary backTo={COURSES_PATH} backLabel="Back to Courses" />;
}
