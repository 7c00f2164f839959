import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Send } from "~/components/ui/icons";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { z } from "zod";
import { ErrorList, inputClasses } from "~/components/ui/field";
import { buttonClasses } from "~/components/ui/button";
import { CHAT_MESSAGE_MAX, CHAT_TEXTS, ChatMessageSchema, LiveChatMessageSchema, type LiveChatMessage } from "~/schemas/live-chat";
import { isTimeZone } from "~/utils/time-zone";
import { cn } from "~/utils/misc";

// The live room's chat panel (spec §2 'Live Chat'). Without JavaScript it is a
// plain form posting `intent=chat` to the page it is on, and a list the server
// rendered. With JavaScript it posts to /api/conferences/{id}/messages and
// shows messages as they come: from the room's WebSocket when the room passes
// them in `incoming`, else by asking the API every few seconds.

export const CHAT_POLL_MS = 3000;
export const CHAT_CLOSED = "The session has ended; the chat is closed.";
const SEND_FAILED = "The message could not be sent. Check your connection and try again.";

const useIsomorphicLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

const MessageListSchema = z.array(LiveChatMessageSchema);
const ErrorBodySchema = z.object({ message: z.string() });

/** Adds the messages not yet known (by id), oldest first; the same array when nothing is new. */
function mergeMessages(current: LiveChatMessage[], more: readonly LiveChatMessage[], conferenceId: number): LiveChatMessage[] {
  const known = new Set(current.map((message) => message.id));
  const fresh = more.filter((message) => message.conferenceId === conferenceId && !known.has(message.id));
  if (fresh.length === 0) return current;
  return [...current, ...fresh].sort((a, b) => a.id - b.id);
}

function formatTime(value: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone }).format(new Date(value));
}

/** The server shows times in the zone it knows; once hydrated, the browser's own zone. */
function useViewerTimeZone(serverTimeZone: string): string {
  const [zone, setZone] = useState(serverTimeZone);
  useEffect(() => {
    const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (isTimeZone(own)) setZone(own);
  }, []);
  return zone;
}

interface PendingMessage {
  key: number;
  message: string;
}

export interface LiveChatProps {
  conferenceId: number;
  /** The history the page's loader read (listMessages). */
  initialMessages: LiveChatMessage[];
  /** Messages the room's WebSocket delivered; without it the panel polls the API. */
  incoming?: LiveChatMessage[];
  /** False once the session has ended: the history stays, the input is disabled. */
  open: boolean;
  /** The page action's answer to the plain form (JavaScript off). */
  lastResult?: SubmissionResult<string[]> | null;
  /** The zone the server renders times in before the browser knows its own. */
  timeZone?: string;
}

export function LiveChat({ conferenceId, initialMessages, incoming, open, lastResult, timeZone = "UTC" }: LiveChatProps) {
  const [messages, setMessages] = useState(() => mergeMessages([], initialMessages, conferenceId));
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [sendError, setSendError] = useState<string | null>(null);
  const [closedHere, setClosedHere] = useState(false);
  // What the input holds, known once hydrated (null before: the plain form sends whatever is typed).
  const [draft, setDraft] = useState<string | null>(null);
  const zone = useViewerTimeZone(timeZone);
  const inputRef = useRef<HTMLInputElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const nextKey = useRef(1);
  const lastId = useRef(0);
  lastId.current = messages.at(-1)?.id ?? 0;
  const isOpen = open && !closedHere;
  useEffect(() => setDraft(inputRef.current?.value ?? ""), []);

  // A reloaded history (the page revalidated) and live deliveries both merge in.
  useEffect(() => setMessages((current) => mergeMessages(current, initialMessages, conferenceId)), [initialMessages, conferenceId]);
  useEffect(() => {
    if (incoming) setMessages((current) => mergeMessages(current, incoming, conferenceId));
  }, [incoming, conferenceId]);

  // On its own (no WebSocket feeding `incoming`), ask for what came since the newest message.
  const polling = incoming === undefined && isOpen;
  useEffect(() => {
    if (!polling) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    async function poll() {
      try {
        const response = await fetch(`/api/conferences/${conferenceId}/messages?after=${lastId.current}`, {
          signal: controller.signal,
          headers: { Accept: "application/json" },
        });
        if (response.ok) {
          const fresh = MessageListSchema.safeParse(await response.json());
          if (fresh.success) setMessages((current) => mergeMessages(current, fresh.data, conferenceId));
        } else if (response.status === 401 || response.status === 403 || response.status === 404) {
          return; // Signed out or no longer allowed: asking again will not change that.
        }
      } catch {
        if (controller.signal.aborted) return;
        // A network hiccup: the next round tries again.
      }
      timer = setTimeout(() => void poll(), CHAT_POLL_MS);
    }
    timer = setTimeout(() => void poll(), CHAT_POLL_MS);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [polling, conferenceId]);

  // Keep the newest message in view. The list is laid out bottom-up, so the
  // server-rendered page opens at the newest message without JavaScript too.
  useIsomorphicLayoutEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages, pending]);

  const [form, fields] = useForm({
    id: `live-chat-${conferenceId}`,
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ChatMessageSchema }),
    onSubmit(event, { submission }) {
      event.preventDefault();
      if (submission?.status === "success") void send(submission.value.message);
    },
  });

  async function send(message: string) {
    const key = nextKey.current++;
    setPending((current) => [...current, { key, message }]);
    setSendError(null);
    setDraft("");
    if (inputRef.current) inputRef.current.value = "";
    try {
      const response = await fetch(`/api/conferences/${conferenceId}/messages`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ message }),
      });
      const body: unknown = await response.json().catch(() => null);
      const sent = response.status === 201 ? LiveChatMessageSchema.safeParse(body) : null;
      if (sent?.success) {
        setMessages((current) => mergeMessages(current, [sent.data], conferenceId));
        return;
      }
      const reason = ErrorBodySchema.safeParse(body);
      setSendError(reason.success ? reason.data.message : `${response.status}: ${response.statusText}`);
      if (response.status === 409) setClosedHere(true);
      else restoreDraft(message);
    } catch {
      setSendError(SEND_FAILED);
      restoreDraft(message);
    } finally {
      setPending((current) => current.filter((item) => item.key !== key));
    }
  }

  /** A refused message comes back into the input (unless something new was typed), so it can be sent again. */
  function restoreDraft(message: string) {
    const input = inputRef.current;
    if (!input || input.value !== "") return;
    input.value = message;
    setDraft(message);
  }

  const errors = [...(form.errors ?? []), ...(sendError ? [sendError] : [])];
  const empty = messages.length === 0 && pending.length === 0;
  const headingId = `live-chat-heading-${conferenceId}`;

  return (
    <section id="live-chat" className="card flex flex-col gap-3" aria-labelledby={headingId} data-testid="live-chat">
      <h2 id={headingId} className="font-display text-xl">
        {CHAT_TEXTS.heading}
      </h2>
      <div ref={logRef} role="log" aria-label="Chat messages" className="flex h-80 flex-col-reverse overflow-y-auto rounded-md border border-primary/30 p-3">
        {empty ? (
          <p className="m-auto text-center text-sm opacity-75">{CHAT_TEXTS.empty}</p>
        ) : (
          <ol className="space-y-3">
            {messages.map((message) => (
              <li key={message.id} data-testid="chat-message" className="text-sm">
                <p className="flex flex-wrap items-baseline gap-2">
                  <span className="font-semibold">{message.authorName}</span>
                  {message.isHost ? (
                    <span className="rounded-full bg-accent/20 px-2 py-0.5 text-xs font-semibold text-accent">Host</span>
                  ) : null}
                  <time dateTime={message.createdAt} className="text-xs opacity-60">
                    {formatTime(message.createdAt, zone)}
                  </time>
                </p>
                {/* Plain text: React escapes it; nothing here is ever read as HTML. */}
                <p className="whitespace-pre-wrap break-words">{message.message}</p>
              </li>
            ))}
            {pending.map((item) => (
              <li key={`pending-${item.key}`} data-testid="chat-message-pending" className="text-sm opacity-60">
                <p className="text-xs">Sending...</p>
                <p className="whitespace-pre-wrap break-words">{item.message}</p>
              </li>
            ))}
          </ol>
        )}
      </div>
      {isOpen ? null : <p className="text-sm opacity-80">{CHAT_CLOSED}</p>}
      <form method="post" {...getFormProps(form)} className="space-y-1" aria-label="Send a chat message">
        <input type="hidden" name="intent" value="chat" />
        <input type="hidden" name="conferenceId" value={conferenceId} />
        <div className="flex gap-2">
          <label htmlFor={fields.message.id} className="sr-only">
            Message
          </label>
          <input
            {...getInputProps(fields.message, { type: "text" })}
            ref={inputRef}
            placeholder={CHAT_TEXTS.placeholder}
            maxLength={CHAT_MESSAGE_MAX}
            autoComplete="off"
            disabled={!isOpen}
            className={cn(inputClasses, "flex-1")}
            onChange={(event) => setDraft(event.currentTarget.value)}
          />
          <button
            type="submit"
            className={buttonClasses("primary")}
            // Spec: an empty or whitespace-only message is not sent (the button waits for text once JavaScript runs).
            disabled={!isOpen || (draft !== null && draft.trim() === "")}
          >
            <Send className="h-4 w-4" aria-hidden /> Send
          </button>
        </div>
        <ErrorList id={fields.message.errorId} errors={fields.message.errors} />
        {errors.length ? (
          <ul role="alert" className="space-y-0.5 text-sm text-red-300" data-testid="live-chat-error">
            {errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        ) : null}
      </form>
    </section>
  );
}

/** One line for visitors without JavaScript: the room's media needs it, its chat does not. */
export function ChatWithoutJavaScriptNote() {
  const hydrated = useHydrated();
  if (hydrated) return null;
  return (
    <p className="rounded-md border border-primary/30 px-3 py-2 text-sm opacity-85" data-testid="room-no-js-note">
      Video needs JavaScript; the chat works without it.
    </p>
  );
}
