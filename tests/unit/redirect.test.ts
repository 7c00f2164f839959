import { describe, expect, it } from "vitest";
import { sanitizeRedirect } from "~/utils/redirect";

describe("redirect sanitising", () => {
  it("keeps same-site relative paths with their query and fragment", () => {
    expect(sanitizeRedirect("/join-conference/3")).toBe("/join-conference/3");
    expect(sanitizeRedirect("/students?tab=progress")).toBe("/students?tab=progress");
    expect(sanitizeRedirect("/knowledge-base?q=moon%20phase#results")).toBe("/knowledge-base?q=moon%20phase#results");
  });

  it("refuses other sites and tricks, falling back", () => {
    const tricks = [
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "javascript:alert(1)",
      "evil",
      "",
      null,
      42,
      // Browsers strip tab, CR and LF inside URLs: these become //evil.example.
      "/\t/evil.example",
      "/\r\n/evil.example",
      "/\n/evil.example",
      " //evil.example",
      "/ /evil.example",
      "/\u0000/evil.example",
      "/\u3000/evil.example",
      // Encoded slashes and backslashes that a proxy or a later decode would turn into another site.
      "/%2F/evil.example",
      "/%2f%2fevil.example",
      "/%5C/evil.example",
      "/%09/evil.example",
      "/%0d%0a/evil.example",
      // Malformed escapes.
      "/%E0%A4%A",
      "/".padEnd(3000, "a"),
    ];
    for (const target of tricks) {
      expect(sanitizeRedirect(target, "/students"), JSON.stringify(target)).toBe("/students");
    }
  });

  it("never returns something that cannot be a header value", () => {
    for (const target of ["/caf\u00e9?x=\u2603", "/a/../b", "/students?next=/x\u00ff"]) {
      const location = sanitizeRedirect(target, "/students");
      expect(() => new Headers({ Location: location })).not.toThrow();
      expect(location.startsWith("/") && !location.startsWith("//")).toBe(true);
    }
    expect(sanitizeRedirect("/a/../b")).toBe("/b");
  });
});
