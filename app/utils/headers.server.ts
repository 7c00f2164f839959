/** Merges several header sets; Set-Cookie values are appended, never overwritten. */
export function combineHeaders(...sets: Array<HeadersInit | null | undefined>): Headers {
  const combined = new Headers();
  for (const set of sets) {
    if (!set) continue;
    for (const [key, value] of new Headers(set).entries()) {
      if (key === "set-cookie") combined.append(key, value);
      else combined.set(key, value);
    }
  }
  return combined;
}
