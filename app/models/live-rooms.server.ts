import type { RoomMember, RoomMembers } from "~/realtime/room-members.server";
import { channel } from "~/utils/bus.server";

/** A live room, whichever server carries its media (the embedded SFU or Janus). */
type LiveRoom = RoomMembers<RoomMember>;

// The embedded SFU's open rooms, one per live session someone is in. Each room
// knows who is inside it, so the admission rule and the room-status API ask
// the room itself, never a copy of its headcount. With MEDIA_BACKEND=livekit
// no room opens here: LiveKit keeps its own count and enforces the limit.
// Only a type is imported, so reading a headcount never loads the SFU (werift).

const rooms = new Map<number, LiveRoom>();

// A room lives in one academy process (issue 41: its owner, signalling.server.ts);
// the others know who is in it from what the owner reports on the bus, so the
// admission rule answers alike in every process.
const roomMembers = channel<{ conferenceId: number; userIds: number[] }>("live-room-members");
const membersElsewhere = new Map<number, number[]>();
roomMembers.subscribe(({ conferenceId, userIds }) => {
  if (userIds.length > 0) membersElsewhere.set(conferenceId, userIds);
  else membersElsewhere.delete(conferenceId);
});

/** Called by a room whenever a member came or went, so every process knows who is inside. */
export function reportRoomMembers(conferenceId: number, userIds: number[]): void {
  roomMembers.publish({ conferenceId, userIds });
}

/** The session's room, opened with `open` when nobody is in it yet. */
export function liveRoomFor(conferenceId: number, open: () => LiveRoom): LiveRoom {
  let room = rooms.get(conferenceId);
  if (!room) {
    room = open();
    rooms.set(conferenceId, room);
  }
  return room;
}

export function findLiveRoom(conferenceId: number): LiveRoom | undefined {
  return rooms.get(conferenceId);
}

/** Called by a room when its last member left. */
export function forgetLiveRoom(conferenceId: number, room: LiveRoom): void {
  if (rooms.get(conferenceId) === room) rooms.delete(conferenceId);
}

export function openLiveRooms(): LiveRoom[] {
  return [...rooms.values()];
}

/** Who is connected to the session's room now, whichever process holds it. */
export function roomHeadcount(conferenceId: number): number {
  return rooms.get(conferenceId)?.size ?? membersElsewhere.get(conferenceId)?.length ?? 0;
}

/** True when the member holds a place in the room already (another tab, a reconnect), whichever process holds it. */
export function isInLiveRoom(conferenceId: number, userId: number): boolean {
  return rooms.get(conferenceId)?.hasUser(userId) ?? membersElsewhere.get(conferenceId)?.includes(userId) ?? false;
}
