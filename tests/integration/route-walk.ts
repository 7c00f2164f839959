import type { PathSegment } from "./built-routes";

// Fills the dynamic segments of a route's URL pattern (from the built route
// manifest, ./built-routes) with candidate values, for the Premium walk.

export interface ConcretePath {
  path: string;
  params: Record<string, string>;
}

export interface Candidates {
  /** Values for every `$param`. */
  params: string[];
  /** Values for the `$` splat. */
  splats: string[];
  /**
   * With two or more params, combinations are kept where at most one param
   * is outside `anchors`: every value still reaches every position (paired
   * with each anchor), but the square of the whole list is not sent.
   */
  anchors?: string[];
}

type Choice = { text: string | null; param?: [string, string]; free: boolean };

/**
 * The pattern filled in with the candidate values (optional segments both
 * present and absent). A pattern whose combinations still pass `limit` gets
 * an evenly spread sample of them.
 */
export function fillPattern(segments: PathSegment[], candidates: Candidates, limit = 1_000): ConcretePath[] {
  const anchors = new Set(candidates.anchors ?? candidates.params);
  const paramCount = segments.filter((segment) => segment.kind === "param").length;
  const maxFree = paramCount >= 2 ? 1 : paramCount;
  const choices: Choice[][] = segments.map((segment) => {
    if (segment.kind === "splat") return candidates.splats.map((value) => ({ text: value, param: ["*", value], free: false }));
    const present: Choice[] =
      segment.kind === "static"
        ? [{ text: encodeURIComponent(segment.text), free: false }]
        : candidates.params.map((value) => ({ text: encodeURIComponent(value), param: [segment.name, value], free: !anchors.has(value) }));
    return segment.optional ? [{ text: null, free: false }, ...present] : present;
  });

  const combinations: Choice[][] = [];
  const extend = (index: number, chosen: Choice[], free: number) => {
    if (index === choices.length) {
      combinations.push(chosen);
      return;
    }
    for (const choice of choices[index] ?? []) {
      const nowFree = free + (choice.free ? 1 : 0);
      if (nowFree <= maxFree) extend(index + 1, [...chosen, choice], nowFree);
    }
  };
  extend(0, [], 0);

  const step = Math.max(1, combinations.length / limit);
  const paths = new Map<string, ConcretePath>();
  for (let position = 0; position < combinations.length; position += step) {
    const chosen = combinations[Math.floor(position)] ?? [];
    const concrete = `/${chosen.flatMap((choice) => (choice.text === null ? [] : [choice.text])).join("/")}`;
    const params = Object.fromEntries(chosen.flatMap((choice) => (choice.param ? [choice.param] : [])));
    if (!paths.has(concrete)) paths.set(concrete, { path: concrete, params });
  }
  return [...paths.values()];
}

/** Runs `work` over the items with at most `limit` running at once. */
export async function forEachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next];
      next += 1;
      if (item !== undefined) await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
