import { describe, expect, it } from "vitest";
import { sanitizeRedirect } from "~/utils/redirect";

describe("redirect sanitising", () => {
  it("keeps same-site relative paths with their query", () => {
    expect(sanitizeRedirect("/join-conference/3")).toBe("/join-conference/3");
    expect(sanitizeRedirect("/students?tab=progress")).toBe("/students?tab=progress");
  });

  it("refuses other sites and tricks, falling back", () => {
    for (const target of ["https://evil.example", "//evil.example", "/\\evil.example", "javascript:alert(1)", "evil", "", null, 42]) {
      expect(sanitizeRedirect(target, "/students")).toBe("/students");
    }
  });
});
