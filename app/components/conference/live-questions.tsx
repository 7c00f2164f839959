import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { useEffect, useState, type ReactNode } from "react";
import { z } from "zod";
import { buttonClasses } from "~/components/ui/button";
import { ErrorList, inputClasses } from "~/components/ui/field";
import { ArrowUp, Check } from "~/components/ui/icons";
import {
  applyQuestionUpdate,
  AskQuestionSchema,
  byVotesThenTime,
  LiveQuestionSchema,
  QUESTION_MAX,
  QUESTION_TEXTS,
  type LiveQuestion,
  type QuestionUpdate,
} from "~/schemas/live-questions";

// The live room's questions (issue 28). Without JavaScript every control is a
// plain form posting to the page it is on (`intent=ask-question`,
// `vote-question`, `answer-question`, `hide-question`). With JavaScript it
// calls /api/conferences/{id}/questions… and takes changes from the room's
// WebSocket (`incoming`), or asks the API every few seconds without one.

export const QUESTIONS_POLL_MS = 5000;
const FAILED = "That did not work. Check your connection and try again.";
const ListSchema = z.object({ questions: z.array(LiveQuestionSchema) });
const CreatedSchema = z.object({ question: LiveQuestionSchema });
const VoteSchema = z.object({ votes: z.number().int(), voted: z.boolean() });
const ErrorBodySchema = z.object({ message: z.string() });

export interface LiveQuestionsProps {
  conferenceId: number;
  initialQuestions: LiveQuestion[];
  /** The latest change the room's WebSocket delivered (a new object each time); without a socket the panel polls. */
  incoming?: QuestionUpdate | null;
  /** The host sees Mark answered and Hide. */
  isHost: boolean;
  /** False once the session has ended: the list stays, nothing can be asked or voted. */
  open: boolean;
  lastResult?: SubmissionResult<string[]> | null;
}

export function LiveQuestions({ conferenceId, initialQuestions, incoming, isHost, open, lastResult }: LiveQuestionsProps) {
  const [questions, setQuestions] = useState(() => [...initialQuestions].sort(byVotesThenTime));
  const [error, setError] = useState<string | null>(null);
  const base = `/api/conferences/${conferenceId}/questions`;

  useEffect(() => setQuestions([...initialQuestions].sort(byVotesThenTime)), [initialQuestions]);
  useEffect(() => {
    if (incoming) setQuestions((current) => applyQuestionUpdate(current, incoming));
  }, [incoming]);

  // Without the room's socket (LiveKit, or before it connects) the list is asked for again now and then.
  const polling = incoming === undefined && open;
  useEffect(() => {
    if (!polling) return;
    const timer = setInterval(() => {
      void fetch(base, { headers: { Accept: "application/json" } })
        .then(async (response) => (response.ok ? ListSchema.safeParse(await response.json()) : null))
        .then((parsed) => parsed?.success && setQuestions(parsed.data.questions))
        .catch(() => undefined);
    }, QUESTIONS_POLL_MS);
    return () => clearInterval(timer);
  }, [polling, base]);

  /** Posts to the API; the answer's body on success, else the refusal is shown and null returned. */
  async function post(url: string, body?: unknown): Promise<unknown> {
    setError(null);
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(body ?? {}),
      });
      const answer: unknown = await response.json().catch(() => null);
      if (response.ok) return answer;
      const reason = ErrorBodySchema.safeParse(answer);
      setError(reason.success ? reason.data.message : `${response.status}: ${response.statusText}`);
    } catch {
      setError(FAILED);
    }
    return null;
  }

  const [form, fields] = useForm({
    id: `live-questions-${conferenceId}`,
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AskQuestionSchema }),
    onSubmit(event, { submission }) {
      event.preventDefault();
      if (submission?.status !== "success") return;
      const target = event.currentTarget;
      void post(base, { text: submission.value.text }).then((answer) => {
        const created = CreatedSchema.safeParse(answer);
        if (!created.success) return;
        target.reset();
        setQuestions((current) => applyQuestionUpdate(current, created.data.question));
      });
    },
  });

  function act(question: LiveQuestion, step: "vote" | "answered" | "hide") {
    void post(`${base}/${question.id}/${step}`).then((answer) => {
      if (answer === null) return;
      if (step === "hide") return setQuestions((current) => applyQuestionUpdate(current, { id: question.id, removed: true }));
      if (step === "answered") {
        const marked = CreatedSchema.safeParse(answer);
        if (marked.success) setQuestions((current) => applyQuestionUpdate(current, { ...marked.data.question, voted: question.voted }));
        return;
      }
      const vote = VoteSchema.safeParse(answer);
      if (vote.success) {
        setQuestions((current) => current.map((item) => (item.id === question.id ? { ...item, ...vote.data } : item)).sort(byVotesThenTime));
      }
    });
  }

  const waiting = questions.filter((question) => !question.answered);
  const answered = questions.filter((question) => question.answered);
  const headingId = `live-questions-heading-${conferenceId}`;
  return (
    <section id="live-questions" className="card flex flex-col gap-3" aria-labelledby={headingId} data-testid="live-questions">
      <h2 id={headingId} className="font-display text-xl">
        {QUESTION_TEXTS.heading}
      </h2>
      {open ? (
        <form method="post" {...getFormProps(form)} className="space-y-1" aria-label="Ask a question">
          <input type="hidden" name="intent" value="ask-question" />
          <input type="hidden" name="conferenceId" value={conferenceId} />
          <label htmlFor={fields.text.id} className="sr-only">
            Your question
          </label>
          <textarea
            {...getTextareaProps(fields.text)}
            rows={2}
            maxLength={QUESTION_MAX}
            placeholder={QUESTION_TEXTS.placeholder}
            className={inputClasses}
          />
          <ErrorList id={fields.text.errorId} errors={fields.text.errors} />
          <button type="submit" className={buttonClasses("primary", undefined, "sm")}>
            Ask
          </button>
        </form>
      ) : null}
      {[...(form.errors ?? []), ...(error ? [error] : [])].map((message) => (
        <p key={message} role="alert" className="text-sm text-red-300" data-testid="live-questions-error">
          {message}
        </p>
      ))}
      {waiting.length === 0 && answered.length === 0 ? <p className="text-sm opacity-75">{QUESTION_TEXTS.empty}</p> : null}
      <QuestionList conferenceId={conferenceId} questions={waiting} label="Open questions" isHost={isHost} open={open} onAct={act} />
      {answered.length ? (
        <>
          <h3 className="font-display text-lg">{QUESTION_TEXTS.answeredHeading}</h3>
          <QuestionList conferenceId={conferenceId} questions={answered} label="Answered questions" isHost={isHost} open={open} onAct={act} />
        </>
      ) : null}
    </section>
  );
}

function QuestionList({
  conferenceId,
  questions,
  label,
  isHost,
  open,
  onAct,
}: {
  conferenceId: number;
  questions: LiveQuestion[];
  label: string;
  isHost: boolean;
  open: boolean;
  onAct: (question: LiveQuestion, step: "vote" | "answered" | "hide") => void;
}) {
  if (questions.length === 0) return null;
  return (
    <ol className="space-y-2" aria-label={label}>
      {questions.map((question) => (
        <li key={question.id} className="flex gap-3 rounded-md border border-primary/30 p-3" data-testid="live-question">
          <QuestionControl
            conferenceId={conferenceId}
            question={question}
            step="vote"
            disabled={!open}
            onAct={onAct}
            className={buttonClasses(question.voted ? "primary" : "outline", "h-auto flex-col gap-0 px-2 py-1", "sm")}
          >
            <ArrowUp className="h-4 w-4" aria-hidden />
            <span data-testid="question-votes" aria-hidden>
              {question.votes}
            </span>
            <span className="sr-only">
              {question.voted ? "Remove your vote" : "Upvote"} ({question.votes} {question.votes === 1 ? "vote" : "votes"})
            </span>
          </QuestionControl>
          <div className="min-w-0 flex-1">
            {/* Plain text: React escapes it; nothing here is ever read as HTML. */}
            <p className="whitespace-pre-wrap break-words">{question.text}</p>
            <p className="text-xs opacity-70">
              {question.authorName}
              {question.answered ? (
                <span className="ml-2 inline-flex items-center gap-1 text-accent">
                  <Check className="h-3 w-3" aria-hidden /> Answered
                </span>
              ) : null}
            </p>
            {isHost && open ? (
              <div className="mt-2 flex flex-wrap gap-2">
                {question.answered ? null : (
                  <QuestionControl conferenceId={conferenceId} question={question} step="answered" onAct={onAct} className={buttonClasses("outline", undefined, "sm")}>
                    Mark answered
                  </QuestionControl>
                )}
                <QuestionControl conferenceId={conferenceId} question={question} step="hide" onAct={onAct} className={buttonClasses("ghost", undefined, "sm")}>
                  Hide
                </QuestionControl>
              </div>
            ) : null}
          </div>
        </li>
      ))}
    </ol>
  );
}

const INTENTS = { vote: "vote-question", answered: "answer-question", hide: "hide-question" } as const;

/** A button in its own plain form (JavaScript off); with JavaScript the click goes to the API instead. */
function QuestionControl({
  conferenceId,
  question,
  step,
  disabled,
  onAct,
  className,
  children,
}: {
  conferenceId: number;
  question: LiveQuestion;
  step: "vote" | "answered" | "hide";
  disabled?: boolean;
  className: string;
  onAct: (question: LiveQuestion, step: "vote" | "answered" | "hide") => void;
  children: ReactNode;
}) {
  return (
    <form
      method="post"
      onSubmit={(event) => {
        event.preventDefault();
        onAct(question, step);
      }}
    >
      <input type="hidden" name="intent" value={INTENTS[step]} />
      <input type="hidden" name="questionId" value={question.id} />
      <input type="hidden" name="conferenceId" value={conferenceId} />
      <button type="submit" disabled={disabled} aria-pressed={step === "vote" ? question.voted : undefined} className={className}>
        {children}
      </button>
    </form>
  );
}
