import { EventEmitter } from "node:events";

// What the pages and the API tell the live rooms. The rooms (server/live) and
// the Remix build are separate module graphs in one process, so the emitter
// lives on globalThis, like the database connection.

export interface LiveChatMessage {
  id: number;
  conferenceId: number;
  userId: number | null;
  authorName: string;
  isHost: boolean;
  message: string;
  createdAt: string;
}

export type LiveEvent =
  | { type: "ended"; conferenceId: number }
  | { type: "chat"; conferenceId: number; message: LiveChatMessage }
  | { type: "recording"; conferenceId: number; isRecording: boolean };

const globalForLive = globalThis as unknown as { __academyLiveEvents?: EventEmitter };
const emitter = (globalForLive.__academyLiveEvents ??= new EventEmitter().setMaxListeners(50));

export function publishLiveEvent(event: LiveEvent): void {
  emitter.emit("event", event);
}

/** Returns the function that stops listening. */
export function onLiveEvent(listener: (event: LiveEvent) => void): () => void {
  emitter.on("event", listener);
  return () => emitter.off("event", listener);
}
