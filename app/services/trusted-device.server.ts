import crypto from "node:crypto";
import { createCookie } from "@remix-run/node";
import { z } from "zod";
import { isHttps } from "~/models/accounts/session.server";
import { env } from "~/utils/env.server";

// OWASP's device cookies ("Slow Down Online Guessing Attacks with Device
// Cookies"), issue 39: a browser that signed in to an account successfully
// gets a signed cookie naming that account and a random nonce. Its later
// sign-ins to that account spend the browser's own allowance
// (beginTrustedDeviceAttempt, keyed by the nonce), apart from the allowance
// of every other browser; so a guesser elsewhere, however many addresses they
// use, locks out only browsers the account has never signed in from.
// The cookie proves nothing about who is at the keyboard: it only decides
// which counter a sign-in spends. The password is checked as ever.

const DEVICE_COOKIE_NAME = "academy_device";
/** A year: a member who signs in a few times a year keeps their browser trusted. */
const DEVICE_MAX_AGE_SECONDS = 60 * 60 * 24 * 365;
/** A shared family computer may be trusted for a few accounts; the oldest is dropped beyond that. */
const MAX_ACCOUNTS_PER_BROWSER = 5;

const deviceCookie = createCookie(DEVICE_COOKIE_NAME, {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  // Signed with the session secret: a forged or edited cookie parses as null (untrusted).
  secrets: [env.SESSION_SECRET],
  maxAge: DEVICE_MAX_AGE_SECONDS,
});

const TrustedAccountsSchema = z
  .array(z.object({ login: z.string().min(1).max(200), nonce: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) }))
  .max(MAX_ACCOUNTS_PER_BROWSER);
type TrustedAccounts = z.infer<typeof TrustedAccountsSchema>;

const loginKey = (username: string) => username.trim().toLowerCase();

async function readTrustedAccounts(request: Request): Promise<TrustedAccounts> {
  const value: unknown = await deviceCookie.parse(request.headers.get("Cookie"));
  const parsed = TrustedAccountsSchema.safeParse(value);
  return parsed.success ? parsed.data : [];
}

/**
 * The key this browser's sign-in attempts for `username` are counted under, or
 * null when the browser has not signed in to that account before (or its
 * cookie is forged, edited or expired).
 */
export async function trustedDeviceKey(request: Request, username: string): Promise<string | null> {
  const login = loginKey(username);
  const entry = (await readTrustedAccounts(request)).find((account) => account.login === login);
  return entry ? `${entry.login}:${entry.nonce}` : null;
}

/**
 * After a successful sign-in: marks this browser trusted for the account with
 * a fresh nonce (so the failures of the old one are left behind), keeping the
 * other accounts it is trusted for. Returns the Set-Cookie value.
 */
export async function trustThisDevice(request: Request, username: string): Promise<string> {
  const login = loginKey(username);
  const others = (await readTrustedAccounts(request)).filter((account) => account.login !== login);
  const accounts = [{ login, nonce: crypto.randomBytes(18).toString("base64url") }, ...others].slice(0, MAX_ACCOUNTS_PER_BROWSER);
  return deviceCookie.serialize(accounts, { secure: isHttps(request) });
}
