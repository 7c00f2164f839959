import type { ZodType } from "zod";
import { ChatAnswerSchema, ChatErrorSchema, ChatStreamEventSchemas, type ChatAnswer, type ChatRequestBody, type ChatSource, type CompanionMode } from "~/schemas/companion";

// The browser's side of POST /api/chat. EventSource cannot POST, so the
// Server-Sent Events are read from a fetch body; a server that answers with
// plain JSON instead is understood too. Every payload is parsed with the
// contract's schemas (app/schemas/companion.ts): the server's reply is input.

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

function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}

async function errorMessage(response: Response): Promise<string | null> {
  const body: unknown = await response.json().catch(() => null);
  const parsed = ChatErrorSchema.safeParse(body);
  return parsed.success ? parsed.data.message : null;
}

function retryAfter(response: Response): number | null {
  const value = Number(response.headers.get("Retry-After"));
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
 * Splits a text/event-stream into events (the WHATWG parsing rules that
 * matter here: `event:` and `data:` fields, multi-line data, comments,
 * CRLF or LF line ends, chunks that end mid-line).
 */
export async function* readServerSentEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ServerSentEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let event = "";
  let data: string[] = [];
  try {
    for (;;) {
      const { value, done } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      // A chunk may end between the \r and \n of one line end: keep the \r for the next chunk.
      const held = !done && buffer.endsWith("\r") ? "\r" : "";
      const lines = (held ? buffer.slice(0, -1) : buffer).split(/\r\n|\r|\n/);
      // The last piece may be an unfinished line; at the end of the stream it is complete.
      buffer = done ? "" : (lines.pop() ?? "") + held;
      for (const line of lines) {
        if (line === "") {
          if (data.length > 0) yield { event: event || "message", data: data.join("\n") };
          event = "";
          data = [];
          continue;
        }
        if (line.startsWith(":")) continue;
        const colon = line.indexOf(":");
        const field = colon === -1 ? line : line.slice(0, colon);
        let fieldValue = colon === -1 ? "" : line.slice(colon + 1);
        if (fieldValue.startsWith(" ")) fieldValue = fieldValue.slice(1);
        if (field === "event") event = fieldValue;
        else if (field === "data") data.push(fieldValue);
      }
      if (done) return;
    }
  } finally {
    reader.releaseLock();
  }
}

/**
 * Asks the companion one question and streams the answer through the
 * handlers. Resolves with the final answer (or `aborted` when the signal
 * fired); throws a ChatError otherwise.
 */
export async function streamChat(request: ChatRequestBody, { signal, ...handlers }: StreamHandlers & { signal?: AbortSignal } = {}): Promise<StreamOutcome> {
  let response: Response;
  try {
    response = await fetch("/api/chat", {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
      body: JSON.stringify(request),
      signal,
    });
  } catch (error) {
    if (isAbortError(error)) return { kind: "aborted" };
    throw new ChatError("unreachable", UNREACHABLE);
  }

  if (!response.ok) {
    if (response.status >= 500) throw new ChatError("unreachable", UNREACHABLE, response.status);
    const message =
      (await errorMessage(response)) ??
      (response.status === 401 ? "Your session has ended. Please log in again." : `The study companion could not take that question (${response.status}).`);
    throw new ChatError("refused", message, response.status, retryAfter(response));
  }

  // The final answer; the stream is still read to its end after it, so the
  // request finishes cleanly instead of being cut off (issue 47).
  let finished: ChatAnswer | null = null;
  try {
    if (!response.headers.get("Content-Type")?.includes("text/event-stream") || !response.body) {
      const answer = parsePayload(ChatAnswerSchema, await response.text());
      return { kind: "done", answer };
    }
    for await (const { event, data } of readServerSentEvents(response.body)) {
      if (finished) continue;
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
    }
  } catch (error) {
    // The answer was complete; only the stream's end was lost.
    if (finished && !signal?.aborted) return { kind: "done", answer: finished };
    if (isAbortError(error) || signal?.aborted) return { kind: "aborted" };
    if (error instanceof ChatError) throw error;
    throw new ChatError("unreachable", UNREACHABLE);
  }
  if (finished) return { kind: "done", answer: finished };
  // The stream ended without `done`: the connection dropped mid-answer.
  if (signal?.aborted) return { kind: "aborted" };
  throw new ChatError("unreachable", UNREACHABLE);
}
