import type { User } from "#db/schema";
import { getConference, mayAttend, type ConferenceRow } from "~/models/live/conference.server";
import { PREMIUM_REQUIRED } from "~/models/billing/membership.server";
import { isInLiveRoom, roomHeadcount } from "~/models/live/live-rooms.server";

// Who may enter a live room now, whichever media backend carries it. The
// WebSocket upgrade (app/realtime), the room-status API and the media-token
// API all ask here, so the browser can tell a member exactly why the room
// refused them.

type Viewer = Pick<User, "id" | "role">;

export type Admission<U extends Viewer = User> =
  | { ok: true; user: U; conference: ConferenceRow; isHost: boolean }
  | { ok: false; status: 401 | 403 | 404 | 409; reason: AdmissionRefusal; message: string };

export const ADMISSION_MESSAGES = {
  "signed-out": "Sign in to join the live session.",
  "not-found": "Conference not found",
  ended: "This conference has ended.",
  "not-live": "This conference is not live.",
  premium: PREMIUM_REQUIRED,
  full: "This live session is full. Please try again when someone leaves.",
} as const;
type AdmissionRefusal = keyof typeof ADMISSION_MESSAGES;

export const ROOM_MESSAGES = {
  ended: ADMISSION_MESSAGES.ended,
  full: (max: number) => `This live session is full (${max} participants). Please try again when someone leaves.`,
} as const;

function refuse(status: 401 | 403 | 404 | 409, reason: AdmissionRefusal): { ok: false; status: 401 | 403 | 404 | 409; reason: AdmissionRefusal; message: string } {
  return { ok: false, status, reason, message: ADMISSION_MESSAGES[reason] };
}

/**
 * The rule. A member who holds a place already (a reconnecting tab) is let
 * back into a full room. Who is inside is asked of the embedded SFU's room
 * itself; with LiveKit no room is open here and LiveKit enforces the limit.
 */
export async function admitToRoom<U extends Viewer>(user: U | null, conferenceId: number): Promise<Admission<U>> {
  if (!user) return refuse(401, "signed-out");
  const conference = await getConference(conferenceId);
  if (!conference) return refuse(404, "not-found");
  if (!await mayAttend(user, conference)) return refuse(403, "premium");
  if (conference.endedAt !== null) return refuse(409, "ended");
  if (!conference.isLive) return refuse(409, "not-live");
  const isHost = user.role === "admin";
  // Hosts are always let in: a full room must not lock out the person running it.
  if (!isHost && await roomHeadcount(conferenceId) >= conference.maxParticipants && !await isInLiveRoom(conferenceId, user.id)) return refuse(403, "full");
  return { ok: true, user, conference, isHost };
}

/**
 * Whether a member already in the room may stay: the socket's session still
 * names them and they may still attend (Premium for a Premium-only room).
 * Fullness and the live state are not asked again: ending a session closes
 * its room anyway. Asked on each heartbeat and whenever the member's access
 * changed (live-events.server.ts).
 */
export async function mayStayInRoom(sessionUser: Viewer | null, memberId: number, conferenceId: number): Promise<"signed-out" | "premium" | null> {
  if (!sessionUser || sessionUser.id !== memberId) return "signed-out";
  const conference = await getConference(conferenceId);
  if (conference && !await mayAttend(sessionUser, conference)) return "premium";
  return null;
}

/** A refused entry as an error, for code that answers with a status (the media-token API). */
export class RoomRefusal extends Error {
  constructor(
    readonly status: 401 | 403 | 404 | 409 | 502 | 503,
    message: string,
  ) {
    super(message);
    this.name = "RoomRefusal";
  }
}

/** The live conference the viewer may enter, or a RoomRefusal. */
export async function admitToLiveRoom(viewer: Viewer, conferenceId: number): Promise<ConferenceRow> {
  const admission = await admitToRoom(viewer, conferenceId);
  if (!admission.ok) throw new RoomRefusal(admission.status, admission.message);
  return admission.conference;
}
