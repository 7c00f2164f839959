import { EventEmitter } from "node:events";

// What the pages and the API tell the live rooms. The rooms (server/live) and
// the Remix build are separate module graphs in one process, so the emitter
// lives on globalThis, like the database connection.

import type { LiveChatMessage } from "~/schemas/live-chat";

export type { LiveChatMessage };

export type LiveEvent =
  | { type: "ended"; conferenceId: number }
  | { type: "chat"; conferenceId: number; message: LiveChatMessage }
  | { type: "recording"; conferenceId: number; isRecording: boolean };

const globalForLive = globalThis as unknown as { __academyLiveEvents?: EventEmitter; __academyLiveHeadcounts?: Map<number, number> };
const emitter = (globalForLive.__academyLiveEvents ??= new EventEmitter().setMaxListeners(50));
// Who is connected to each room now, kept by the rooms and read by the admission rule.
const headcounts = (globalForLive.__academyLiveHeadcounts ??= new Map<number, number>());

export function setRoomHeadcount(conferenceId: number, count: number): void {
  if (count > 0) headcounts.set(conferenceId, count);
  else headcounts.delete(conferenceId);
}

export function roomHeadcount(conferenceId: number): number {
  return headcounts.get(conferenceId) ?? 0;
}

export function publishLiveEvent(event: LiveEvent): void {
  emitter.emit("event", event);
}

/** Returns the function that stops listening. */
export function onLiveEvent(listener: (event: LiveEvent) => void): () => void {
  emitter.on("event", listener);
  return () => emitter.off("event", listener);
}
