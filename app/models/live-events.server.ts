import { EventEmitter } from "node:events";
import type { LiveChatMessage } from "~/schemas/live-chat";
import type { QuestionUpdate } from "~/schemas/live-questions";
import type { Stage } from "~/schemas/live-stage";

// What the pages and the API tell the live rooms (app/realtime): a session
// ended, a chat message, a recording started or stopped.

export type { LiveChatMessage };

export type LiveEvent =
  | { type: "ended"; conferenceId: number }
  | { type: "chat"; conferenceId: number; message: LiveChatMessage }
  | { type: "recording"; conferenceId: number; isRecording: boolean }
  | { type: "question"; conferenceId: number; question: QuestionUpdate }
  | { type: "stage"; conferenceId: number; stage: Stage };

const emitter = new EventEmitter().setMaxListeners(50);

export function publishLiveEvent(event: LiveEvent): void {
  emitter.emit("event", event);
}

/** Returns the function that stops listening. */
export function onLiveEvent(listener: (event: LiveEvent) => void): () => void {
  emitter.on("event", listener);
  return () => emitter.off("event", listener);
}
