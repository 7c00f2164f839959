import { AccessToken, RoomServiceClient, ServerError, TrackSource, type VideoGrant } from "livekit-server-sdk";
import type { User } from "#db/schema";
import type { ConferenceRow } from "~/models/live/conference.server";
import { RoomRefusal, ROOM_MESSAGES } from "~/models/live/live-admission.server";
import { env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";

// MEDIA_BACKEND=livekit: a self-hosted LiveKit server carries the media
// (docs/live-sessions.md). This module signs the join tokens and manages the
// rooms through LiveKit's RoomService; who may enter is decided before, in
// live-admission.server.ts, exactly as for the embedded SFU.

/** Long enough to join; LiveKit itself refreshes the token of a connected participant. */
export const LIVEKIT_TOKEN_TTL_SECONDS = 10 * 60;
/** A created room nobody joins closes after this. */
const EMPTY_ROOM_TIMEOUT_SECONDS = 10 * 60;
/** A join must not hang on a media server that does not answer. */
const REQUEST_TIMEOUT_SECONDS = 5;

export const MEDIA_SERVER_MESSAGES = {
  unreachable: "The media server is not reachable. Please try again in a moment.",
  refused: "The media server did not accept the request. Please try again in a moment.",
} as const;

export type LiveKitViewer = Pick<User, "id" | "role" | "username" | "name" | "firstName">;

/** What a participant's token carries as metadata, for the other participants' lists. */
export interface LiveKitParticipantMetadata {
  isHost: boolean;
}

export function liveKitRoomName(conferenceId: number): string {
  return `academy-conference-${conferenceId}`;
}

export function liveKitIdentity(userId: number): string {
  return `user-${userId}`;
}

function displayName(viewer: LiveKitViewer): string {
  return viewer.name?.trim() || viewer.firstName?.trim() || viewer.username;
}

interface LiveKitSettings {
  url: string;
  apiKey: string;
  apiSecret: string;
}

function settings(): LiveKitSettings {
  const { LIVEKIT_URL: url, LIVEKIT_API_KEY: apiKey, LIVEKIT_API_SECRET: apiSecret } = env;
  // parseEnv refuses MEDIA_BACKEND=livekit without these; this guards a caller that skipped the backend check.
  if (!url || !apiKey || !apiSecret) throw new Error("LiveKit is not configured: set LIVEKIT_URL, LIVEKIT_API_KEY and LIVEKIT_API_SECRET");
  return { url, apiKey, apiSecret };
}

export function liveKitUrl(): string {
  return settings().url;
}

let roomService: RoomServiceClient | undefined;

function rooms(): RoomServiceClient {
  if (!roomService) {
    const { url, apiKey, apiSecret } = settings();
    // failover is for LiveKit Cloud regions; a self-hosted server has none.
    roomService = new RoomServiceClient(url, apiKey, apiSecret, { requestTimeout: REQUEST_TIMEOUT_SECONDS, failover: false });
  }
  return roomService;
}

/** Runs a RoomService call; its failures become a refusal a person can read (details go to the log). */
async function askMediaServer<T>(call: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ServerError) {
      logger.error({ call, status: error.status, code: error.code, message: error.message }, "LiveKit refused a request");
      throw new RoomRefusal(502, MEDIA_SERVER_MESSAGES.refused);
    }
    logger.error({ call, err: error }, "LiveKit is not reachable");
    throw new RoomRefusal(503, MEDIA_SERVER_MESSAGES.unreachable);
  }
}

/** The host publishes camera, microphone and screen, and may manage the room. */
export function hostGrant(room: string): VideoGrant {
  return {
    room,
    roomJoin: true,
    roomAdmin: true,
    canPublish: true,
    canPublishSources: [TrackSource.CAMERA, TrackSource.MICROPHONE, TrackSource.SCREEN_SHARE],
    canSubscribe: true,
    // Chat goes through our own API (persisted, rate-limited), never LiveKit's data channel.
    canPublishData: false,
  };
}

/** Students receive only. */
export function studentGrant(room: string): VideoGrant {
  return { room, roomJoin: true, canPublish: false, canSubscribe: true, canPublishData: false };
}

async function isInRoom(room: string, identity: string): Promise<boolean> {
  const participants = await askMediaServer("ListParticipants", () => rooms().listParticipants(room));
  return participants.some((participant) => participant.identity === identity);
}

/**
 * A join token for a viewer already admitted to the live conference. The
 * room is created (or found) first with the conference's participant limit,
 * which LiveKit then enforces; a full room is refused here with a clear 403
 * (as the embedded SFU refuses it),
 * unless the viewer is already inside (a reload replaces the old connection).
 */
export async function issueLiveKitToken(viewer: LiveKitViewer, conference: Pick<ConferenceRow, "id" | "maxParticipants">): Promise<string> {
  const { apiKey, apiSecret } = settings();
  const room = liveKitRoomName(conference.id);
  const identity = liveKitIdentity(viewer.id);
  const isHost = viewer.role === "admin";
  const created = await askMediaServer("CreateRoom", () =>
    rooms().createRoom({ name: room, maxParticipants: conference.maxParticipants, emptyTimeout: EMPTY_ROOM_TIMEOUT_SECONDS }),
  );
  if (created.numParticipants >= conference.maxParticipants && !(await isInRoom(room, identity))) {
    throw new RoomRefusal(403, ROOM_MESSAGES.full(conference.maxParticipants));
  }
  const metadata: LiveKitParticipantMetadata = { isHost };
  const token = new AccessToken(apiKey, apiSecret, {
    identity,
    name: displayName(viewer),
    metadata: JSON.stringify(metadata),
    ttl: LIVEKIT_TOKEN_TTL_SECONDS,
  });
  token.addGrant(isHost ? hostGrant(room) : studentGrant(room));
  return token.toJwt();
}

/**
 * Deletes the conference's room, which disconnects everyone in it. False when
 * LiveKit had no such room (nobody ever joined, or it already closed).
 */
export async function closeLiveKitRoom(conferenceId: number): Promise<boolean> {
  try {
    await rooms().deleteRoom(liveKitRoomName(conferenceId));
    return true;
  } catch (error) {
    if (error instanceof ServerError && (error.status === 404 || error.code === "not_found")) return false;
    throw error;
  }
}
