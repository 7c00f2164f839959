import { json } from "@remix-run/node";
import { env } from "~/utils/env.server";

export const PUBLIC_URL_MISSING =
  "The academy's public address is not configured (PUBLIC_URL), so links that leave the site cannot be made. Please tell the academy's administrator.";

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * The academy's public address, for links that leave the site (certificate
 * shares, QR codes, payment returns). It comes from PUBLIC_URL. Without it,
 * production trusts the request's Host only when it names this machine
 * (someone trying the academy out locally): any other Host could be an
 * attacker's choice, so those links are refused (503) rather than pointed at it.
 */
export function publicOrigin(request: Request): string {
  if (env.PUBLIC_URL) return env.PUBLIC_URL.replace(/\/$/, "");
  const origin = new URL(request.url);
  if (env.NODE_ENV !== "production" || LOOPBACK_HOSTS.has(origin.hostname)) return origin.origin;
  throw json({ message: PUBLIC_URL_MISSING }, { status: 503 });
}
