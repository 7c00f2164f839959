import type { HeadersFunction } from "@remix-run/node";

/**
 * The response header a route sets to let the server keep its page for
 * anonymous visitors for a few seconds (server/page-cache.ts, which removes
 * it before the answer leaves). Only for pages that show every visitor the
 * same thing: no captcha, no form token, nothing from a session.
 */
export const PAGE_CACHE_HEADER = "x-academy-page-cache";

export const publicPageHeaders: HeadersFunction = () => ({ [PAGE_CACHE_HEADER]: "public" });

/** The same for an API read (resource routes have no `headers` export): only where nothing depends on who asks. */
export const PUBLIC_ANSWER = { [PAGE_CACHE_HEADER]: "public" } as const;
