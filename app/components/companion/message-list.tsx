import { useNavigate } from "@remix-run/react";
import { Loader2, Sparkles } from "~/components/ui/icons";
import { useEffect, useRef, type MouseEvent, type ReactNode } from "react";
import { SourceCards } from "~/components/companion/source-cards";
import type { CompanionMessage } from "~/components/companion/use-conversation";

/**
 * Follows same-origin links inside a server-rendered answer (its [n]
 * citations) as client-side navigations, so the conversation stays open.
 */
function useFollowLinksInPlace(onFollow: () => void) {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (!(event.target instanceof Element)) return;
    const link = event.target.closest("a");
    if (!link || (link.target && link.target !== "_self")) return;
    const url = new URL(link.href, window.location.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    onFollow();
    navigate(`${url.pathname}${url.search}${url.hash}`);
  };
}

function Answer({ message, onFollow }: { message: CompanionMessage; onFollow: () => void }) {
  const followInPlace = useFollowLinksInPlace(onFollow);
  const thinking = message.state === "streaming" && message.content === "";
  return (
    <div className="max-w-[92%] rounded-xl rounded-bl-sm border border-primary/25 bg-black/30 px-3 py-2 text-sm" data-testid="companion-answer">
      {thinking ? (
        <p className="flex items-center gap-2 opacity-80" data-testid="companion-thinking">
          <Loader2 className="h-4 w-4 animate-spin motion-reduce:animate-none" aria-hidden /> Thinking…
        </p>
      ) : message.html ? (
        // Rendered and sanitised on the server; its links are citations and source links.
        <div
          className="prose-academy [&_a[data-citation]]:font-semibold [&_a[data-citation]]:no-underline [&_blockquote]:my-2 [&_blockquote]:border-l-2 [&_blockquote]:border-accent/60 [&_blockquote]:pl-3 [&_blockquote_p]:my-1 [&_p:first-child]:mt-0 [&_p:last-child]:mb-0"
          onClick={followInPlace}
          dangerouslySetInnerHTML={{ __html: message.html }}
        />
      ) : (
        <p className="whitespace-pre-wrap leading-relaxed">{message.content}</p>
      )}
      {message.state === "stopped" ? <p className="mt-1 text-xs italic opacity-70">Stopped.</p> : null}
      {message.state === "interrupted" ? <p className="mt-1 text-xs italic text-red-300">This answer was cut short.</p> : null}
      {message.notice ? (
        <p className="mt-2 rounded-md border border-amber-400/40 bg-amber-500/10 px-2 py-1 text-xs" data-testid="companion-notice">
          {message.notice}
        </p>
      ) : null}
      <SourceCards sources={message.sources} onFollow={onFollow} />
    </div>
  );
}

/**
 * The conversation, in a polite live region: screen readers hear each new
 * message once it is complete (aria-busy holds them back while an answer streams).
 */
export function MessageList({
  messages,
  pending,
  historyFailed,
  onFollow,
  after,
}: {
  messages: CompanionMessage[];
  pending: boolean;
  historyFailed: boolean;
  /** Called when a link in an answer is followed (the panel may close on small screens). */
  onFollow: () => void;
  /** Shown after the last message (the lesson's suggested questions). */
  after?: ReactNode;
}) {
  const endRef = useRef<HTMLDivElement>(null);
  const last = messages.at(-1);
  const lastLength = last ? last.content.length + (last.html?.length ?? 0) : 0;
  useEffect(() => {
    endRef.current?.scrollIntoView({ block: "end" });
  }, [messages.length, lastLength]);

  return (
    <div
      className="flex-1 space-y-3 overflow-y-auto px-4 py-3"
      aria-live="polite"
      aria-busy={pending}
      aria-label="Conversation"
      role="log"
      data-testid="companion-messages"
    >
      {historyFailed ? <p className="text-xs opacity-70">Earlier messages could not be loaded.</p> : null}
      {messages.length === 0 ? (
        <div className="flex flex-col items-center gap-2 py-8 text-center text-sm opacity-80">
          <Sparkles className="h-6 w-6 text-accent" aria-hidden />
          <p>Ask about anything in your courses and the knowledge base. Answers point to the lessons and articles they come from.</p>
        </div>
      ) : null}
      {messages.map((message) =>
        message.role === "user" ? (
          <div key={message.key} className="flex justify-end">
            <p className="max-w-[85%] whitespace-pre-wrap rounded-xl rounded-br-sm bg-primary/30 px-3 py-2 text-sm">
              <span className="sr-only">You: </span>
              <span data-testid="companion-question">{message.content}</span>
            </p>
          </div>
        ) : (
          <div key={message.key} className="flex">
            <span className="sr-only">Companion: </span>
            <Answer message={message} onFollow={onFollow} />
          </div>
        ),
      )}
      {after}
      <div ref={endRef} />
    </div>
  );
}
