import type { User } from "#db/schema";
import { CONFERENCE_MESSAGES, getConference, mayAttend, type ConferenceRow } from "~/models/conference.server";
import { PREMIUM_REQUIRED } from "~/models/membership.server";

// Who may enter a live room, whichever media backend carries it (embedded SFU
// or LiveKit). Signed-in is the route's guard; the rest is decided here once.

export type RoomViewer = Pick<User, "id" | "role">;

/** A refused entry, with the status the API answers and a message a person can act on. */
export class RoomRefusal extends Error {
  constructor(
    readonly status: 403 | 404 | 409 | 502 | 503,
    message: string,
  ) {
    super(message);
    this.name = "RoomRefusal";
  }
}

export const ROOM_MESSAGES = {
  ended: "This conference has ended.",
  full: (max: number) => `This live session is full (${max} participants). Please try again when someone leaves.`,
} as const;

/** The live conference the viewer may enter, or a refusal: 404 unknown, 403 Premium-only, 409 not live or ended. */
export function admitToLiveRoom(viewer: RoomViewer, conferenceId: number): ConferenceRow {
  const conference = getConference(conferenceId);
  if (!conference) throw new RoomRefusal(404, CONFERENCE_MESSAGES.notFound);
  if (!mayAttend(viewer, conference)) throw new RoomRefusal(403, PREMIUM_REQUIRED);
  if (conference.endedAt !== null) throw new RoomRefusal(409, ROOM_MESSAGES.ended);
  if (!conference.isLive) throw new RoomRefusal(409, CONFERENCE_MESSAGES.notLive);
  return conference;
}
