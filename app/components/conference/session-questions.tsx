import { Check } from "~/components/ui/icons";
import type { LiveQuestion } from "~/schemas/live-questions";

/** A past session's questions beside its recording: most votes first, answered ones marked (issue 28). */
export function SessionQuestions({ questions }: { questions: LiveQuestion[] }) {
  return (
    <section className="card space-y-3" aria-labelledby="session-questions-heading" data-testid="session-questions">
      <h3 id="session-questions-heading" className="font-display text-lg">
        Questions from the session
      </h3>
      <ol className="space-y-2">
        {questions.map((question) => (
          <li key={question.id} className="rounded-md border border-primary/30 p-3 text-sm" data-testid="session-question">
            <p className="whitespace-pre-wrap break-words">{question.text}</p>
            <p className="mt-1 flex flex-wrap items-center gap-x-3 text-xs opacity-75">
              <span>{question.authorName}</span>
              <span>{question.votes === 1 ? "1 vote" : `${question.votes} votes`}</span>
              {question.answered ? (
                <span className="inline-flex items-center gap-1 text-accent">
                  <Check className="h-3 w-3" aria-hidden /> Answered
                </span>
              ) : null}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
