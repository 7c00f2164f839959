import { createRequire } from "node:module";
import fs from "node:fs";
import type * as RouterApi from "@remix-run/router";
import type { AgnosticRouteMatch, AgnosticRouteObject } from "@remix-run/router";
import * as browserBuild from "@remix-run/router/dist/router.js";
import { describe, expect, it, vi } from "vitest";

// patches/@remix-run+router (applied by the postinstall) keeps the ranked
// branches and the matches per routes array in the CommonJS build the server
// loads. The browser's ES module build is left as it was, so it serves as the
// reference the patched matcher must agree with.
const require = createRequire(import.meta.url);
const patchedPath = require.resolve("@remix-run/router");
const patched = require(patchedPath) as typeof RouterApi;
// Its declaration file describes only part of it; the functions are the same API.
const unpatched = browserBuild as unknown as typeof RouterApi;

type Route = AgnosticRouteObject;

/** A tree shaped like the academy's: pathless layouts, indexes, params, splats, optional segments. */
function academyLikeRoutes(): Route[] {
  return [
    {
      id: "root",
      path: "",
      children: [
        { id: "index", index: true },
        { id: "courses", path: "courses" },
        { id: "course", path: "course/:courseId" },
        { id: "lesson", path: "course/:courseId/lesson/:lessonId" },
        {
          id: "community",
          path: "community",
          children: [
            { id: "community-index", index: true },
            { id: "category", path: "category/:categoryId" },
            { id: "topic", path: "topic/:topicId" },
          ],
        },
        { id: "admin-layout", children: [{ id: "admin", path: "admin" }, { id: "admin-members", path: "admin/members/:memberId?" }] },
        { id: "api-course", path: "api/courses/:id" },
        { id: "api-courses", path: "api/courses" },
        { id: "Verify", path: "verify/:code", caseSensitive: true },
        { id: "docs", path: "docs/*" },
        { id: "not-found", path: "*" },
      ],
    },
  ];
}

const PATHS = [
  "/",
  "/courses",
  "/courses/",
  "/course/1",
  "/course/abc/lesson/7",
  "/community",
  "/community/category/3",
  "/community/topic/2000",
  "/admin",
  "/admin/members",
  "/admin/members/42",
  "/api/courses",
  "/api/courses/1",
  "/verify/ABC",
  "/VERIFY/abc",
  "/docs/a/b/c",
  "/COURSES",
  "/caf%C3%A9",
  "/nothing/here",
];

function summary(matches: AgnosticRouteMatch[] | null) {
  return matches?.map((match) => ({ id: match.route.id, params: match.params, pathname: match.pathname, base: match.pathnameBase })) ?? null;
}

describe("the patched route matcher", () => {
  it("is the one the server loads", () => {
    expect(fs.readFileSync(patchedPath, "utf8")).toContain("Patched by the Academy");
  });

  it("ranks a route tree once, not on every match", () => {
    const routes = academyLikeRoutes();
    // Counts how often the matcher looks at the routes' paths: flattening and ranking the tree reads every one.
    let pathReads = 0;
    const watch = (route: Route) => {
      const path = route.path;
      Object.defineProperty(route, "path", {
        get: () => {
          pathReads += 1;
          return path;
        },
      });
      route.children?.forEach(watch);
    };
    routes.forEach(watch);
    expect(summary(patched.matchRoutes(routes, "/course/1"))?.map((match) => match.id)).toEqual(["root", "course"]);
    expect(pathReads).toBeGreaterThan(0);
    pathReads = 0;
    // Another pathname, the same tree: matched against the branches ranked the first time.
    expect(summary(patched.matchRoutes(routes, "/community/topic/7"))?.map((match) => match.id)).toEqual(["root", "community", "topic"]);
    expect(summary(patched.matchRoutes(routes, "/course/1"))?.map((match) => match.id)).toEqual(["root", "course"]);
    expect(pathReads).toBe(0);
  });

  it("compiles a path pattern once", () => {
    // The router warns each time it compiles a pattern ending in a bare "*".
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      for (let i = 0; i < 3; i += 1) expect(patched.matchPath("/patch-test-files*", "/patch-test-files/a")?.params["*"]).toBe("a");
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      warn.mockRestore();
    }
  });

  it("finds exactly what the unpatched matcher finds, the first time and from its cache", () => {
    const routes = academyLikeRoutes();
    const reference = academyLikeRoutes();
    for (const round of [1, 2]) {
      for (const path of PATHS) {
        expect(summary(patched.matchRoutes(routes, path)), `${path} (round ${round})`).toEqual(summary(unpatched.matchRoutes(reference, path)));
        expect(summary(patched.matchRoutes(routes, path, "/academy")), `${path} under a basename`).toEqual(
          summary(unpatched.matchRoutes(reference, path, "/academy")),
        );
      }
    }
  });

  it("returns the caller's own copy, so changing one answer cannot change the next", () => {
    const routes = academyLikeRoutes();
    const first = patched.matchRoutes(routes, "/course/5/lesson/9");
    (first![1]!.params as Record<string, string>).lessonId = "tampered";
    first!.pop();
    const second = patched.matchRoutes(routes, "/course/5/lesson/9");
    expect(summary(second)).toEqual(summary(unpatched.matchRoutes(academyLikeRoutes(), "/course/5/lesson/9")));
    expect(second![1]!.route).toBe(routes[0]!.children![3]);
  });

  it("keeps separate answers for separate route trees", () => {
    const small: Route[] = [{ id: "only", path: "courses" }];
    expect(summary(patched.matchRoutes(academyLikeRoutes(), "/courses"))?.map((match) => match.id)).toEqual(["root", "courses"]);
    expect(summary(patched.matchRoutes(small, "/courses"))?.map((match) => match.id)).toEqual(["only"]);
    expect(patched.matchRoutes(small, "/course/1")).toBeNull();
  });

  it("compiles path patterns the same way for matchPath", () => {
    for (const [pattern, path] of [
      ["/course/:id", "/course/12"],
      ["/course/:id", "/Course/12"],
      ["/docs/*", "/docs/x/y"],
      ["/admin/members/:id?", "/admin/members"],
    ] as const) {
      for (const caseSensitive of [false, true]) {
        for (let round = 0; round < 2; round += 1) {
          expect(patched.matchPath({ path: pattern, caseSensitive }, path)).toEqual(unpatched.matchPath({ path: pattern, caseSensitive }, path));
        }
      }
    }
  });
});
