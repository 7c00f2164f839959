import type { RoomMember, RoomMembers } from "~/realtime/room-members.server";
import { and, count, eq, gt, like, notInArray, or } from "drizzle-orm";
import { db, first } from "#db/client.server";
import { leases, liveRoomMembers } from "#db/schema";
import { env } from "~/utils/env.server";
import { instanceName } from "~/models/platform/instances.server";

/** A live room, whichever server carries its media (the embedded SFU or Janus). */
type LiveRoom = RoomMembers<RoomMember>;

// The embedded SFU's open rooms, one per live session someone is in. Each room
// knows who is inside it, so the admission rule and the room-status API ask
// the room itself, never a copy of its headcount. With MEDIA_BACKEND=livekit
// no room opens here: LiveKit keeps its own count and enforces the limit.
// Only a type is imported, so reading a headcount never loads the SFU (werift).

const rooms = new Map<number, LiveRoom>();
/** This instance, among several on one PostgreSQL database (issue 44). */
const INSTANCE = instanceName(env.DATA_DIR);

// A room lives in one academy process (issue 41: its owner, signalling.server.ts);
// who is inside is also written to live_room_members by the owner, before the
// member is welcomed, so the admission rule counts alike in every process.

/** Called by a room when a member came in or went: the table every process reads. */
export async function recordRoomMember(change: { joined: boolean; participantId: string; conferenceId: number; userId: number }): Promise<void> {
  if (change.joined) {
    await db.insert(liveRoomMembers)
      .values({ participantId: change.participantId, conferenceId: change.conferenceId, userId: change.userId, worker: env.WORKER_INDEX, instance: INSTANCE });
  } else {
    await db.delete(liveRoomMembers).where(eq(liveRoomMembers.participantId, change.participantId));
  }
}

/** This process holds no room yet (it just started): rows a previous life of it left are gone. */
export async function forgetRoomMembersOfThisProcess(): Promise<void> {
  await db.delete(liveRoomMembers).where(and(eq(liveRoomMembers.instance, INSTANCE), eq(liveRoomMembers.worker, env.WORKER_INDEX)));
}

/**
 * At start, before any of this instance's processes serves: none of its rooms
 * is open. Rows of instances no longer running (their lease ran out, e.g.
 * killed) go too; other instances' rows stay (on SQLite there are none).
 */
export async function forgetAllRoomMembers(): Promise<void> {
  const running = db.select({ holder: leases.holder }).from(leases).where(and(like(leases.name, "instance:%"), gt(leases.expiresAt, new Date())));
  await db.delete(liveRoomMembers).where(or(eq(liveRoomMembers.instance, INSTANCE), notInArray(liveRoomMembers.instance, running)));
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
export async function roomHeadcount(conferenceId: number): Promise<number> {
  return (await first(db.select({ n: count() }).from(liveRoomMembers).where(eq(liveRoomMembers.conferenceId, conferenceId)).limit(1)))?.n ?? 0;
}

/** True when the member holds a place in the room already (another tab, a reconnect), whichever process holds it. */
export async function isInLiveRoom(conferenceId: number, userId: number): Promise<boolean> {
  const row = await first(db
    .select({ userId: liveRoomMembers.userId })
    .from(liveRoomMembers)
    .where(and(eq(liveRoomMembers.conferenceId, conferenceId), eq(liveRoomMembers.userId, userId))).limit(1));
  return row !== undefined;
}
