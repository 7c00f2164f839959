import { eq } from "drizzle-orm";
import { db } from "#db/client.server";
import { academySettings } from "#db/schema";
import { contactLink, type ContactLink } from "~/schemas/academy-contact";

// Academy-wide settings an admin edits in the browser. One key today: the
// contact address shown wherever the site tells members to contact the academy.

const CONTACT_KEY = "contact";

const contactQuery = db.select({ value: academySettings.value }).from(academySettings).where(eq(academySettings.key, CONTACT_KEY)).prepare();

/** The contact address as the admin typed it, or null when none is set. */
export function getContactAddress(): string | null {
  return contactQuery.get()?.value ?? null;
}

/** The contact address as a link (mailto: or https), or null: pages then say "contact the academy" without one. */
export function getContactLink(): ContactLink | null {
  return contactLink(getContactAddress());
}

/** Saves the (already validated) address; null removes it. */
export function setContactAddress(address: string | null): string | null {
  if (address === null) {
    db.delete(academySettings).where(eq(academySettings.key, CONTACT_KEY)).run();
    return null;
  }
  db.insert(academySettings)
    .values({ key: CONTACT_KEY, value: address })
    .onConflictDoUpdate({ target: academySettings.key, set: { value: address, updatedAt: new Date() } })
    .run();
  return address;
}
