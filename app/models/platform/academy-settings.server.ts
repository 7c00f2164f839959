import { eq } from "drizzle-orm";
import { db } from "#db/client.server";
import { academySettings } from "#db/schema";
import { contactLink, type ContactLink } from "~/schemas/academy-contact";

// Academy-wide settings an admin edits in the browser. One key today: the
// contact address shown wherever the site tells members to contact the academy.

const CONTACT_KEY = "contact";

const contactQuery = db.select({ value: academySettings.value }).from(academySettings).where(eq(academySettings.key, CONTACT_KEY)).prepare();

/** The contact address as the admin typed it, or null when none is set. */
export async function getContactAddress(): Promise<string | null> {
  return (await contactQuery.get())?.value ?? null;
}

/** The contact address as a link (mailto: or https), or null: pages then say "contact the academy" without one. */
export async function getContactLink(): Promise<ContactLink | null> {
  return contactLink(await getContactAddress());
}

/** Saves the (already validated) address; null removes it. */
export async function setContactAddress(address: string | null): Promise<string | null> {
  if (address === null) {
    await db.delete(academySettings).where(eq(academySettings.key, CONTACT_KEY));
    return null;
  }
  await db.insert(academySettings)
    .values({ key: CONTACT_KEY, value: address })
    .onConflictDoUpdate({ target: academySettings.key, set: { value: address, updatedAt: new Date() } });
  return address;
}
