import { MessageCircleQuestion } from "lucide-react";

/**
 * The study companion's place in the player. A <details> opens and closes
 * without JavaScript; the AI chat will mount inside the data-slot container.
 */
export function StudyHelpPanel({ courseTitle, lessonTitle }: { courseTitle: string; lessonTitle: string }) {
  return (
    <details className="card group p-0" id="companion">
      <summary className="flex cursor-pointer list-none items-center gap-2 p-4 font-medium">
        <MessageCircleQuestion className="h-5 w-5 text-accent" aria-hidden />
        Study help
        <span className="ml-auto text-xs opacity-70 group-open:hidden">Show</span>
        <span className="ml-auto hidden text-xs opacity-70 group-open:inline">Hide</span>
      </summary>
      <div data-slot="study-companion" className="space-y-2 border-t border-primary/20 p-4 text-sm">
        <p>
          <span className="opacity-70">Course:</span> {courseTitle}
        </p>
        <p>
          <span className="opacity-70">Lesson:</span> {lessonTitle}
        </p>
        <p className="italic opacity-80">Your study companion arrives soon.</p>
      </div>
    </details>
  );
}
