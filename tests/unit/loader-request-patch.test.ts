import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

// patches/@remix-run+server-runtime (decision 020): a loader gets the request
// itself when there is no `index`, `_data` or `_routes` parameter to strip,
// instead of two copies per loader. (The app shares reads between loaders
// through the load context, not through this.)
const require = createRequire(import.meta.url);
const data = require("@remix-run/server-runtime/dist/data.js") as {
  callRouteLoader: (args: {
    loadContext: unknown;
    loader: (args: { request: Request }) => unknown;
    params: Record<string, string>;
    request: Request;
    routeId: string;
    singleFetch: boolean;
  }) => Promise<unknown>;
};

async function requestSeenByLoader(request: Request, singleFetch = false): Promise<Request> {
  let seen: Request | undefined;
  await data.callRouteLoader({
    loadContext: {},
    params: {},
    routeId: "routes/test",
    singleFetch,
    request,
    loader: ({ request: given }) => {
      seen = given;
      return null;
    },
  });
  if (!seen) throw new Error("the loader was not called");
  return seen;
}

describe("the request a loader receives", () => {
  it("is the request itself when there is nothing to strip", async () => {
    const request = new Request("http://academy.test/course/1?section=2", { headers: { Cookie: "academy_session=abc" } });
    expect(await requestSeenByLoader(request)).toBe(request);
    expect(await requestSeenByLoader(request, true)).toBe(request);
  });

  it("still loses Remix's own parameters, keeping everything else", async () => {
    const index = await requestSeenByLoader(new Request("http://academy.test/?index&q=moon", { headers: { Cookie: "a=b" } }));
    expect(index.url).toBe("http://academy.test/?q=moon");
    expect(index.headers.get("Cookie")).toBe("a=b");
    const dataRequest = await requestSeenByLoader(new Request("http://academy.test/courses?_data=routes%2Fcourses&page=2"));
    expect(dataRequest.url).toBe("http://academy.test/courses?page=2");
    const routes = await requestSeenByLoader(new Request("http://academy.test/courses?_routes=root&page=2"), true);
    expect(routes.url).toBe("http://academy.test/courses?page=2");
  });
});
