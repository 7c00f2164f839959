import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { listBuiltRoutes, normalisedPattern, type RouteModule } from "./built-routes";

// Issue 23: moving route files into folders must not change a URL. The
// committed list (tests/fixtures/route-urls.json) holds every URL pattern the
// built app serves, with what kind of route answers it; this test compares the
// build (`npm run build` first) with it. Parameter names count for nothing
// (`$id` -> `$courseId` changes no URL); a page becoming a resource route, an
// index route becoming a layout, or a route nesting under another does.
// After a deliberate change: UPDATE_ROUTE_URLS=1 npx vitest run tests/integration/route-manifest.test.ts

const FIXTURE = path.resolve(import.meta.dirname, "../fixtures/route-urls.json");

interface RouteUrl {
  url: string;
  /** The URL pattern of the route it nests in ("root": none but the root layout). */
  parent: string;
  kind: RouteModule["kind"];
  index: boolean;
  layout: boolean;
}

function describeRoutes(routes: RouteModule[]): RouteUrl[] {
  const byId = new Map(routes.map((route) => [route.id, route]));
  return routes
    .map((route) => {
      const parent = route.parentId ? byId.get(route.parentId) : undefined;
      return {
        url: normalisedPattern(route.pattern),
        parent: parent ? normalisedPattern(parent.pattern) : "root",
        kind: route.kind,
        index: route.index,
        layout: route.layout,
      };
    })
    .sort((a, b) => a.url.localeCompare(b.url) || Number(a.index) - Number(b.index) || a.kind.localeCompare(b.kind));
}

/** One route a line, so a change reads as a one-line diff. */
function format(urls: RouteUrl[]): string {
  return `[\n${urls.map((url) => `  ${JSON.stringify(url)}`).join(",\n")}\n]\n`;
}

describe("the built route tree", () => {
  let actual: RouteUrl[] = [];
  beforeAll(async () => {
    actual = describeRoutes(await listBuiltRoutes());
  });

  it("serves exactly the URLs in tests/fixtures/route-urls.json", () => {
    if (process.env.UPDATE_ROUTE_URLS) fs.writeFileSync(FIXTURE, format(actual));
    const expected: unknown = JSON.parse(fs.readFileSync(FIXTURE, "utf8"));
    expect(actual).toEqual(expected);
  });

  it("has no two routes answering the same URL the same way", () => {
    const keys = actual.map((route) => `${route.url} ${route.index ? "index" : ""}`);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
  });
});
