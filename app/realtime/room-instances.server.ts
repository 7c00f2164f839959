import crypto from "node:crypto";
import type { IncomingMessage } from "node:http";
import { and, eq, lte, or } from "drizzle-orm";
import { changes, db } from "#db/client.server";
import { leases } from "#db/schema";
import { env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";

// Which academy instance holds a live room (issue 44). Several instances share
// one PostgreSQL database; a room's members, participant list and Janus feeds
// must still be in one process (decision 026), so the first instance to admit
// a socket for a room takes the lease `live-room:{id}`, holder = its
// INSTANCE_URL, and renews it while the room has members. An instance that
// dies stops renewing: another takes the room over once the lease ran out.
// A socket reaching any other instance is relayed to the holder's address
// (signalling.server.ts), carrying a mark only instances can make.

/** A dead holder keeps its rooms at most this long. */
export const ROOM_LEASE_MS = 15_000;
const RENEW_MS = 5000;
/** A claim counts as in use this long even before its room opened (the member is still being admitted). */
const ADMITTING_MS = 10_000;
/** A relayed upgrade's mark is believed this long (clocks are synchronised: decision 033). */
const MARK_TTL_MS = 60_000;

export const RELAY_HEADER = "x-academy-room-relay";

const leaseName = (conferenceId: number) => `live-room:${conferenceId}`;

/** The room's lease is taken (or kept) by this instance, unless another holds it; returns the holder's address. */
export async function claimRoom(conferenceId: number, now = Date.now()): Promise<string> {
  const name = leaseName(conferenceId);
  const expiresAt = new Date(now + ROOM_LEASE_MS);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const taken = changes(
      await db
        .insert(leases)
        .values({ name, holder: env.INSTANCE_URL, expiresAt })
        .onConflictDoUpdate({
          target: leases.name,
          set: { holder: env.INSTANCE_URL, expiresAt },
          setWhere: or(eq(leases.holder, env.INSTANCE_URL), lte(leases.expiresAt, new Date(now))),
        }),
    );
    if (taken === 1) {
      claimedAt.set(conferenceId, now);
      return env.INSTANCE_URL;
    }
    const [row] = await db.select({ holder: leases.holder }).from(leases).where(eq(leases.name, name));
    // Gone between the two statements (its holder let it go): take it on the next attempt.
    if (row) return row.holder;
  }
  throw new Error(`The lease of live room ${conferenceId} keeps changing hands`);
}

/** Rooms this process claimed, with when: renewed while open, let go once empty. */
const claimedAt = new Map<number, number>();

async function renew(conferenceId: number): Promise<boolean> {
  const kept = await db
    .update(leases)
    .set({ expiresAt: new Date(Date.now() + ROOM_LEASE_MS) })
    .where(and(eq(leases.name, leaseName(conferenceId)), eq(leases.holder, env.INSTANCE_URL)));
  return changes(kept) === 1;
}

async function release(conferenceId: number): Promise<void> {
  claimedAt.delete(conferenceId);
  await db.delete(leases).where(and(eq(leases.name, leaseName(conferenceId)), eq(leases.holder, env.INSTANCE_URL)));
}

/**
 * Renews the leases of this process's open rooms every few seconds and lets
 * go of those that emptied. A lease lost meanwhile (the database was out of
 * reach longer than the lease, and another instance took the room) closes the
 * room here with 1012, so its members join again and reach the new holder.
 * Returns what stops it and lets go of every room (a stopping instance).
 */
export function holdRoomLeases(isOpen: (conferenceId: number) => boolean, lost: (conferenceId: number) => void): () => Promise<void> {
  const tick = async () => {
    for (const [conferenceId, at] of [...claimedAt]) {
      if (isOpen(conferenceId)) {
        if (!await renew(conferenceId)) {
          logger.warn({ conferenceId }, "live room: another instance took this room over; its members join again there");
          claimedAt.delete(conferenceId);
          lost(conferenceId);
        }
      } else if (Date.now() - at > ADMITTING_MS) {
        await release(conferenceId);
      }
    }
  };
  const timer = setInterval(() => {
    tick().catch((error: unknown) => logger.warn({ err: error }, "live room leases could not be renewed; trying again"));
  }, RENEW_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await Promise.all([...claimedAt.keys()].map((conferenceId) => release(conferenceId).catch(() => undefined)));
  };
}

function signature(timestamp: string, req: IncomingMessage): string {
  // The WebSocket key is new for every upgrade, so a mark fits only the request it came with.
  const signed = [timestamp, req.method, req.url, req.headers["sec-websocket-key"] ?? ""].join("\n");
  return crypto.createHmac("sha256", env.SESSION_SECRET).update(signed).digest("hex");
}

/** The mark an instance puts on an upgrade it relays: made with SESSION_SECRET, which only the instances share. */
export function relayMark(req: IncomingMessage, now = Date.now()): string {
  const timestamp = String(now);
  return `${timestamp}.${signature(timestamp, req)}`;
}

/** True when another instance relayed this upgrade (a valid, recent mark): the room is to be held here, not relayed again. */
export function isRelayedByInstance(req: IncomingMessage, now = Date.now()): boolean {
  const mark = req.headers[RELAY_HEADER];
  if (typeof mark !== "string") return false;
  const [timestamp = "", given = ""] = mark.split(".");
  if (!/^\d+$/.test(timestamp) || Math.abs(now - Number(timestamp)) > MARK_TTL_MS) return false;
  const expected = Buffer.from(signature(timestamp, req));
  const actual = Buffer.from(given);
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
}
