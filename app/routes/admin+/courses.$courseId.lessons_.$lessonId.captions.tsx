import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { User } from "#db/schema";
import { PageErrorBoundary } from "~/components/error-boundary";
import { CaptionManager } from "~/components/media/caption-manager";
import { AppLink } from "~/components/ui/app-link";
import { ArrowLeft, Captions } from "~/components/ui/icons";
import { captionGeneration, lessonVideoSections } from "~/models/learning/captions.server";
import { requireCourseManager } from "~/services/auth.server";
import { CaptionTargetIdSchema, handleCaptionForm, isCaptionIntent } from "~/services/caption-forms.server";
import { readForm } from "~/utils/form-data.server";
import { invariantResponse, parseRouteId } from "~/utils/misc";

// The captions of one lesson's uploaded videos (issue 38): upload a .vtt or
// .srt per language, replace or delete it, or generate captions through the
// AI provider. Reached from the lesson editor's video sections and the lessons
// list's "Captions" badge. YouTube and Vimeo videos keep their own captions.

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Captions: ${data.lesson.title} — Mystic Academy` : "Lesson not found — Mystic Academy" },
];

async function requireLessonVideos(params: LoaderFunctionArgs["params"], manager: User) {
  const courseId = parseRouteId(params.courseId);
  const lessonId = parseRouteId(params.lessonId);
  const found = lessonId === null ? undefined : await lessonVideoSections(manager, lessonId);
  invariantResponse(found && found.course.id === courseId, "Lesson not found", { status: 404 });
  return found;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const manager = await requireCourseManager(request, context, parseRouteId(params.courseId));
  const { course, lesson, sections } = await requireLessonVideos(params, manager);
  return json({
    course: { id: course.id, title: course.title },
    lesson: { id: lesson.id, title: lesson.title },
    sections,
    generation: captionGeneration(),
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const manager = await requireCourseManager(request, context, parseRouteId(params.courseId));
  const { course, lesson, sections } = await requireLessonVideos(params, manager);
  const back = `/admin/courses/${course.id}/lessons/${lesson.id}/captions`;
  const form = await readForm(request);
  invariantResponse(isCaptionIntent(form.get("intent")), "Unknown captions action", { status: 400 });
  const sectionId = CaptionTargetIdSchema.safeParse(form.get("sectionId"));
  // Only this lesson's videos are reachable from this page.
  invariantResponse(sectionId.success && sections.some((section) => section.id === sectionId.data), "Section not found", { status: 404 });
  return await handleCaptionForm(form, manager, { kind: "section", id: sectionId.data }, `${back}#section-${sectionId.data}`);
}

export default function LessonCaptions() {
  const { course, lesson, sections, generation } = useLoaderData<typeof loader>();
  const action = `/admin/courses/${course.id}/lessons/${lesson.id}/captions`;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <AppLink to={`/admin/courses/${course.id}/lessons`} className="inline-flex items-center gap-2 text-sm opacity-80 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Lessons
      </AppLink>
      <header className="mt-4">
        <h1 className="font-display text-3xl">Captions: {lesson.title}</h1>
        <p className="mt-1 opacity-80">
          {course.title}. Captions play in the lesson&apos;s video player and make up the transcript below it; the study companion answers from them too.
        </p>
      </header>
      {sections.length === 0 ? (
        <p className="card mt-8" data-testid="no-uploaded-videos">
          This lesson has no uploaded videos. YouTube and Vimeo videos keep their own captions.
        </p>
      ) : (
        <ol className="mt-8 space-y-6">
          {sections.map((section) => (
            <li key={section.id} id={`section-${section.id}`} className="card scroll-mt-24 space-y-4" aria-labelledby={`section-${section.id}-title`}>
              <h2 id={`section-${section.id}-title`} className="flex items-center gap-2 font-display text-xl">
                <Captions className="h-5 w-5 text-accent" aria-hidden /> Section {section.number}: {section.title}
              </h2>
              <p className="text-sm opacity-75">
                Video: <a href={section.url} className="underline">{section.url}</a> ·{" "}
                <AppLink to={`/course/${course.id}/lesson/${lesson.id}?section=${section.number}`} className="underline">
                  Open in the player
                </AppLink>
              </p>
              <CaptionManager
                idPrefix={`section-${section.id}`}
                action={action}
                fields={{ sectionId: String(section.id) }}
                captions={section.captions}
                generation={generation}
              />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <PageErrorBoundary backTo="/admin/courses" backLabel="Back to Courses" notFoundTitle="Lesson not found" />;
}
