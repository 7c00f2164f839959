import { createRequire } from "node:module";
import type * as RemixReact from "@remix-run/react";
import type * as ReactApi from "react";
import { describe, expect, it } from "vitest";
import handleRequest from "~/entry.server";
import { aBuild, entryContextFor } from "./remix-entry-context";

// app/entry.server.tsx renders a document with renderToString, in one piece,
// and falls back to React's streaming renderer only for a page whose lazy
// component has not loaded yet (decision 020).
const require = createRequire(import.meta.url);
const React = require("react") as typeof ReactApi;
const { Outlet } = require("@remix-run/react") as typeof RemixReact;

const URL = "http://academy.test/";
const loadContext = { clientIp: "127.0.0.1", cspNonce: "test-nonce", requestId: "req-test", memo: {} };
const Root = () => React.createElement("main", null, React.createElement(Outlet));

/** What entry.server's handleRequest returns, as it returns it: a Response, or a promise of one. */
async function answerTo(page: ReactApi.ComponentType): Promise<{ answer: Response | Promise<Response> }> {
  const context = await entryContextFor(aBuild(Root, page), URL);
  return { answer: handleRequest(new Request(URL), 200, new Headers(), context, loadContext) };
}

describe("a document", () => {
  it("with nothing left to load is rendered in one string, at once", async () => {
    const { answer } = await answerTo(() => React.createElement("p", null, "A page"));
    // Not a promise: renderToString answered synchronously, without React's streaming renderer.
    expect(answer).toBeInstanceOf(Response);
    const response = await answer;
    expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(await response.text()).toBe("<!DOCTYPE html><main><p>A page</p></main>");
  });

  it("whose lazy component has not loaded yet waits for it, rather than leaving it to the browser", async () => {
    const Widget = React.lazy(async () => ({ default: () => React.createElement("aside", null, "Lazy widget") }));
    const page = () => React.createElement(React.Suspense, { fallback: null }, React.createElement(Widget));
    const { answer } = await answerTo(page);
    expect(answer).toBeInstanceOf(Promise);
    const html = await (await answer).text();
    expect(html).toContain("<aside>Lazy widget</aside>");
    expect(html).not.toContain("<!--$!-->");
  });
});
