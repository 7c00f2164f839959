// Where a user may be sent after signing in (or any redirect whose target came
// from outside). Browsers forgive a lot when they parse a URL — they drop tabs
// and line breaks, read "\" as "/", and some proxies decode %2F — so anything
// that could turn into another site under one of those readings is refused,
// and the answer is re-serialised so it is always a valid header value.

const THIS_SITE = "http://academy.invalid";
// Control characters, whitespace of every kind, and backslashes.
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const UNSAFE = /[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff\\]/;

export function sanitizeRedirect(target: unknown, fallback = "/"): string {
  if (typeof target !== "string" || target.length > 2048 || UNSAFE.test(target)) return fallback;
  if (!target.startsWith("/") || target.startsWith("//")) return fallback;
  let url: URL;
  let decodedPath: string;
  try {
    url = new URL(target, THIS_SITE);
    decodedPath = decodeURIComponent(url.pathname);
  } catch {
    return fallback;
  }
  if (url.origin !== THIS_SITE || decodedPath.startsWith("//") || UNSAFE.test(decodedPath)) return fallback;
  return url.pathname + url.search + url.hash;
}
