import { useCallback, useEffect, useRef, useState } from "react";
import type { ZodType } from "zod";
import type { CompanionScope } from "~/components/companion/companion-store";
import { ChatError, streamChat } from "~/components/companion/stream-chat";
import { showToast } from "~/components/toaster";
import {
  CHAT_HISTORY_SENT,
  CHAT_MESSAGE_MAX,
  ChatErrorSchema,
  ChatHistorySchema,
  ChatSuggestionsSchema,
  CompanionStatusSchema,
  type ChatSource,
  type ChatTurn,
  type CompanionMode,
  type CompanionStatus,
} from "~/schemas/companion";

export interface CompanionMessage {
  /** Stable React key: the server's id for loaded turns, a local one for new ones. */
  key: string;
  role: "user" | "assistant";
  /** Plain text: the question, or the answer as it streams in. */
  content: string;
  /** The server's sanitised rendering of a finished answer. */
  html: string | null;
  sources: ChatSource[];
  state: "streaming" | "done" | "stopped" | "interrupted";
  /** A note from the server about this answer (e.g. it fell back to the course library). */
  notice: string | null;
}

/** A reason the last question was not answered, shown above the input (the server's own words). */
export interface PanelNotice {
  message: string;
  signIn: boolean;
}

/** Spec §8: every chat failure that is not the server's own refusal. */
export function showConnectionIssue() {
  showToast({ type: "error", title: "Connection Issue", description: "Unable to reach your study companion. Please try again." });
}

let localKey = 0;
const nextKey = () => `local-${++localKey}`;

async function getJson<T>(path: string, schema: ZodType<T>): Promise<T | null> {
  try {
    const response = await fetch(path, { credentials: "same-origin", headers: { Accept: "application/json" } });
    if (!response.ok) return null;
    const parsed = schema.safeParse(await response.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The conversation behind the floating panel. It lives in the widget, which
 * stays mounted across page navigations, so closing the panel or following a
 * citation keeps the conversation (and any answer still streaming).
 */
export function useConversation({ open, scope }: { open: boolean; scope: CompanionScope | null }) {
  const [messages, setMessages] = useState<CompanionMessage[]>([]);
  const [draft, setDraft] = useState("");
  const [pending, setPending] = useState(false);
  const [notice, setNotice] = useState<PanelNotice | null>(null);
  const [status, setStatus] = useState<CompanionStatus | null>(null);
  const [history, setHistory] = useState<"idle" | "loading" | "loaded" | "failed">("idle");
  const [suggestions, setSuggestions] = useState<{ lessonId: number; questions: string[] } | null>(null);

  const messagesRef = useRef(messages);
  messagesRef.current = messages;
  const pendingRef = useRef(false);
  const controllerRef = useRef<AbortController | null>(null);

  // The earlier conversation and the mode badge load when the panel first opens.
  useEffect(() => {
    if (!open || history !== "idle") return;
    setHistory("loading");
    void getJson("/api/chat/history", ChatHistorySchema).then((loaded) => {
      if (!loaded) {
        setHistory("failed");
        return;
      }
      const earlier = loaded.messages.map(
        (turn): CompanionMessage => ({
          key: `saved-${turn.id}`,
          role: turn.role,
          content: turn.content,
          html: turn.html,
          sources: turn.sources,
          state: "done",
          notice: null,
        }),
      );
      // Anything asked while the history was loading stays after it.
      setMessages((current) => [...earlier, ...current]);
      setHistory("loaded");
    });
    void getJson("/api/chat/status", CompanionStatusSchema).then((loaded) => {
      if (loaded) setStatus(loaded);
    });
  }, [open, history]);

  const lessonId = scope?.lessonId ?? null;
  useEffect(() => {
    if (!open || lessonId === null || suggestions?.lessonId === lessonId) return;
    let current = true;
    void getJson(`/api/chat/suggestions?lessonId=${lessonId}`, ChatSuggestionsSchema).then((loaded) => {
      if (current) setSuggestions({ lessonId, questions: loaded?.questions.slice(0, 3) ?? [] });
    });
    return () => {
      current = false;
    };
  }, [open, lessonId, suggestions?.lessonId]);

  const patchMessage = useCallback((key: string, patch: (message: CompanionMessage) => Partial<CompanionMessage>) => {
    setMessages((current) => current.map((message) => (message.key === key ? { ...message, ...patch(message) } : message)));
  }, []);

  const setMode = useCallback((mode: CompanionMode) => {
    setStatus((current) => (current ? { ...current, mode } : current));
  }, []);

  /** Sends a question (the draft unless one is given). Empty or whitespace-only text, or a second question while one is pending, is not sent. */
  const send = useCallback(
    async (text?: string) => {
      const fromDraft = text === undefined;
      const message = (text ?? draft).trim();
      if (!message || pendingRef.current) return;
      if (message.length > CHAT_MESSAGE_MAX) {
        setNotice({ message: `Please keep your question under ${CHAT_MESSAGE_MAX} characters.`, signIn: false });
        return;
      }
      const conversationHistory: ChatTurn[] = messagesRef.current
        .filter((turn) => turn.content.trim() !== "")
        .slice(-CHAT_HISTORY_SENT)
        .map(({ role, content }) => ({ role, content }));
      const question: CompanionMessage = { key: nextKey(), role: "user", content: message, html: null, sources: [], state: "done", notice: null };
      const answerKey = nextKey();
      const answer: CompanionMessage = { key: answerKey, role: "assistant", content: "", html: null, sources: [], state: "streaming", notice: null };

      pendingRef.current = true;
      setPending(true);
      setNotice(null);
      if (fromDraft) setDraft("");
      setMessages((current) => [...current, question, answer]);
      const controller = new AbortController();
      controllerRef.current = controller;
      let received = "";

      try {
        const outcome = await streamChat(
          {
            message,
            context: {
              ...(scope ? { courseTitle: scope.courseTitle, lessonTitle: scope.lessonTitle, lessonId: scope.lessonId } : {}),
              conversationHistory,
            },
          },
          {
            signal: controller.signal,
            onSources: (sources, mode) => {
              patchMessage(answerKey, () => ({ sources }));
              setMode(mode);
            },
            onDelta: (delta) => {
              received += delta;
              patchMessage(answerKey, (current) => ({ content: current.content + delta }));
            },
          },
        );
        if (outcome.kind === "aborted") {
          patchMessage(answerKey, () => ({ state: "stopped" }));
        } else {
          const { response, html, sources, mode, notice: answerNotice } = outcome.answer;
          patchMessage(answerKey, () => ({ content: response, html, sources, state: "done", notice: answerNotice ?? null }));
          setStatus((current) => (current ? { ...current, mode, usedToday: current.usedToday + 1 } : current));
        }
      } catch (error) {
        const reason = error instanceof ChatError ? error : new ChatError("unreachable", "");
        if (received.trim()) {
          // Keep what arrived, marked as cut short.
          patchMessage(answerKey, () => ({ state: "interrupted", notice: reason.kind === "refused" ? reason.message : null }));
        } else {
          // Nothing was answered: take the question back so it can be sent again.
          setMessages((current) => current.filter((turn) => turn.key !== question.key && turn.key !== answerKey));
          if (fromDraft) setDraft((current) => current || message);
        }
        if (reason.kind === "refused") setNotice({ message: reason.message, signIn: reason.status === 401 });
        else showConnectionIssue();
      } finally {
        controllerRef.current = null;
        pendingRef.current = false;
        setPending(false);
      }
    },
    [draft, scope, patchMessage, setMode],
  );

  const stop = useCallback(() => controllerRef.current?.abort(), []);

  const clear = useCallback(async () => {
    if (pendingRef.current) return;
    try {
      const response = await fetch("/api/chat/history", { method: "DELETE", credentials: "same-origin", headers: { Accept: "application/json" } });
      if (response.status >= 500) throw new Error(String(response.status));
      if (!response.ok) {
        const body = ChatErrorSchema.safeParse(await response.json().catch(() => null));
        setNotice({ message: body.success ? body.data.message : "The conversation could not be cleared.", signIn: response.status === 401 });
        return;
      }
      setMessages([]);
      setNotice(null);
    } catch {
      showConnectionIssue();
    }
  }, []);

  return {
    messages,
    draft,
    setDraft,
    pending,
    notice,
    status,
    historyFailed: history === "failed",
    suggestions: lessonId !== null && suggestions?.lessonId === lessonId ? suggestions.questions : [],
    send,
    stop,
    clear,
  };
}
