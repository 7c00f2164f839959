import os from "node:os";
import path from "node:path";
import { and, eq, gt, like, ne } from "drizzle-orm";
import { withTransaction, type Tx } from "#db/client.server";
import { leases } from "#db/schema";

// Which academy instances (servers, each with its own workers) share this
// database right now (issue 44). Each instance holds a lease row named after
// it and renews it while it runs; one that stops or is killed lets it expire.
// Only the embedded SFU cares: a live room's media must live in one process,
// and rooms are not routed between instances, so it refuses company.

const PREFIX = "instance:";
/** A killed instance counts as running for at most this long. */
export const INSTANCE_LEASE_MS = 30_000;
const RENEW_MS = 5000;

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

interface OtherInstance {
  name: string;
  expiresAt: Date;
}

/** The other instances this one may not run beside (none, or the reason in one sentence). */
function conflict(others: OtherInstance[], embeddedMedia: boolean): string | null {
  const embeddedElsewhere = others.find((other) => other.name.startsWith(`${PREFIX}embedded:`));
  if (embeddedElsewhere) {
    return `Another academy instance (${embeddedElsewhere.name.slice(`${PREFIX}embedded:`.length)}) on this database keeps live media to itself (MEDIA_BACKEND=embedded, or janus without JANUS_URL), which other instances cannot share: give every instance MEDIA_BACKEND=janus with one shared JANUS_URL, or livekit.`;
  }
  if (embeddedMedia && others.length > 0) {
    return `This instance would keep live media to itself (MEDIA_BACKEND=embedded, or janus without JANUS_URL), but ${others.length} other academy instance(s) already run on this database: give every instance MEDIA_BACKEND=janus with one shared JANUS_URL, or livekit.`;
  }
  return null;
}

/**
 * Registers this instance, or refuses: an instance with the embedded SFU
 * starts only alone, and nobody joins one that runs it. A row in the way is
 * believed only once it is renewed: a database restored from a backup (or an
 * instance killed a moment ago) carries rows of instances that do not run
 * here. The last check and the insert are one serializable transaction
 * (decision 030), so two instances starting at once cannot both pass.
 * A stopped instance's row simply expires (INSTANCE_LEASE_MS).
 */
export async function registerInstance(name: string, { embeddedMedia }: { embeddedMedia: boolean }): Promise<void> {
  const own = leaseName(name, embeddedMedia);
  const othersNow = async (tx: Tx): Promise<OtherInstance[]> => {
    const rows = await tx
      .select({ name: leases.name, expiresAt: leases.expiresAt })
      .from(leases)
      .where(and(like(leases.name, `${PREFIX}%`), ne(leases.name, own), gt(leases.expiresAt, new Date())));
    // The same instance under its other media setting is this one, restarted.
    return rows.filter((row) => !row.name.endsWith(`:${name}`));
  };
  const seen = await withTransaction(othersNow);
  if (conflict(seen, embeddedMedia)) await new Promise((resolve) => setTimeout(resolve, RENEW_MS + 2000));
  const stale = (row: OtherInstance) => seen.some((earlier) => earlier.name === row.name && earlier.expiresAt.getTime() === row.expiresAt.getTime());
  await withTransaction(async (tx) => {
    const refusal = conflict((await othersNow(tx)).filter((row) => !stale(row)), embeddedMedia);
    if (refusal) throw new EmbeddedMediaConflictError(refusal);
    const expiresAt = new Date(Date.now() + INSTANCE_LEASE_MS);
    await tx.insert(leases).values({ name: own, holder: name, expiresAt }).onConflictDoUpdate({ target: leases.name, set: { holder: name, expiresAt } });
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
