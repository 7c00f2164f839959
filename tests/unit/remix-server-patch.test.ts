import { createRequire } from "node:module";
import type * as RemixReact from "@remix-run/react";
import type * as ReactApi from "react";
import type * as ReactDomServer from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { aBuild, entryContextFor, type TestBuild } from "./remix-entry-context";

// patches/@remix-run+react (decision 020): <RemixServer> makes the server's
// route tree once per build (keyed by the manifest's routes) instead of on
// every request. Loaded through require, as the server build loads it.
const require = createRequire(import.meta.url);
const React = require("react") as typeof ReactApi;
const { renderToString } = require("react-dom/server") as typeof ReactDomServer;
const { RemixServer, Outlet } = require("@remix-run/react") as typeof RemixReact;
// The module <RemixServer> calls createServerRoutes from (its own require of ./routes.js).
const remixRoutes = require("@remix-run/react/dist/routes.js") as { createServerRoutes: (...args: unknown[]) => unknown };

const pageSaying = (text: string) => aBuild(() => React.createElement(Outlet), () => React.createElement("p", null, text));

async function renderRequest(build: TestBuild): Promise<string> {
  const url = "http://academy.test/";
  return renderToString(React.createElement(RemixServer, { context: await entryContextFor(build, url), url }));
}

describe("<RemixServer>, patched", () => {
  const original = remixRoutes.createServerRoutes;
  let made = 0;
  beforeEach(() => {
    made = 0;
    remixRoutes.createServerRoutes = (...args: unknown[]) => {
      made += 1;
      return original(...args);
    };
  });
  afterEach(() => {
    remixRoutes.createServerRoutes = original;
  });

  it("makes the server route tree once per build, not once per request", async () => {
    const build = pageSaying("first build");
    expect(await renderRequest(build)).toBe("<p>first build</p>");
    expect(await renderRequest(build)).toBe("<p>first build</p>");
    expect(await renderRequest(build)).toBe("<p>first build</p>");
    expect(made).toBe(1);
  });

  it("makes a new tree for a new build (a development rebuild)", async () => {
    expect(await renderRequest(pageSaying("one"))).toBe("<p>one</p>");
    expect(await renderRequest(pageSaying("two"))).toBe("<p>two</p>");
    expect(made).toBe(2);
  });
});
