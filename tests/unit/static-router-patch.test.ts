import { createRequire } from "node:module";
import type * as RouterApi from "@remix-run/router";
import type * as RouterDomServer from "react-router-dom/server";
import { describe, expect, it } from "vitest";

// patches/react-router-dom (decision 020): createStaticRouter makes the data
// routes of a routes array once instead of on every request, so the route
// matcher's cache (patches/@remix-run+router) sees the same array each time.
// Required from @remix-run/react, as <RemixServer> requires it.
const fromRemixReact = createRequire(createRequire(import.meta.url).resolve("@remix-run/react"));
const { createStaticRouter } = fromRemixReact("react-router-dom/server") as typeof RouterDomServer;
const { createStaticHandler } = fromRemixReact("@remix-run/router") as typeof RouterApi;

function routeTree() {
  return [{ id: "root", path: "/", children: [{ id: "index", index: true }, { id: "course", path: "course/:id" }] }];
}

async function contextFor(routes: ReturnType<typeof routeTree>, url: string) {
  const context = await createStaticHandler(routes).query(new Request(url));
  if (context instanceof Response) throw new Error("expected a render context");
  return context;
}

describe("createStaticRouter, patched", () => {
  it("makes the data routes of one route tree once, for every request", async () => {
    const routes = routeTree();
    const first = createStaticRouter(routes, await contextFor(routes, "http://academy.test/course/1"));
    const second = createStaticRouter(routes, await contextFor(routes, "http://academy.test/"));
    expect(second.routes).toBe(first.routes);
    // Each request still gets its own state.
    expect(first.state.location.pathname).toBe("/course/1");
    expect(second.state.location.pathname).toBe("/");
    expect(first.state.matches.map((match) => match.route.id)).toEqual(["root", "course"]);
    expect(second.state.matches.map((match) => match.route.id)).toEqual(["root", "index"]);
  });

  it("makes separate data routes for a separate route tree", async () => {
    const one = routeTree();
    const other = routeTree();
    const a = createStaticRouter(one, await contextFor(one, "http://academy.test/"));
    const b = createStaticRouter(other, await contextFor(other, "http://academy.test/"));
    expect(b.routes).not.toBe(a.routes);
  });
});
