import { z } from "zod";

// The address members are sent to when the site says "contact the academy":
// an email address or an https page (a contact form, a help desk). Shared by
// the admin's form, the JSON API and the pages that show it.

export const CONTACT_MAX = 254;
export const CONTACT_INVALID = "Enter an email address or a web address starting with https://";

const Email = z.string().email();

function isHttpsUrl(value: string): boolean {
  if (!value.startsWith("https://")) return false;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.includes(".") && url.username === "" && url.password === "";
  } catch {
    return false;
  }
}

export function isContactAddress(value: string): boolean {
  return Email.safeParse(value).success || isHttpsUrl(value);
}

const ContactField = z
  .string()
  .trim()
  .max(CONTACT_MAX, `Keep the contact address under ${CONTACT_MAX} characters`)
  .refine((value) => value === "" || isContactAddress(value), CONTACT_INVALID);

/** The admin's form: an empty field clears the address. */
export const AcademyContactSchema = z.object({
  contact: ContactField.optional().transform((value) => value || null),
});

/** PUT /api/admin/academy-contact: `null` or "" clears the address. */
export const AcademyContactApiSchema = z.object({
  contact: ContactField.nullable().transform((value) => value || null),
});

export interface ContactLink {
  href: string;
  /** What the link reads: the email address, or the page's host and path. */
  label: string;
}

/** A stored contact address as a link (mailto: for an email), or null when none is usable. */
export function contactLink(address: string | null | undefined): ContactLink | null {
  if (!address || !isContactAddress(address)) return null;
  if (!address.startsWith("https://")) return { href: `mailto:${address}`, label: address };
  const url = new URL(address);
  return { href: url.href, label: `${url.host}${url.pathname === "/" ? "" : url.pathname}` };
}
