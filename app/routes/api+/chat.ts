import { json, type ActionFunctionArgs } from "@remix-run/node";
import { answerQuestion, beginTurn, type CompanionEvent } from "~/models/companion/companion.server";
import { ChatRequestSchema, type ChatStreamEvents } from "~/schemas/companion";
import { apiError, methodNotAllowed, readJson } from "~/utils/api.server";
import { requireUser } from "~/services/auth.server";
import { logger } from "~/utils/logger.server";
import { TooManyRequestsError } from "~/models/platform/rate-limit.server";

// POST /api/chat: the spec's {message, context} → {response, sources}, plus
// html, mode, notice and answered. Asked for text/event-stream, it streams
// Server-Sent Events: sources, then text deltas, then done (or error).

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireUser(request, context);
  const input = await readJson(request, ChatRequestSchema);
  let turn: { release: () => void };
  try {
    turn = await beginTurn(user);
  } catch (error) {
    if (!(error instanceof TooManyRequestsError)) throw error;
    return apiError(429, error.message, undefined, { headers: { "Retry-After": String(error.retryAfterSeconds) } });
  }

  if (!(request.headers.get("Accept") ?? "").includes("text/event-stream")) {
    try {
      const answer = await answerQuestion(user, input, { signal: request.signal });
      return json(answer);
    } finally {
      turn.release();
    }
  }

  const encoder = new TextEncoder();
  const stopped = new AbortController();
  request.signal.addEventListener("abort", () => stopped.abort(), { once: true });
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = <Name extends keyof ChatStreamEvents>(event: Name, data: ChatStreamEvents[Name]) => {
        if (stopped.signal.aborted) return;
        try {
          controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
        } catch {
          stopped.abort();
        }
      };
      const onEvent = ({ event, data }: CompanionEvent) => send(event, data);
      answerQuestion(user, input, { signal: stopped.signal, onEvent })
        .catch((error: unknown) => {
          logger.error({ err: error }, "study companion answer failed");
          send("error", { message: "Unable to reach your study companion. Please try again." });
        })
        .finally(() => {
          turn.release();
          try {
            controller.close();
          } catch {
            // The client left; nothing to close.
          }
        });
    },
    cancel() {
      stopped.abort();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache",
      "X-Accel-Buffering": "no",
    },
  });
}

export const loader = () => methodNotAllowed(["POST"]);
