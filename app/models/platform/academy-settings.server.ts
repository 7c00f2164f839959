import { eq } from "drizzle-orm";
import { db } from "#db/client.server";
import { academySettings } from "#db/schema";
import { channel } from "~/utils/bus.server";
import { contactLink, type ContactLink } from "~/schemas/academy-contact";

// Academy-wide settings an admin edits in the browser. One key today: the
// contact address shown wherever the site tells members to contact the academy.

const CONTACT_KEY = "contact";

const contactQuery = db.select({ value: academySettings.value }).from(academySettings).where(eq(academySettings.key, CONTACT_KEY)).prepare();

// Every page shows the contact link (the footer), so the address is kept in
// memory rather than read per request: on PostgreSQL each query is a round trip
// (issue 43). A change tells every process over the bus to forget it; the
// time limit only bounds how long a lost message could leave it stale.
const CONTACT_KEPT_MS = 30_000;
let remembered: { address: string | null; until: number } | undefined;
// Counts changes, so a read that began before one does not remember what it read.
let changesSeen = 0;
const settingsChanged = channel<{ key: string }>("academy-settings");
settingsChanged.subscribe(() => {
  remembered = undefined;
  changesSeen++;
});

/** The contact address as the admin typed it, or null when none is set. */
export async function getContactAddress(): Promise<string | null> {
  if (remembered && remembered.until > Date.now()) return remembered.address;
  const before = changesSeen;
  const address = (await contactQuery.get())?.value ?? null;
  if (changesSeen === before) remembered = { address, until: Date.now() + CONTACT_KEPT_MS };
  return address;
}

/** The contact address as a link (mailto: or https), or null: pages then say "contact the academy" without one. */
export async function getContactLink(): Promise<ContactLink | null> {
  return contactLink(await getContactAddress());
}

/** Saves the (already validated) address; null removes it. */
export async function setContactAddress(address: string | null): Promise<string | null> {
  if (address === null) {
    await db.delete(academySettings).where(eq(academySettings.key, CONTACT_KEY));
  } else {
    await db.insert(academySettings)
      .values({ key: CONTACT_KEY, value: address })
      .onConflictDoUpdate({ target: academySettings.key, set: { value: address, updatedAt: new Date() } });
  }
  // After the write (a read meanwhile may have remembered the old address); to other processes after the commit.
  settingsChanged.publish({ key: CONTACT_KEY });
  return address;
}
