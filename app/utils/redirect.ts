import { safeRedirect } from "remix-utils/safe-redirect";

/**
 * Only same-site relative paths are honoured ("/students", not "//evil.com"
 * or "https://evil.com"); anything else falls back.
 */
export function sanitizeRedirect(target: unknown, fallback = "/"): string {
  if (typeof target !== "string" || target.includes("\\")) return fallback;
  return safeRedirect(target, fallback);
}
