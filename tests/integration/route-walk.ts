import fs from "node:fs";
import path from "node:path";

// Turns the files in app/routes into URL patterns the way Remix v2 flat routes
// do (the rules of @remix-run/dev's flat-routes, restated here so the test
// depends on the file names only), and fills their dynamic segments in.

const ROUTE_MODULE_EXTENSIONS = [".tsx", ".ts", ".jsx", ".js", ".mdx", ".md"];
// vite.config.ts: ignoredRouteFiles.
const IGNORED_ROUTE_FILE = /\.test\./;

export type PathSegment =
  | { kind: "static"; text: string; optional: boolean }
  | { kind: "param"; name: string; optional: boolean }
  | { kind: "splat" };

export interface RouteModule {
  /** The file (or folder) under app/routes, as listed. */
  file: string;
  /** Remix's route id, as `?_data=` expects it. */
  id: string;
  segments: PathSegment[];
}

export interface UnconvertibleRoute {
  file: string;
  reason: string;
}

function routeModuleName(file: string): string | null {
  if (IGNORED_ROUTE_FILE.test(file)) return null;
  const extension = ROUTE_MODULE_EXTENSIONS.find((ext) => file.endsWith(ext));
  return extension ? file.slice(0, -extension.length) : null;
}

/** A folder route is `routes/<name>/route.tsx` (or `index.tsx`); the folder's other files are private modules. */
function folderRouteModule(folder: string): string | null {
  for (const base of ["route", "index"]) {
    const found = fs.readdirSync(folder).find((file) => routeModuleName(file) === base);
    if (found) return found;
  }
  return null;
}

/**
 * Splits a route name on `.` outside `[...]` escapes and `(...)` optionals, as
 * Remix does. The pieces keep their brackets: `[_]x` is not pathless and `[$]`
 * is not a param.
 */
function splitRouteName(name: string): string[] | string {
  const segments: string[] = [];
  let current = "";
  let escaping = false;
  let optional = false;
  for (const char of name) {
    if (escaping) escaping = char !== "]";
    else if (char === "[") escaping = true;
    else if (char === "(") optional = true;
    else if (char === ")") optional = false;
    else if ((char === "." || char === "/") && !optional) {
      if (current) segments.push(current);
      current = "";
      continue;
    }
    current += char;
  }
  if (escaping || optional) return `unbalanced brackets in "${name}"`;
  if (current) segments.push(current);
  return segments;
}

/** The URL pattern of one route name, or why it cannot be read. */
export function routePathSegments(name: string): PathSegment[] | string {
  const raw = splitRouteName(name);
  if (typeof raw === "string") return raw;
  const result: PathSegment[] = [];
  raw.forEach((escaped, index) => {
    const last = index === raw.length - 1;
    if (last && escaped === "_index") return;
    // `_layout` segments add no path; a trailing `_` only opts out of nesting.
    if (escaped.startsWith("_")) return;
    let source = escaped.endsWith("_") ? escaped.slice(0, -1) : escaped;
    const optional = source.startsWith("(") && source.endsWith(")");
    if (optional) source = source.slice(1, -1);
    if (source === "$") {
      result.push({ kind: "splat" });
      return;
    }
    if (source.startsWith("$")) {
      result.push({ kind: "param", name: source.slice(1), optional });
      return;
    }
    result.push({ kind: "static", text: source.replace(/[[\]]/g, ""), optional });
  });
  const splat = result.findIndex((segment) => segment.kind === "splat");
  if (splat !== -1 && splat !== result.length - 1) return `a splat that is not the last segment in "${name}"`;
  const bad = result.find((segment) => segment.kind !== "splat" && /[*:]/.test(segment.kind === "static" ? segment.text : segment.name));
  if (bad) return `a segment Remix refuses in "${name}"`;
  return result;
}

/** Every route module in the folder, with its URL pattern; files whose name cannot be read are listed apart. */
export function listRouteModules(routesDir: string): { routes: RouteModule[]; unconvertible: UnconvertibleRoute[] } {
  const routes: RouteModule[] = [];
  const unconvertible: UnconvertibleRoute[] = [];
  for (const entry of fs.readdirSync(routesDir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    let name: string | null;
    let id: string;
    if (entry.isDirectory()) {
      const module = folderRouteModule(path.join(routesDir, entry.name));
      if (!module) continue;
      name = entry.name;
      id = `routes/${entry.name}/${routeModuleName(module)}`;
    } else {
      name = routeModuleName(entry.name);
      if (name === null) continue;
      id = `routes/${name}`;
    }
    const segments = routePathSegments(name);
    if (typeof segments === "string") unconvertible.push({ file: entry.name, reason: segments });
    else routes.push({ file: entry.name, id, segments });
  }
  return { routes, unconvertible };
}

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
