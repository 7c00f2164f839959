import { describe, expect, it } from "vitest";
import { pageHref, visiblePages } from "~/components/ui/pagination";

describe("page links", () => {
  it("show every page of a short list", () => {
    expect(visiblePages(2, 4)).toEqual([1, 2, 3, 4]);
  });

  it("show first, last and a window around the current page of a long list", () => {
    expect(visiblePages(500, 1000)).toEqual([1, "gap", 498, 499, 500, 501, 502, "gap", 1000]);
    expect(visiblePages(1, 1000)).toEqual([1, 2, 3, "gap", 1000]);
  });
});

describe("page links", () => {
  it("keep the rest of the query and drop page for the first page", () => {
    expect(pageHref(new URLSearchParams("tab=members&q=luna&page=3"), 2)).toBe("?tab=members&q=luna&page=2");
    expect(pageHref(new URLSearchParams("plan=premium&page=3"), 1)).toBe("?plan=premium");
    expect(pageHref(new URLSearchParams(""), 1)).toBe("?");
  });
});
