import os from "node:os";
import path from "node:path";
import { and, eq, gt, like, ne } from "drizzle-orm";
import { withTransaction } from "#db/client.server";
import { leases } from "#db/schema";

// Which academy instances (servers, each with its own workers) share this
// database right now (issue 44). Each instance holds a lease row named after
// it and renews it while it runs; one that stops or is killed lets it expire.
// Only the embedded SFU cares: a live room's media must live in one process,
// and rooms are not routed between instances, so it refuses company.

const PREFIX = "instance:";
/** A killed instance counts as running for at most this long. */
export const INSTANCE_LEASE_MS = 30_000;
const RENEW_MS = 10_000;

/**
 * The instance's name: its host and data folder (each instance has its own:
 * the live rooms' sockets live there). The same instance restarted after a
 * crash, within the lease, takes over its own row instead of meeting itself.
 */
export function instanceName(dataDir: string): string {
  return `${os.hostname()}:${path.resolve(dataDir)}`;
}

function leaseName(name: string, embedded: boolean): string {
  return `${PREFIX}${embedded ? "embedded" : "shared"}:${name}`;
}

export class EmbeddedMediaConflictError extends Error {}

/**
 * Registers this instance, or refuses: an instance with the embedded SFU
 * starts only alone, and nobody joins one that runs it. One serializable
 * transaction (decision 030), so two instances starting at once cannot both pass.
 * A stopped instance's row simply expires (INSTANCE_LEASE_MS).
 */
export async function registerInstance(name: string, { embeddedMedia }: { embeddedMedia: boolean }): Promise<void> {
  const own = leaseName(name, embeddedMedia);
  const now = new Date();
    await withTransaction(async (tx) => {
      const others = await tx
        .select({ name: leases.name })
        .from(leases)
        .where(and(like(leases.name, `${PREFIX}%`), ne(leases.name, own), gt(leases.expiresAt, now)));
      const otherNames = others.map((row) => row.name).filter((other) => !other.endsWith(`:${name}`));
      const embeddedElsewhere = otherNames.find((other) => other.startsWith(`${PREFIX}embedded:`));
      if (embeddedElsewhere) {
        throw new EmbeddedMediaConflictError(
          `Another academy instance (${embeddedElsewhere.slice(`${PREFIX}embedded:`.length)}) on this database keeps live media to itself (MEDIA_BACKEND=embedded, or janus without JANUS_URL), which other instances cannot share: give every instance MEDIA_BACKEND=janus with one shared JANUS_URL, or livekit.`,
        );
      }
      if (embeddedMedia && otherNames.length > 0) {
        throw new EmbeddedMediaConflictError(
          `This instance would keep live media to itself (MEDIA_BACKEND=embedded, or janus without JANUS_URL), but ${otherNames.length} other academy instance(s) already run on this database: give every instance MEDIA_BACKEND=janus with one shared JANUS_URL, or livekit.`,
        );
      }
      await tx
        .insert(leases)
        .values({ name: own, holder: name, expiresAt: new Date(now.getTime() + INSTANCE_LEASE_MS) })
        .onConflictDoUpdate({ target: leases.name, set: { holder: name, expiresAt: new Date(now.getTime() + INSTANCE_LEASE_MS) } });
  });
  const renew = setInterval(() => {
    withTransaction(async (tx) => {
      await tx.update(leases).set({ expiresAt: new Date(Date.now() + INSTANCE_LEASE_MS) }).where(eq(leases.name, own));
    }).catch(() => {
      // The database is away for a moment; the next renewal tries again.
    });
  }, RENEW_MS);
  renew.unref();
}
