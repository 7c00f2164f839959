import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { z } from "zod";

// The route tree as Remix serves it: read from the production build's route
// manifest (build/server/index.js exports `routes`), so every route, whatever
// folder or file convention made it, is listed with the URL Remix matches.

export const BUILD_FILE = path.resolve(import.meta.dirname, "../../build/server/index.js");

const BuiltRouteSchema = z.object({
  id: z.string(),
  parentId: z.string().optional(),
  path: z.string().optional(),
  index: z.boolean().optional(),
  caseSensitive: z.boolean().optional(),
  /** The names the route module exports (a page has `default`). */
  exports: z.array(z.string()),
});
type BuiltRoute = z.infer<typeof BuiltRouteSchema>;

export type PathSegment =
  | { kind: "static"; text: string; optional: boolean }
  | { kind: "param"; name: string; optional: boolean }
  | { kind: "splat" };

export interface RouteModule {
  /** Remix's route id, as `?_data=` expects it. */
  id: string;
  /** The whole URL pattern, from the root: `/course/:courseId`, `/api/*`; an index route has its parent's. */
  pattern: string;
  segments: PathSegment[];
  parentId: string | null;
  index: boolean;
  /** Other routes nest in it. */
  layout: boolean;
  /** A page renders a component; a resource route (no default export) answers with its loader or action alone. */
  kind: "page" | "resource";
}

/**
 * Imports the build in a child process (importing it opens a database, so it
 * gets a throwaway data folder) and prints the manifest without the modules.
 * Asynchronously: a test's open keep-alive connections must not go stale
 * while it waits.
 */
async function readManifest(): Promise<BuiltRoute[]> {
  if (!fs.existsSync(BUILD_FILE)) throw new Error(`No build at ${BUILD_FILE}: run \`npm run build\` first.`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-manifest-"));
  const script = `
    const { routes } = await import(${JSON.stringify(pathToFileURL(BUILD_FILE).href)});
    const listed = Object.values(routes).map(({ module, ...route }) => ({ ...route, exports: Object.keys(module) }));
    process.stdout.write(JSON.stringify(listed), () => process.exit(0));
  `;
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ["--input-type=module", "-e", script], {
      encoding: "utf8",
      maxBuffer: 16 * 1024 * 1024,
      env: {
        ...process.env,
        NODE_ENV: "production",
        DATABASE_PATH: path.join(dataDir, "academy.db"),
        UPLOADS_DIR: path.join(dataDir, "uploads"),
        SESSION_SECRET: "route-manifest-secret-0123456789-abcdefghijklmnop",
        LOG_LEVEL: "warn",
      },
    });
    return z.array(BuiltRouteSchema).parse(JSON.parse(stdout));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function segmentsOf(pattern: string): PathSegment[] {
  return pattern
    .split("/")
    .filter(Boolean)
    .map((piece): PathSegment => {
      if (piece === "*") return { kind: "splat" };
      const optional = piece.endsWith("?");
      const text = optional ? piece.slice(0, -1) : piece;
      return text.startsWith(":") ? { kind: "param", name: text.slice(1), optional } : { kind: "static", text, optional };
    });
}

/** Every route but the root, with its whole URL pattern, sorted by pattern. */
export async function listBuiltRoutes(): Promise<RouteModule[]> {
  const manifest = await readManifest();
  const byId = new Map(manifest.map((route) => [route.id, route]));
  const parents = new Set(manifest.flatMap((route) => (route.parentId ? [route.parentId] : [])));
  const patternOf = (route: BuiltRoute): string => {
    const parent = route.parentId ? byId.get(route.parentId) : undefined;
    if (route.parentId && !parent) throw new Error(`${route.id} names a missing parent ${route.parentId}`);
    const above = parent ? patternOf(parent) : "";
    const own = route.path ?? "";
    if (!own) return above || "/";
    return `${above === "/" ? "" : above}/${own}`;
  };
  return manifest
    .filter((route) => route.id !== "root")
    .map((route) => {
      const pattern = patternOf(route);
      return {
        id: route.id,
        pattern,
        segments: segmentsOf(pattern),
        parentId: route.parentId ?? null,
        index: route.index === true,
        layout: parents.has(route.id),
        kind: route.exports.includes("default") ? ("page" as const) : ("resource" as const),
      };
    })
    .sort((a, b) => a.pattern.localeCompare(b.pattern) || Number(a.index) - Number(b.index) || a.id.localeCompare(b.id));
}

/** `:courseId` and `:id` alike become `:param`: renaming a parameter changes no URL. */
export function normalisedPattern(pattern: string): string {
  return pattern.replace(/:[^/?]+/g, ":param");
}
