import type { User } from "#db/schema";
import { getConference, mayAttend, type ConferenceRow } from "~/models/conference.server";
import { roomHeadcount } from "~/models/live-events.server";
import { PREMIUM_REQUIRED } from "~/models/membership.server";

// Who may enter a live room now. The WebSocket upgrade (server/live) and the
// room-status API both ask here, so the browser can tell a member exactly why
// the room refused them.

export type Admission =
  | { ok: true; user: User; conference: ConferenceRow; isHost: boolean }
  | { ok: false; status: 401 | 403 | 404 | 409; reason: "signed-out" | "not-found" | "not-live" | "premium" | "full"; message: string };

export const ADMISSION_MESSAGES = {
  "signed-out": "Sign in to join the live session.",
  "not-found": "Conference not found",
  "not-live": "This conference is not live.",
  premium: PREMIUM_REQUIRED,
  full: "This live session is full. Please try again when someone leaves.",
} as const;

function refuse(status: 401 | 403 | 404 | 409, reason: keyof typeof ADMISSION_MESSAGES): Admission {
  return { ok: false, status, reason, message: ADMISSION_MESSAGES[reason] };
}

/** `alreadyInside`: the member holds a place already (a reconnecting tab), so a full room still lets them back. */
export function admitToRoom(user: User | null, conferenceId: number, { alreadyInside = false } = {}): Admission {
  if (!user) return refuse(401, "signed-out");
  const conference = getConference(conferenceId);
  if (!conference) return refuse(404, "not-found");
  if (!conference.isLive) return refuse(409, "not-live");
  if (!mayAttend(user, conference)) return refuse(403, "premium");
  const isHost = user.role === "admin";
  // Hosts are always let in: a full room must not lock out the person running it.
  if (!isHost && !alreadyInside && roomHeadcount(conferenceId) >= conference.maxParticipants) return refuse(403, "full");
  return { ok: true, user, conference, isHost };
}
