import path from "node:path";
import { ESLint } from "eslint";
import { WITHOUT_TYPE_INFORMATION } from "./lint-without-types";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AppLink } from "~/components/ui/app-link";

// <AppLink> is the one place a plain in-app anchor is written (decision 020); a lint rule keeps it so.
// The type-aware rules (floating promises) need a real program; these rules do not.
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, "../.."), overrideConfig: WITHOUT_TYPE_INFORMATION });

async function rawAnchorProblems(code: string, filePath = "app/components/fixture.tsx"): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.message.includes("not a raw data-discover anchor")).length;
}

describe("<AppLink>", () => {
  it("renders the plain anchor the body's click handler follows", () => {
    expect(renderToStaticMarkup(createElement(AppLink, { to: "/course/1", className: "underline", children: "The course" }))).toBe(
      '<a href="/course/1" data-discover="true" class="underline">The course</a>',
    );
  });

  it("renders the attributes it is given, and no others", () => {
    const props = { to: "/students", "aria-current": "page", "aria-label": "Portal", title: "Portal", "data-testid": "portal", children: "Portal" } as const;
    expect(renderToStaticMarkup(createElement(AppLink, props))).toBe(
      '<a href="/students" data-discover="true" title="Portal" aria-label="Portal" aria-current="page" data-testid="portal">Portal</a>',
    );
  });

  it("keeps the scroll position when asked, as <Link preventScrollReset> does", () => {
    expect(renderToStaticMarkup(createElement(AppLink, { to: "/lesson?section=2", preventScrollReset: true, children: "Section 2" }))).toBe(
      '<a href="/lesson?section=2" data-discover="true" data-prevent-scroll-reset="true">Section 2</a>',
    );
  });
});

// The first lint loads the TypeScript parser: seconds on a busy machine.
describe("the lint rule against raw in-app anchors", { timeout: 30_000 }, () => {
  it("rejects a hand-written data-discover anchor in a component or a route", async () => {
    const code = `export const A = () => <a href="/courses" data-discover="true">Courses</a>;\n`;
    expect(await rawAnchorProblems(code)).toBe(1);
    expect(await rawAnchorProblems(code, "app/routes/courses.tsx")).toBe(1);
    expect(await rawAnchorProblems(`export const B = () => <a href="/x" data-discover>X</a>;\n`)).toBe(1);
  });

  it("accepts <AppLink>, other anchors, and the anchor inside app-link.tsx itself", async () => {
    expect(await rawAnchorProblems(`import { AppLink } from "~/components/ui/app-link";\nexport const A = () => <AppLink to="/courses">Courses</AppLink>;\n`)).toBe(0);
    expect(await rawAnchorProblems(`export const B = () => <a href="#main">Skip</a>;\n`)).toBe(0);
    expect(await rawAnchorProblems(`export const C = () => <a href="/x" data-discover="true">X</a>;\n`, "app/components/ui/app-link.tsx")).toBe(0);
  });
});
