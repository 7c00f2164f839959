import { EventEmitter } from "node:events";
import type { LiveChatMessage } from "~/schemas/live-chat";
import type { QuestionUpdate } from "~/schemas/live-questions";
import type { Stage } from "~/schemas/live-stage";

// What the pages and the API tell the live rooms (app/realtime): a session
// ended, a chat message, a recording started or stopped, and a member whose
// access may have ended (their sessions, their account or their Premium): the
// rooms check that member's open sockets again and close those that lost it.

export type { LiveChatMessage };

export type LiveEvent =
  | { type: "ended"; conferenceId: number }
  | { type: "chat"; conferenceId: number; message: LiveChatMessage }
  | { type: "recording"; conferenceId: number; isRecording: boolean }
  | { type: "question"; conferenceId: number; question: QuestionUpdate }
  | { type: "stage"; conferenceId: number; stage: Stage };

/** Why a member's access may have ended; the sockets are checked again, so a false alarm closes nothing. */
export type AccessChange = "sessions-ended" | "account-deleted" | "membership-changed";
export type MemberAccessEvent = { type: "member-access"; userId: number; change: AccessChange };

const emitter = new EventEmitter().setMaxListeners(50);

export function publishLiveEvent(event: LiveEvent): void {
  emitter.emit("event", event);
}

/** The member's sessions, account or membership changed: their live-room sockets are checked again. */
export function publishMemberAccessChange(userId: number, change: AccessChange): void {
  const event: MemberAccessEvent = { type: "member-access", userId, change };
  emitter.emit("member-access", event);
}

/** Returns the function that stops listening. */
export function onMemberAccessChange(listener: (event: MemberAccessEvent) => void): () => void {
  emitter.on("member-access", listener);
  return () => emitter.off("member-access", listener);
}

/** Returns the function that stops listening. */
export function onLiveEvent(listener: (event: LiveEvent) => void): () => void {
  emitter.on("event", listener);
  return () => emitter.off("event", listener);
}
