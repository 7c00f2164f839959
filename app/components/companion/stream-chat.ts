import type { ZodType } from "zod";
import { ChatAnswerSchema, ChatErrorSchema, ChatStreamEventSchemas, type ChatAnswer, type ChatRequestBody, type ChatSource, type CompanionMode } from "~/schemas/companion";

// The browser's side of POST /api/chat. EventSource cannot POST, so the
// Server-Sent Events are read from an XMLHttpRequest's growing response text
// (see `postChat` for why not a fetch body); a server that answers with plain
// JSON instead is understood too. Every payload is parsed with the contract's
// schemas (app/schemas/companion.ts): the server's reply is input.

export interface StreamHandlers {
  onSources?: (sources: ChatSource[], mode: CompanionMode) => void;
  onDelta?: (text: string) => void;
}

export type StreamOutcome = { kind: "done"; answer: ChatAnswer } | { kind: "aborted" };

/**
 * Why a question got no answer:
 * - `refused`: the server said no with a reason to show (400, 401, 403, 429);
 * - `unreachable`: network failure, 5xx, an error event inside the stream, or a
 *   reply that is not what the contract promises (the spec's "Connection Issue").
 */
export class ChatError extends Error {
  constructor(
    readonly kind: "refused" | "unreachable",
    message: string,
    readonly status: number | null = null,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = "ChatError";
  }
}

const UNREACHABLE = "Unable to reach your study companion. Please try again.";

interface Reply {
  status: number;
  header: (name: string) => string | null;
  text: string;
}

function errorMessage(reply: Reply): string | null {
  let body: unknown = null;
  try {
    body = JSON.parse(reply.text);
  } catch {
    // Not JSON: no message to show.
  }
  const parsed = ChatErrorSchema.safeParse(body);
  return parsed.success ? parsed.data.message : null;
}

function retryAfter(reply: Reply): number | null {
  const value = Number(reply.header("Retry-After"));
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** Reads one JSON payload; a payload that breaks the contract counts as an unreachable server. */
function parsePayload<T>(schema: ZodType<T>, data: string): T {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    throw new ChatError("unreachable", UNREACHABLE);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ChatError("unreachable", UNREACHABLE);
  return parsed.data;
}

export interface ServerSentEvent {
  event: string;
  data: string;
}

/**
 * Splits a text/event-stream into events as its text arrives (the WHATWG
 * parsing rules that matter here: `event:` and `data:` fields, multi-line
 * data, comments, CRLF or LF line ends, text that ends mid-line).
 */
export class EventStreamSplitter {
  private buffer = "";
  private event = "";
  private data: string[] = [];

  /** The events completed by this piece of text. */
  push(text: string): ServerSentEvent[] {
    this.buffer += text;
    // A piece may end between the \r and \n of one line end: keep the \r for the next piece.
    const held = this.buffer.endsWith("\r") ? "\r" : "";
    const lines = (held ? this.buffer.slice(0, -1) : this.buffer).split(/\r\n|\r|\n/);
    this.buffer = (lines.pop() ?? "") + held;
    return this.take(lines);
  }

  /** The events left when the stream ends: its last line is complete then. */
  end(): ServerSentEvent[] {
    const lines = this.buffer.split(/\r\n|\r|\n/);
    this.buffer = "";
    return this.take(lines);
  }

  private take(lines: string[]): ServerSentEvent[] {
    const events: ServerSentEvent[] = [];
    for (const line of lines) {
      if (line === "") {
        if (this.data.length > 0) events.push({ event: this.event || "message", data: this.data.join("\n") });
        this.event = "";
        this.data = [];
        continue;
      }
      if (line.startsWith(":")) continue;
      const colon = line.indexOf(":");
      const field = colon === -1 ? line : line.slice(0, colon);
      let value = colon === -1 ? "" : line.slice(colon + 1);
      if (value.startsWith(" ")) value = value.slice(1);
      if (field === "event") this.event = value;
      else if (field === "data") this.data.push(value);
    }
    return events;
  }
}

/**
 * POSTs the question and hands each new piece of a streamed answer's text to
 * `onText` as it arrives. XMLHttpRequest, not fetch: Chromium sometimes logs a
 * fetch whose body is read from a stream as cancelled when the response's end
 * arrives before the page's last read, even though every byte was read
 * (issue 47); an XMLHttpRequest keeps its body itself and always ends as
 * finished. Resolves with the reply, or `aborted` when the signal fired;
 * rejects with a ChatError when the connection failed or `onText` threw.
 */
function postChat(body: string, signal: AbortSignal | undefined, onText: (text: string) => void): Promise<Reply | "aborted"> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return resolve("aborted");
    const xhr = new XMLHttpRequest();
    let seen = 0;
    let failure: unknown = null;
    const reply = (): Reply => ({ status: xhr.status, header: (name) => xhr.getResponseHeader(name), text: xhr.responseText });
    const streaming = () => xhr.status === 200 && (xhr.getResponseHeader("Content-Type") ?? "").includes("text/event-stream");
    const readNew = () => {
      if (failure || !streaming() || xhr.responseText.length === seen) return;
      const text = xhr.responseText.slice(seen);
      seen = xhr.responseText.length;
      try {
        onText(text);
      } catch (error) {
        failure = error;
        xhr.abort();
      }
    };
    const stop = () => xhr.abort();
    const settle = () => signal?.removeEventListener("abort", stop);
    xhr.open("POST", "/api/chat");
    xhr.setRequestHeader("Content-Type", "application/json");
    xhr.setRequestHeader("Accept", "text/event-stream");
    xhr.onprogress = readNew;
    xhr.onload = () => {
      settle();
      readNew();
      if (failure) reject(failure);
      else resolve(reply());
    };
    xhr.onerror = () => {
      settle();
      reject(new ChatError("unreachable", UNREACHABLE));
    };
    xhr.onabort = () => {
      settle();
      if (failure) reject(failure);
      else resolve("aborted");
    };
    signal?.addEventListener("abort", stop, { once: true });
    xhr.send(body);
  });
}

/**
 * Asks the companion one question and streams the answer through the
 * handlers. Resolves with the final answer (or `aborted` when the signal
 * fired); throws a ChatError otherwise.
 */
export async function streamChat(request: ChatRequestBody, { signal, ...handlers }: StreamHandlers & { signal?: AbortSignal } = {}): Promise<StreamOutcome> {
  const splitter = new EventStreamSplitter();
  let finished: ChatAnswer | null = null;
  const handle = ({ event, data }: ServerSentEvent) => {
    if (finished) return;
    if (event === "sources") {
      const { sources, mode } = parsePayload(ChatStreamEventSchemas.sources, data);
      handlers.onSources?.(sources, mode);
    } else if (event === "delta") {
      handlers.onDelta?.(parsePayload(ChatStreamEventSchemas.delta, data).text);
    } else if (event === "done") {
      finished = parsePayload(ChatStreamEventSchemas.done, data);
    } else if (event === "error") {
      // Refusals come before the stream as 4xx; an error inside it is a failure on the server's side.
      throw new ChatError("unreachable", parsePayload(ChatStreamEventSchemas.error, data).message);
    }
  };

  let reply: Reply | "aborted";
  try {
    reply = await postChat(JSON.stringify(request), signal, (text) => splitter.push(text).forEach(handle));
  } catch (error) {
    // The answer was complete; only the stream's end was lost.
    if (finished && !signal?.aborted) return { kind: "done", answer: finished };
    if (error instanceof ChatError) throw error;
    throw new ChatError("unreachable", UNREACHABLE);
  }
  if (reply === "aborted") return { kind: "aborted" };

  if (reply.status < 200 || reply.status >= 300) {
    if (reply.status === 0 || reply.status >= 500) throw new ChatError("unreachable", UNREACHABLE, reply.status || null);
    const message =
      errorMessage(reply) ??
      (reply.status === 401 ? "Your session has ended. Please log in again." : `The study companion could not take that question (${reply.status}).`);
    throw new ChatError("refused", message, reply.status, retryAfter(reply));
  }
  if (!(reply.header("Content-Type") ?? "").includes("text/event-stream")) {
    return { kind: "done", answer: parsePayload(ChatAnswerSchema, reply.text) };
  }
  splitter.end().forEach(handle);
  if (finished) return { kind: "done", answer: finished };
  // The stream ended without `done`: the connection dropped mid-answer.
  throw new ChatError("unreachable", UNREACHABLE);
}
