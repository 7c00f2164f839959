import { describe, expect, it } from "vitest";
import { foldForSearch, makeSnippet } from "~/utils/search-snippet";

const marks = { start: "[", end: "]" };

describe("search snippets", () => {
  it("marks every hit, ignoring case and accents as the index does", () => {
    expect(makeSnippet(["A calm Café start, then the cafe opens."], ["CAFE"], marks)).toBe("A calm [Café] start, then the [cafe] opens.");
    expect(foldForSearch("Ångström ÉTÉ")).toBe("angstrom ete");
  });

  it("keeps positions right when folding changes the text's length", () => {
    // "ﬁ" (one character) folds to itself, "é" written as e + combining accent folds to one letter.
    expect(makeSnippet(["une fe\u0301te de ﬁn"], ["fete"], marks)).toBe("une [fe\u0301te] de ﬁn");
  });

  it("shows the field with the most different terms; the first one on a tie", () => {
    const body = "Nothing to see here.";
    expect(makeSnippet([body, "Tarot spreads", "Moon and tarot"], ["moon", "tarot"], marks)).toBe("[Moon] and [tarot]");
    expect(makeSnippet(["tarot in the body", "tarot in the summary"], ["tarot"], marks)).toBe("[tarot] in the body");
    expect(makeSnippet([body, "summary"], ["absent"], marks)).toBeNull();
    expect(makeSnippet([body], [], marks)).toBeNull();
  });

  it("cuts a long text at spaces around the best passage, with ellipses", () => {
    const filler = "lorem ipsum dolor sit amet ".repeat(20);
    const text = `${filler}the grounding ritual before a reading ${filler}`;
    const snippet = makeSnippet([text], ["grounding", "reading"], marks, 60) ?? "";
    expect(snippet.startsWith("…")).toBe(true);
    expect(snippet.endsWith("…")).toBe(true);
    expect(snippet).toContain("the [grounding] ritual before a [reading]");
    const shown = snippet.replace(/[[\]…]/g, "");
    expect(shown.length).toBeLessThanOrEqual(60);
    expect(text).toContain(shown.trim());
    // Whole words only at both ends.
    expect(shown.trim().split(" ").every((word) => text.includes(` ${word} `))).toBe(true);
  });

  it("prefers the window that holds more of the terms over the first hit", () => {
    const text = `moon first. ${"filler words ".repeat(30)}then moon and tarot together.`;
    expect(makeSnippet([text], ["moon", "tarot"], marks, 40)).toContain("[moon] and [tarot]");
  });

  it("leaves the text itself alone: markup stays text for the page to escape", () => {
    expect(makeSnippet(["The <b>starlit</b> guide"], ["starlit"], marks)).toBe("The <b>[starlit]</b> guide");
  });
});

describe("search snippets of unusual input", () => {
  it("copes with a term longer than the snippet and with overlapping terms", () => {
    const term = "x".repeat(30);
    expect(makeSnippet([`a ${term} b`], [term], marks, 10)).toContain(`[${"x".repeat(8)}`);
    expect(makeSnippet(["the moonlight"], ["moon", "moonlight"], marks)).toBe("the [moonlight]");
  });
});
