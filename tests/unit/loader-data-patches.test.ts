import { createRequire } from "node:module";
import type * as Router from "@remix-run/router";
import { describe, expect, it } from "vitest";

// Two patches (decision 020) on the way from loaders to the page:
// - patches/@remix-run+server-runtime: the route modules a document request
//   hands to React are collected once per build, not per request;
// - patches/@remix-run+router: a `json()` answer keeps its text, so the server
//   reads it back with one JSON.parse instead of through the body stream.
const require = createRequire(import.meta.url);
const entry = require("@remix-run/server-runtime/dist/entry.js") as {
  createEntryRouteModules: (manifest: Record<string, { module: unknown }>) => Record<string, unknown>;
};
const router = require("@remix-run/router") as typeof Router;

describe("route modules for a document request", () => {
  it("are collected once per manifest, with every route's module", () => {
    const manifest = { root: { module: { default: "Root" } }, "routes/a": { module: { default: "A" } } };
    const first = entry.createEntryRouteModules(manifest);
    expect(first).toEqual({ root: { default: "Root" }, "routes/a": { default: "A" } });
    expect(entry.createEntryRouteModules(manifest)).toBe(first);
    expect(entry.createEntryRouteModules({ ...manifest })).not.toBe(first);
  });
});

async function loaderDataOf(answer: () => Response) {
  let response: Response | undefined;
  const handler = router.createStaticHandler([
    {
      id: "root",
      path: "/",
      loader: () => {
        response = answer();
        return response;
      },
    },
  ]);
  const context = await handler.query(new Request("http://academy.test/"));
  if (context instanceof Response || !response) throw new Error("expected a render context");
  return { data: context.loaderData.root as unknown, statusCode: context.statusCode, bodyRead: response.bodyUsed };
}

describe("a loader's json() answer read back on the server", () => {
  it("gives the same data as reading the body, without reading it", async () => {
    const value = { title: "Moon <rituals>", when: new Date(Date.UTC(2026, 10, 27)), skipped: undefined, list: [1, "two", null] };
    const read = await loaderDataOf(() => router.json(value, { status: 201 }));
    expect(read.data).toEqual(JSON.parse(JSON.stringify(value)));
    expect(read.statusCode).toBe(201);
    expect(read.bodyRead).toBe(false);
  });

  it("still reads other JSON answers from their body", async () => {
    const read = await loaderDataOf(() => new Response('{"made":"by hand"}', { headers: { "Content-Type": "application/json" } }));
    expect(read.data).toEqual({ made: "by hand" });
    expect(read.bodyRead).toBe(true);
  });
});
