import type { LiveChatMessage } from "~/schemas/live-chat";
import type { QuestionUpdate } from "~/schemas/live-questions";
import type { Stage } from "~/schemas/live-stage";
import { channel } from "~/utils/bus.server";

// What the pages and the API tell the live rooms (app/realtime): a session
// ended, a chat message, a recording started or stopped, and a member whose
// access may have ended (their sessions, their account or their Premium): the
// rooms check that member's open sockets again and close those that lost it.
// They travel on the bus (utils/bus.server.ts): a room lives in one academy
// process, the page or API call that changes it may run in any other.

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

const liveEvents = channel<LiveEvent>("live-event");
const memberAccess = channel<MemberAccessEvent>("member-access");

export function publishLiveEvent(event: LiveEvent): void {
  liveEvents.publish(event);
}

/** The member's sessions, account or membership changed: their live-room sockets are checked again. */
export function publishMemberAccessChange(userId: number, change: AccessChange): void {
  const event: MemberAccessEvent = { type: "member-access", userId, change };
  memberAccess.publish(event);
}

/** Returns the function that stops listening. */
export function onMemberAccessChange(listener: (event: MemberAccessEvent) => void): () => void {
  return memberAccess.subscribe(listener);
}

/** Returns the function that stops listening. */
export function onLiveEvent(listener: (event: LiveEvent) => void): () => void {
  return liveEvents.subscribe(listener);
}
