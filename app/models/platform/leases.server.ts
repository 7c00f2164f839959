import crypto from "node:crypto";
import { and, eq, lte } from "drizzle-orm";
import { db, changes } from "#db/client.server";
import { leases } from "#db/schema";

// Work one academy process at a time may do (issue 41), held as a row: taken
// when free or expired, given back when done. A process killed while holding
// one leaves it to expire, never to be taken over while it is still working.

/** Who holds a lease: this process, for as long as it runs. */
const HOLDER = `${process.pid}:${crypto.randomBytes(4).toString("hex")}`;

/** Takes the lease when it is free or its holder's time ran out; true when this process now holds it. */
export async function tryTakeLease(name: string, ms: number, now = Date.now()): Promise<boolean> {
  const expiresAt = new Date(now + ms);
  const taken = changes(await db
    .insert(leases)
    .values({ name, holder: HOLDER, expiresAt })
    .onConflictDoUpdate({ target: leases.name, set: { holder: HOLDER, expiresAt }, setWhere: lte(leases.expiresAt, new Date(now)) }));
  return taken === 1;
}

export async function releaseLease(name: string): Promise<void> {
  await db.delete(leases).where(and(eq(leases.name, name), eq(leases.holder, HOLDER)));
}

/**
 * Runs `work` while holding the lease, waiting (polling) for it while another
 * process holds it, at most `waitMs`. The lease outlives a stuck holder by `ms` only.
 */
export async function withLease<T>(name: string, { ms, waitMs }: { ms: number; waitMs: number }, work: () => Promise<T>): Promise<T> {
  const giveUp = Date.now() + waitMs;
  while (!await tryTakeLease(name, ms)) {
    if (Date.now() > giveUp) throw new Error(`"${name}" is busy in another academy process`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  try {
    return await work();
  } finally {
    await releaseLease(name);
  }
}

/** Leases whose holders are gone for good (expired a while ago) are removed. */
export async function pruneExpiredLeases(now = Date.now()): Promise<number> {
  return changes(await db.delete(leases).where(lte(leases.expiresAt, new Date(now - 60_000))));
}

