
import { CalendarClock, CheckCircle2, ChevronLeft, ChevronRight, Clock, FileText, ImageIcon, PlayCircle } from "~/components/ui/icons";
import type { SectionView } from "~/models/learning/lesson.server";
import { cn } from "~/utils/misc";
import { AppLink } from "~/components/ui/app-link";

const sectionIcons = { text: FileText, image: ImageIcon, video: PlayCircle } satisfies Record<SectionView["type"], unknown>;

export interface NeighbourLesson {
  id: number;
  title: string;
  /** "Opens on …" while the lesson is not released for this member (then it is not a link). */
  opens: string | null;
}

export function LessonOverview({
  title,
  description,
  estimatedMinutes,
  completed,
}: {
  title: string;
  description: string;
  estimatedMinutes: number;
  completed: boolean;
}) {
  return (
    <section className="card space-y-2" aria-labelledby="lesson-overview-title">
      <h2 id="lesson-overview-title" className="font-display text-lg">
        Lesson overview
      </h2>
      <p className="font-medium">{title}</p>
      {description ? <p className="text-sm opacity-80">{description}</p> : null}
      <p className="flex items-center gap-1 text-sm opacity-75">
        <Clock className="h-4 w-4" aria-hidden /> About {estimatedMinutes} minutes
      </p>
      {completed ? (
        <p className="flex items-center gap-1 text-sm text-emerald-300">
          <CheckCircle2 className="h-4 w-4" aria-hidden /> You have completed this lesson
        </p>
      ) : null}
    </section>
  );
}

export function SectionList({
  sections,
  current,
  hrefFor,
}: {
  sections: Pick<SectionView, "id" | "title" | "type">[];
  current: number;
  hrefFor: (n: number) => string;
}) {
  if (sections.length === 0) return null;
  return (
    <nav className="card" aria-labelledby="sections-title">
      <h2 id="sections-title" className="mb-3 font-display text-lg">
        Sections
      </h2>
      <ol className="space-y-1">
        {sections.map((section, index) => {
          const n = index + 1;
          const Icon = sectionIcons[section.type];
          const done = n < current;
          return (
            <li key={section.id}>
              <AppLink
                to={hrefFor(n)}
                preventScrollReset
                aria-current={n === current ? "step" : undefined}
                className={cn(
                  "flex items-center gap-2 rounded-md px-2 py-1.5 text-sm transition",
                  n === current ? "bg-primary/30 font-medium" : "hover:bg-primary/15",
                )}
              >
                {done ? (
                  <CheckCircle2 className="h-4 w-4 shrink-0 text-emerald-300" aria-hidden />
                ) : (
                  <Icon className="h-4 w-4 shrink-0 opacity-70" aria-hidden />
                )}
                <span className="flex-1">
                  {n}. {section.title}
                </span>
                {done ? <span className="sr-only">(done)</span> : null}
              </AppLink>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

export function LessonNeighbours({
  courseId,
  previous,
  next,
  openQuestions = {},
}: {
  courseId: number;
  previous: NeighbourLesson | null;
  next: NeighbourLesson | null;
  /** Open questions per lesson the member may open (issue 46). */
  openQuestions?: Record<string, number>;
}) {
  const questions = (id: number) => {
    const count = openQuestions[String(id)] ?? 0;
    return count ? <span className="block text-xs opacity-80">{count === 1 ? "1 open question" : `${count} open questions`}</span> : null;
  };
  if (!previous && !next) return null;
  return (
    <nav className="card space-y-2" aria-label="Other lessons">
      {previous?.opens ? (
        <p className="flex items-start gap-2 rounded-md p-2 text-sm opacity-75" data-testid="previous-lesson-locked">
          <CalendarClock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span>
            <span className="block text-xs uppercase tracking-wide opacity-70">Previous Lesson</span>
            {previous.title}
            <span className="block text-xs">{previous.opens}</span>
          </span>
        </p>
      ) : previous ? (
        <AppLink to={`/course/${courseId}/lesson/${previous.id}`} className="flex items-start gap-2 rounded-md p-2 text-sm hover:bg-primary/15">
          <ChevronLeft className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span>
            <span className="block text-xs uppercase tracking-wide opacity-70">Previous Lesson</span>
            {previous.title}
            {questions(previous.id)}
          </span>
        </AppLink>
      ) : null}
      {next?.opens ? (
        <p className="flex items-start justify-end gap-2 rounded-md p-2 text-right text-sm opacity-75" data-testid="next-lesson-locked">
          <span>
            <span className="block text-xs uppercase tracking-wide opacity-70">Next Lesson</span>
            {next.title}
            <span className="block text-xs">{next.opens}</span>
          </span>
          <CalendarClock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        </p>
      ) : next ? (
        <AppLink to={`/course/${courseId}/lesson/${next.id}`} className="flex items-start justify-end gap-2 rounded-md p-2 text-right text-sm hover:bg-primary/15">
          <span>
            <span className="block text-xs uppercase tracking-wide opacity-70">Next Lesson</span>
            {next.title}
            {questions(next.id)}
          </span>
          <ChevronRight className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        </AppLink>
      ) : null}
    </nav>
  );
}
