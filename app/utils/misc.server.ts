import { env } from "~/utils/env.server";

/** The academy's public address, for links that leave the site (shares, QR codes). */
export function publicOrigin(request: Request): string {
  return env.PUBLIC_URL?.replace(/\/$/, "") ?? new URL(request.url).origin;
}
