import { and, asc, count, eq } from "drizzle-orm";
import { db, changes, first, withTransaction } from "#db/client.server";
import { liveStage, type User } from "#db/schema";
import { getConference, mayAttend, type ConferenceRow } from "~/models/live/conference.server";
import { onLiveEvent, publishLiveEvent } from "~/models/live/live-events.server";
import { PREMIUM_REQUIRED } from "~/models/billing/membership.server";
import { getUserById, liveDisplayName } from "~/models/accounts/user.server";
import type { Stage } from "~/schemas/live-stage";
import { env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";

// Who has a hand up and who may speak in a live session (issue 28). Members
// raise or lower a hand; the host (an admin) invites one to speak and ends it.
// Only a speaker's camera and microphone are forwarded by the room
// (app/realtime/live-room.server.ts asks isSpeaker). The state lives for the
// session only and is gone when the session ends.

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

// Rows in live_stage, so the API call that raises a hand (any academy process)
// and the room that forwards the speaker's media (one process) see one stage.
// A session that ends takes its hands and speakers with it.
onLiveEvent((event) => {
  if (event.type !== "ended") return;
  db.delete(liveStage)
    .where(eq(liveStage.conferenceId, event.conferenceId))
    .catch((error: unknown) => logger.error({ err: error, conferenceId: event.conferenceId }, "clearing an ended session's stage failed"));
});

/**
 * The live session the viewer may act in: it exists (404), they may attend
 * (403), only the host invites (403), it is live (409). The API asks this
 * before it reads a body: who and when before what.
 */
export async function stageConference(viewer: Viewer, conferenceId: number, purpose: "hand" | "speakers"): Promise<ConferenceRow> {
  const conference = await getConference(conferenceId);
  if (!conference) throw new StageError(404, STAGE_REFUSALS.notFound);
  if (!await mayAttend(viewer, conference)) throw new StageError(403, STAGE_REFUSALS.premium);
  if (purpose === "speakers" && viewer.role !== "admin") throw new StageError(403, STAGE_REFUSALS.hostOnly);
  if (!conference.isLive) throw new StageError(409, STAGE_REFUSALS.notLive);
  return conference;
}

/** Hands in the order they went up, and the invited speakers (the host is not listed: always on stage). */
export async function stageOf(conferenceId: number): Promise<Stage> {
  const rows = await db.select().from(liveStage).where(eq(liveStage.conferenceId, conferenceId)).orderBy(asc(liveStage.at), asc(liveStage.userId));
  return {
    hands: rows.filter((row) => row.role === "hand").map((row) => ({ userId: row.userId, name: row.name, raisedAt: row.at.toISOString() })),
    speakers: rows.filter((row) => row.role === "speaker").map((row) => ({ userId: row.userId, name: row.name })),
  };
}

export async function isSpeaker(conferenceId: number, userId: number): Promise<boolean> {
  const row = await first(db
    .select({ role: liveStage.role })
    .from(liveStage)
    .where(and(eq(liveStage.conferenceId, conferenceId), eq(liveStage.userId, userId))).limit(1));
  return row?.role === "speaker";
}

async function announce(conferenceId: number): Promise<void> {
  publishLiveEvent({ type: "stage", conferenceId, stage: await stageOf(conferenceId) });
}

async function stageRole(conferenceId: number, userId: number) {
  return (await first(db
    .select({ role: liveStage.role })
    .from(liveStage)
    .where(and(eq(liveStage.conferenceId, conferenceId), eq(liveStage.userId, userId))).limit(1)))?.role;
}

/** A member raises or lowers their hand; a speaker's hand stays down. */
export async function setHand(viewer: Viewer, conferenceId: number, raised: boolean): Promise<{ raised: boolean }> {
  await stageConference(viewer, conferenceId, "hand");
  if (viewer.role === "admin") throw new StageError(400, STAGE_REFUSALS.hostOnStage);
  const mine = and(eq(liveStage.conferenceId, conferenceId), eq(liveStage.userId, viewer.id));
  const changed = await withTransaction(async () => {
    const role = await stageRole(conferenceId, viewer.id);
    if (role === "speaker") return false;
    if (raised && role !== "hand") {
      await db.insert(liveStage).values({ conferenceId, userId: viewer.id, role: "hand", name: liveDisplayName(viewer), at: new Date() });
      return true;
    }
    if (!raised && role === "hand") return changes(await db.delete(liveStage).where(mine)) > 0;
    return false;
  });
  if (changed) await announce(conferenceId);
  return { raised: raised && await stageRole(conferenceId, viewer.id) === "hand" };
}

/** The host invites a member to speak (their hand goes down) or ends their turn. */
export async function setSpeaker(viewer: Viewer, conferenceId: number, userId: number, allow: boolean): Promise<Stage> {
  const conference = await stageConference(viewer, conferenceId, "speakers");
  const member = await getUserById(userId);
  if (!member || !await mayAttend(member, conference)) throw new StageError(404, STAGE_REFUSALS.memberNotFound);
  if (member.role === "admin") throw new StageError(400, STAGE_REFUSALS.hostOnStage);
  const theirs = and(eq(liveStage.conferenceId, conferenceId), eq(liveStage.userId, userId));
  // One transaction: two hosts' invitations at once cannot both take the last place.
  const changed = await withTransaction(async () => {
    const role = await stageRole(conferenceId, userId);
    if (allow && role !== "speaker") {
      const speakers = (await first(db.select({ n: count() }).from(liveStage).where(and(eq(liveStage.conferenceId, conferenceId), eq(liveStage.role, "speaker"))).limit(1)))?.n ?? 0;
      // The host holds one of the LIVE_MAX_SPEAKERS places.
      if (speakers + 1 >= env.LIVE_MAX_SPEAKERS) throw new StageError(409, STAGE_REFUSALS.full(env.LIVE_MAX_SPEAKERS));
      await db.insert(liveStage)
        .values({ conferenceId, userId, role: "speaker", name: liveDisplayName(member), at: new Date() })
        .onConflictDoUpdate({ target: [liveStage.conferenceId, liveStage.userId], set: { role: "speaker", name: liveDisplayName(member), at: new Date() } });
      return true;
    }
    if (!allow && role === "speaker") return changes(await db.delete(liveStage).where(theirs)) > 0;
    return false;
  });
  if (changed) await announce(conferenceId);
  return await stageOf(conferenceId);
}
