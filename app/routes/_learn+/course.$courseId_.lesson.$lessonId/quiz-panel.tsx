import { Form, useNavigation } from "@remix-run/react";
import { CheckCircle2, FileQuestion, XCircle } from "~/components/ui/icons";
import { AppLink } from "~/components/ui/app-link";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/utils/misc";

// The lesson's quiz (issue 24): a plain form posted to the lesson page, so it
// works without JavaScript. Before an attempt it shows prompts and options
// only; after one, the score, right or wrong per question with the
// explanations, and the attempts left.

export interface QuizPanelData {
  passingScore: number;
  questionCount: number;
  /** The questions as form fields, written on the server (quiz-form-html.server.ts). */
  formHtml: string;
  bestScore: number | null;
  passed: boolean;
  attemptsUsed: number;
  attemptsLeft: number | null;
  /** The attempt just submitted (or asked for with ?attempt=N). */
  result: {
    attemptNumber: number;
    score: number;
    passed: boolean;
    results: { questionId: number; prompt: string | null; correct: boolean; explanation?: string }[];
  } | null;
}

function attemptsText(left: number | null): string {
  if (left === null) return "Unlimited attempts";
  return left === 1 ? "1 attempt left" : `${left} attempts left`;
}

function QuizResult({ quiz, nextHref, tryAgainHref }: { quiz: QuizPanelData; nextHref: string | null; tryAgainHref: string }) {
  const result = quiz.result;
  if (!result) return null;
  const right = result.results.filter((r) => r.correct).length;
  return (
    <div className="space-y-4" data-testid="quiz-result">
      <div className={cn("rounded-lg border p-4", result.passed ? "border-emerald-400/60 bg-emerald-500/10" : "border-amber-400/60 bg-amber-500/10")}>
        <p className="font-display text-2xl" data-testid="quiz-score">
          {`Score: ${result.score}%`}
        </p>
        <p className="mt-1">
          {result.passed
            ? `Passed (pass mark ${quiz.passingScore}%). This lesson is complete.`
            : `Not passed yet: you need ${quiz.passingScore}% to pass.`}{" "}
          {right} of {result.results.length} correct · attempt {result.attemptNumber} · {attemptsText(quiz.attemptsLeft)}
        </p>
      </div>
      <ol className="space-y-3" aria-label="Your answers">
        {result.results.map((item, index) => (
          <li key={item.questionId} className="flex gap-3">
            {item.correct ? (
              <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-emerald-300" aria-label="Correct" />
            ) : (
              <XCircle className="mt-0.5 h-5 w-5 shrink-0 text-red-300" aria-label="Wrong" />
            )}
            <div>
              <p className="font-medium">
                {index + 1}. {item.prompt ?? "A question that has since changed"}
                <span className="sr-only">{item.correct ? " — correct" : " — wrong"}</span>
              </p>
              {item.explanation ? <p className="mt-1 text-sm opacity-85">{item.explanation}</p> : null}
            </div>
          </li>
        ))}
      </ol>
      <QuizLinks quiz={quiz} again={{ href: tryAgainHref, label: "Try again", primary: !result.passed }} nextHref={result.passed ? nextHref : null} />
    </div>
  );
}

/** What follows a quiz's outcome: another attempt while any are left, and the next lesson once it is passed. */
function QuizLinks({ quiz, again, nextHref }: { quiz: QuizPanelData; again: { href: string; label: string; primary: boolean }; nextHref: string | null }) {
  return (
    <div className="flex flex-wrap gap-3">
      {quiz.attemptsLeft !== 0 ? (
        <AppLink to={again.href} className={buttonClasses(again.primary ? "primary" : "outline")}>
          {again.label}
        </AppLink>
      ) : null}
      {nextHref ? (
        <AppLink to={nextHref} className={buttonClasses("primary")}>
          Next lesson
        </AppLink>
      ) : null}
    </div>
  );
}

/** A quiz already passed shows that, not a blank form; taking it again is a deliberate step (its best score is kept). */
function QuizPassed({ quiz, nextHref, tryAgainHref }: { quiz: QuizPanelData; nextHref: string | null; tryAgainHref: string }) {
  return (
    <div className="space-y-3 rounded-lg border border-emerald-400/60 bg-emerald-500/10 p-4" data-testid="quiz-passed">
      <p className="font-medium">You passed this quiz{quiz.bestScore !== null ? ` with ${quiz.bestScore}%` : ""}.</p>
      <QuizLinks quiz={quiz} again={{ href: tryAgainHref, label: "Take it again", primary: false }} nextHref={nextHref} />
    </div>
  );
}

export function QuizPanel({ quiz, nextHref, tryAgainHref, retaking }: { quiz: QuizPanelData; nextHref: string | null; tryAgainHref: string; retaking: boolean }) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "quiz";
  const outOfAttempts = quiz.attemptsLeft === 0;
  return (
    <section id="quiz" className="card space-y-5" aria-labelledby="quiz-title">
      <header className="space-y-1">
        <h2 id="quiz-title" className="flex items-center gap-2 font-display text-2xl">
          <FileQuestion className="h-6 w-6" aria-hidden /> Lesson quiz
        </h2>
        <p className="text-sm opacity-85" data-testid="quiz-summary">
          {quiz.questionCount} {quiz.questionCount === 1 ? "question" : "questions"} · pass mark {quiz.passingScore}% ·{" "}
          {attemptsText(quiz.attemptsLeft)}
          {quiz.bestScore !== null ? ` · best score ${quiz.bestScore}%` : ""}
          {quiz.passed ? " · passed" : ""}
        </p>
      </header>
      {quiz.result ? (
        <QuizResult quiz={quiz} nextHref={nextHref} tryAgainHref={tryAgainHref} />
      ) : quiz.passed && !retaking ? (
        <QuizPassed quiz={quiz} nextHref={nextHref} tryAgainHref={tryAgainHref} />
      ) : outOfAttempts ? (
        <p data-testid="quiz-no-attempts">
          You have used all your attempts at this quiz{quiz.passed ? "" : " without passing it"}. Please contact the academy if you need another
          try.
        </p>
      ) : (
        <Form method="post" className="space-y-5" data-testid="quiz-form">
          <input type="hidden" name="intent" value="quiz" />
          <div className="space-y-5" dangerouslySetInnerHTML={{ __html: quiz.formHtml }} />
          <button type="submit" className={buttonClasses("primary")} disabled={submitting}>
            {submitting ? "Submitting..." : "Submit answers"}
          </button>
        </Form>
      )}
    </section>
  );
}
