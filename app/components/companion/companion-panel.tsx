import { useLocation } from "@remix-run/react";
import { BookOpen, Library, Send, Sparkles, Square, Trash2, X } from "~/components/ui/icons";
import { useEffect, useRef, type KeyboardEvent, type RefObject } from "react";
import type { CompanionScope } from "~/components/companion/companion-store";
import { CHAT_MESSAGE_MAX, type CompanionStatus } from "~/schemas/companion";
import { MessageList } from "~/components/companion/message-list";
import type { useConversation } from "~/components/companion/use-conversation";
import { AppLink } from "~/components/ui/app-link";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/utils/misc";

export const COMPANION_PANEL_ID = "companion-panel";

function ModeBadge({ status }: { status: CompanionStatus | null }) {
  if (!status) return null;
  const offline = status.mode === "offline";
  return (
    <p
      className="mt-1 inline-flex items-center gap-1 rounded-full border border-primary/40 bg-primary/10 px-2 py-0.5 text-[11px] leading-tight"
      data-testid="companion-mode"
      title={offline ? undefined : (status.model ?? undefined)}
    >
      {offline ? <Library className="h-3 w-3 shrink-0" aria-hidden /> : <Sparkles className="h-3 w-3 shrink-0 text-accent" aria-hidden />}
      {offline ? "Answers from the course library (no AI model)" : "AI companion"}
    </p>
  );
}

function SignInAgain() {
  const location = useLocation();
  return (
    <AppLink to={`/login?redirect=${encodeURIComponent(`${location.pathname}${location.search}`)}`} className="ml-1 underline">
      Log in again
    </AppLink>
  );
}

/**
 * The study companion's panel: a sheet over the whole screen on phones, a
 * card above the floating button from the `sm` breakpoint. Without
 * JavaScript it only explains that it needs JavaScript.
 */
export function CompanionPanel({
  open,
  hydrated,
  scope,
  conversation,
  inputRef,
  closeHref,
  onClose,
  onClearScope,
  onFollow,
}: {
  open: boolean;
  hydrated: boolean;
  scope: CompanionScope | null;
  conversation: ReturnType<typeof useConversation>;
  inputRef: RefObject<HTMLTextAreaElement>;
  /** Where the close control leads without JavaScript. */
  closeHref: string;
  onClose: () => void;
  onClearScope: () => void;
  onFollow: () => void;
}) {
  const { messages, draft, setDraft, pending, notice, status, historyFailed, suggestions, send, stop, clear } = conversation;

  // The input is disabled while an answer is pending; give it focus back afterwards.
  const wasPending = useRef(pending);
  useEffect(() => {
    const panel = inputRef.current?.closest(`#${COMPANION_PANEL_ID}`);
    const focusWasInPanel = document.activeElement === document.body || (panel?.contains(document.activeElement) ?? false);
    if (wasPending.current && !pending && open && focusWasInPanel) inputRef.current?.focus();
    wasPending.current = pending;
  }, [pending, open, inputRef]);

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends; Shift+Enter (and Enter while composing text in an IME) makes a new line.
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  }

  return (
    <section
      id={COMPANION_PANEL_ID}
      role="dialog"
      aria-modal="false"
      aria-labelledby="companion-title"
      className={cn(
        open ? "flex" : "hidden",
        "fixed inset-0 z-40 flex-col bg-background text-foreground",
        "sm:inset-auto sm:bottom-24 sm:right-6 sm:h-[min(40rem,calc(100vh-8rem))] sm:w-[26rem] sm:rounded-xl sm:border sm:border-primary/40 sm:shadow-2xl",
      )}
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <header className="border-b border-primary/25 px-4 py-3">
        <div className="flex items-center gap-2">
          <Sparkles className="h-5 w-5 shrink-0 text-accent" aria-hidden />
          <h2 id="companion-title" className="flex-1 font-display text-lg">
            Study companion
          </h2>
          {hydrated ? (
            <button type="button" onClick={onClose} aria-label="Close study companion" className={buttonClasses("ghost", undefined, "icon")}>
              <X className="h-5 w-5" aria-hidden />
            </button>
          ) : (
            <a href={closeHref} aria-label="Close study companion" className={buttonClasses("ghost", undefined, "icon")}>
              <X className="h-5 w-5" aria-hidden />
            </a>
          )}
        </div>
        <ModeBadge status={status} />
        {hydrated ? (
          <div className="mt-1 flex items-center justify-between gap-2">
            <p className="text-[11px] opacity-70" data-testid="companion-usage">
              {status ? `${status.usedToday} of ${status.dailyLimit} questions today` : null}
            </p>
            <button
              type="button"
              onClick={() => void clear()}
              disabled={pending || messages.length === 0}
              className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs opacity-80 transition hover:bg-primary/15 hover:opacity-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-accent disabled:cursor-not-allowed disabled:opacity-40"
            >
              <Trash2 className="h-3.5 w-3.5" aria-hidden /> Clear conversation
            </button>
          </div>
        ) : null}
      </header>

      {hydrated ? (
        <>
          {scope ? (
            <div className="flex items-center gap-2 border-b border-primary/20 bg-primary/10 px-4 py-2 text-xs" data-testid="companion-scope">
              <BookOpen className="h-4 w-4 shrink-0 text-accent" aria-hidden />
              <p className="min-w-0 flex-1 truncate">
                <span className="opacity-75">Asking about </span>
                <span className="font-medium">{scope.lessonTitle}</span>
              </p>
              <button type="button" onClick={onClearScope} className="shrink-0 underline opacity-80 hover:opacity-100">
                Ask about anything
              </button>
            </div>
          ) : null}

          <MessageList
            messages={messages}
            pending={pending}
            historyFailed={historyFailed}
            onFollow={onFollow}
            after={
              scope && suggestions.length > 0 && !pending ? (
                <div>
                  <p className="mb-1 text-xs opacity-75">Suggested questions</p>
                  <ul className="flex flex-col gap-1" aria-label="Suggested questions">
                    {suggestions.map((question) => (
                      <li key={question}>
                        <button
                          type="button"
                          onClick={() => void send(question)}
                          className="w-full rounded-md border border-primary/30 px-2 py-1 text-left text-xs transition hover:border-primary/60 hover:bg-primary/10"
                        >
                          {question}
                        </button>
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null
            }
          />

          {notice ? (
            <p role="alert" className="mx-4 mb-1 mt-2 rounded-md border border-red-500/60 bg-red-950/60 px-3 py-2 text-xs" data-testid="companion-error">
              {notice.message}
              {notice.signIn ? <SignInAgain /> : null}
            </p>
          ) : null}

          <form
            className="border-t border-primary/25 p-3"
            onSubmit={(event) => {
              event.preventDefault();
              void send();
            }}
          >
            <label htmlFor="companion-input" className="sr-only">
              Ask the study companion
            </label>
            <div className="flex items-end gap-2">
              <textarea
                ref={inputRef}
                id="companion-input"
                rows={2}
                value={draft}
                maxLength={CHAT_MESSAGE_MAX}
                disabled={pending}
                onChange={(event) => setDraft(event.target.value)}
                onKeyDown={onKeyDown}
                placeholder={scope ? "Ask about this lesson…" : "Ask a question about your studies…"}
                className="max-h-40 min-h-[2.75rem] flex-1 resize-none rounded-md border border-primary/40 bg-black/30 px-3 py-2 text-sm placeholder:opacity-60 focus:border-accent focus:outline-none disabled:opacity-60"
              />
              {pending ? (
                <button type="button" onClick={stop} className={buttonClasses("outline", undefined, "sm")}>
                  <Square className="h-4 w-4" aria-hidden /> Stop
                </button>
              ) : (
                <button type="submit" className={buttonClasses("primary", undefined, "sm")} disabled={draft.trim() === ""}>
                  <Send className="h-4 w-4" aria-hidden /> Send
                </button>
              )}
            </div>
            <p className="mt-1 text-[11px] opacity-60">Enter sends · Shift+Enter for a new line</p>
          </form>
        </>
      ) : (
        <div className="flex-1 space-y-3 p-4 text-sm">
          <p>The study companion needs JavaScript to answer questions.</p>
          <p className="opacity-80">
            Meanwhile you can search the <a href="/knowledge-base" className="underline">knowledge base</a> or ask in the{" "}
            <a href="/community" className="underline">community forum</a>.
          </p>
        </div>
      )}
    </section>
  );
}
