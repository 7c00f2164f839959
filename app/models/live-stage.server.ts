import type { User } from "#db/schema";
import { getConference, mayAttend, type ConferenceRow } from "~/models/conference.server";
import { onLiveEvent, publishLiveEvent } from "~/models/live-events.server";
import { PREMIUM_REQUIRED } from "~/models/membership.server";
import { getUserById, liveDisplayName } from "~/models/user.server";
import type { Stage } from "~/schemas/live-stage";
import { env } from "~/utils/env.server";

// Who has a hand up and who may speak in a live session (issue 28). Members
// raise or lower a hand; the host (an admin) invites one to speak and ends it.
// Only a speaker's camera and microphone are forwarded by the room
// (app/realtime/live-room.server.ts asks isSpeaker). The state lives for the
// session only, in this process (like the rooms themselves), and is gone when
// the session ends.

type Viewer = Pick<User, "id" | "role" | "username" | "firstName" | "name">;

export class StageError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409,
    message: string,
  ) {
    super(message);
    this.name = "StageError";
  }
}

export const STAGE_REFUSALS = {
  notFound: "Conference not found",
  premium: PREMIUM_REQUIRED,
  notLive: "The session is not live.",
  hostOnly: "Only the host can do that.",
  hostOnStage: "The host is always on stage.",
  memberNotFound: "Member not found",
  full: (max: number) => `At most ${max} people can speak at once, the host included. End someone's turn first.`,
} as const;

interface ConferenceStage {
  /** In the order the hands went up. */
  hands: Map<number, { name: string; raisedAt: number }>;
  speakers: Map<number, { name: string }>;
}

const stages = new Map<number, ConferenceStage>();

function stageFor(conferenceId: number): ConferenceStage {
  let stage = stages.get(conferenceId);
  if (!stage) {
    stage = { hands: new Map(), speakers: new Map() };
    stages.set(conferenceId, stage);
  }
  return stage;
}

// A session that ends takes its hands and speakers with it.
onLiveEvent((event) => {
  if (event.type === "ended") stages.delete(event.conferenceId);
});

/**
 * The live session the viewer may act in: it exists (404), they may attend
 * (403), only the host invites (403), it is live (409). The API asks this
 * before it reads a body: who and when before what.
 */
export function stageConference(viewer: Viewer, conferenceId: number, purpose: "hand" | "speakers"): ConferenceRow {
  const conference = getConference(conferenceId);
  if (!conference) throw new StageError(404, STAGE_REFUSALS.notFound);
  if (!mayAttend(viewer, conference)) throw new StageError(403, STAGE_REFUSALS.premium);
  if (purpose === "speakers" && viewer.role !== "admin") throw new StageError(403, STAGE_REFUSALS.hostOnly);
  if (!conference.isLive) throw new StageError(409, STAGE_REFUSALS.notLive);
  return conference;
}

/** Hands in the order they went up, and the invited speakers (the host is not listed: always on stage). */
export function stageOf(conferenceId: number): Stage {
  const stage = stages.get(conferenceId);
  if (!stage) return { hands: [], speakers: [] };
  return {
    hands: [...stage.hands].map(([userId, hand]) => ({ userId, name: hand.name, raisedAt: new Date(hand.raisedAt).toISOString() })),
    speakers: [...stage.speakers].map(([userId, speaker]) => ({ userId, name: speaker.name })),
  };
}

export function isSpeaker(conferenceId: number, userId: number): boolean {
  return stages.get(conferenceId)?.speakers.has(userId) ?? false;
}

function announce(conferenceId: number): void {
  publishLiveEvent({ type: "stage", conferenceId, stage: stageOf(conferenceId) });
}

/** A member raises or lowers their hand; a speaker's hand stays down. */
export function setHand(viewer: Viewer, conferenceId: number, raised: boolean): { raised: boolean } {
  stageConference(viewer, conferenceId, "hand");
  if (viewer.role === "admin") throw new StageError(400, STAGE_REFUSALS.hostOnStage);
  const stage = stageFor(conferenceId);
  const up = raised && !stage.speakers.has(viewer.id);
  const changed = up !== stage.hands.has(viewer.id);
  if (up && changed) stage.hands.set(viewer.id, { name: liveDisplayName(viewer), raisedAt: Date.now() });
  if (!up) stage.hands.delete(viewer.id);
  if (changed) announce(conferenceId);
  return { raised: up };
}

/** The host invites a member to speak (their hand goes down) or ends their turn. */
export function setSpeaker(viewer: Viewer, conferenceId: number, userId: number, allow: boolean): Stage {
  const conference = stageConference(viewer, conferenceId, "speakers");
  const member = getUserById(userId);
  if (!member || !mayAttend(member, conference)) throw new StageError(404, STAGE_REFUSALS.memberNotFound);
  if (member.role === "admin") throw new StageError(400, STAGE_REFUSALS.hostOnStage);
  const stage = stageFor(conferenceId);
  if (allow && !stage.speakers.has(userId)) {
    // The host holds one of the LIVE_MAX_SPEAKERS places.
    if (stage.speakers.size + 1 >= env.LIVE_MAX_SPEAKERS) throw new StageError(409, STAGE_REFUSALS.full(env.LIVE_MAX_SPEAKERS));
    stage.hands.delete(userId);
    stage.speakers.set(userId, { name: liveDisplayName(member) });
    announce(conferenceId);
  } else if (!allow && stage.speakers.delete(userId)) {
    announce(conferenceId);
  }
  return stageOf(conferenceId);
}
