// Search-result snippets made in JavaScript from the few articles a page shows.
// FTS5's snippet() re-tokenises each article into trigrams (~0.12 ms apiece,
// issue 15); finding the terms with indexOf over a folded copy costs a few
// microseconds and matches the same way the index does: ignoring case and accents.

/** Characters of text a snippet shows around its hits (cut at word boundaries). */
export const SNIPPET_LENGTH = 120;

interface Folded {
  text: string;
  /** Index in the original string of each folded character (plus one past the end); null when they are the same. */
  origin: number[] | null;
}

const NON_ASCII = /[^ -~\t\n\r]/;
const COMBINING_MARKS = /\p{M}/gu;

/** Lower case without accents, as the trigram index compares (remove_diacritics). */
export function foldForSearch(text: string): string {
  return fold(text).text;
}

function fold(text: string): Folded {
  if (!NON_ASCII.test(text)) return { text: text.toLowerCase(), origin: null };
  let folded = "";
  const origin: number[] = [];
  for (let i = 0; i < text.length; ) {
    const char = String.fromCodePoint(text.codePointAt(i) ?? 0);
    const plain = char.normalize("NFD").replace(COMBINING_MARKS, "").toLowerCase();
    for (let k = 0; k < plain.length; k++) origin.push(i);
    folded += plain;
    i += char.length;
  }
  origin.push(text.length);
  return { text: folded, origin };
}

interface Hit {
  start: number;
  end: number;
  term: number;
}

/** Every occurrence of every term, in original-string positions, in order. */
function findHits(text: string, terms: string[]): Hit[] {
  const folded = fold(text);
  const at = (i: number) => (folded.origin ? (folded.origin[i] ?? text.length) : i);
  const hits: Hit[] = [];
  terms.forEach((term, index) => {
    if (!term) return;
    for (let from = folded.text.indexOf(term); from !== -1; from = folded.text.indexOf(term, from + term.length)) {
      hits.push({ start: at(from), end: at(from + term.length), term: index });
    }
  });
  return hits.sort((a, b) => a.start - b.start || b.end - a.end);
}

/** The window start that covers the most different terms; the earliest on a tie. */
function bestWindow(hits: Hit[], length: number): number {
  let best = hits[0]?.start ?? 0;
  let bestCount = 0;
  // Slide over the hits (sorted by start): `counts` holds the terms of hits[from..to).
  const counts = new Map<number, number>();
  let to = 0;
  for (let from = 0; from < hits.length; from++) {
    const windowEnd = (hits[from]?.start ?? 0) + length;
    for (; to < hits.length && (to <= from || (hits[to]?.end ?? 0) <= windowEnd); to++) {
      const term = hits[to]?.term ?? 0;
      counts.set(term, (counts.get(term) ?? 0) + 1);
    }
    if (counts.size > bestCount) {
      best = hits[from]?.start ?? 0;
      bestCount = counts.size;
    }
    const leaving = hits[from]?.term ?? 0;
    const left = (counts.get(leaving) ?? 0) - 1;
    if (left > 0) counts.set(leaving, left);
    else counts.delete(leaving);
  }
  return best;
}

/**
 * A short piece of the field that matches best (most different terms; on a
 * tie the first field given), with `start`/`end` around each hit and "…" where
 * the text was cut. Null when no field contains any of the terms.
 */
export function makeSnippet(
  fields: string[],
  terms: string[],
  markers: { start: string; end: string },
  length = SNIPPET_LENGTH,
): string | null {
  const foldedTerms = [...new Set(terms.map(foldForSearch).filter(Boolean))];
  let chosen: { text: string; hits: Hit[]; distinct: number } | null = null;
  for (const text of fields) {
    const hits = findHits(text, foldedTerms);
    const distinct = new Set(hits.map((hit) => hit.term)).size;
    if (distinct > (chosen?.distinct ?? 0)) chosen = { text, hits, distinct };
  }
  if (!chosen) return null;
  const { text, hits } = chosen;

  // A little context before the first hit, then cut both ends at a space.
  const first = bestWindow(hits, length);
  let start = Math.max(0, first - Math.floor(length / 5));
  if (start > 0) {
    const space = text.lastIndexOf(" ", start);
    start = space === -1 || first - space > length / 2 ? start : space + 1;
  }
  let end = Math.min(text.length, start + length);
  if (end < text.length) {
    const space = text.lastIndexOf(" ", end);
    if (space > first) end = space;
  }

  let out = start > 0 ? "…" : "";
  let at = start;
  for (const hit of hits) {
    if (hit.start < at || hit.start >= end) continue;
    const hitEnd = Math.min(hit.end, end);
    out += text.slice(at, hit.start) + markers.start + text.slice(hit.start, hitEnd) + markers.end;
    at = hitEnd;
  }
  out += text.slice(at, end) + (end < text.length ? "…" : "");
  return out;
}
