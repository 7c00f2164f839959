import { MessageCircleQuestion, Sparkles } from "~/components/ui/icons";
import { useHydrated } from "remix-utils/use-hydrated";
import { openCompanion } from "~/components/companion/companion-store";
import { buttonClasses } from "~/components/ui/button";

/**
 * The study companion's place in the player. A <details> opens and closes
 * without JavaScript; "Ask about this lesson" opens the floating companion
 * scoped to this lesson, which needs JavaScript.
 */
export function StudyHelpPanel({ lessonId, courseTitle, lessonTitle }: { lessonId: number; courseTitle: string; lessonTitle: string }) {
  const hydrated = useHydrated();
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
        {hydrated ? (
          <button
            type="button"
            className={buttonClasses("outline", "w-full", "sm")}
            onClick={() => openCompanion({ lessonId, courseTitle, lessonTitle })}
          >
            <Sparkles className="h-4 w-4" aria-hidden /> Ask about this lesson
          </button>
        ) : (
          <p className="italic opacity-80">
            The study companion answers questions about this lesson when JavaScript is on. You can also ask in the{" "}
            <a href="/community" className="underline">
              community forum
            </a>
            .
          </p>
        )}
      </div>
    </details>
  );
}
