import { describe, expect, it } from "vitest";
import { AcademyContactApiSchema, AcademyContactSchema, contactLink, isContactAddress } from "~/schemas/academy-contact";
import { PremiumRequestSchema } from "~/schemas/premium-request";

describe("the academy's contact address", () => {
  it("accepts an email address or an https page", () => {
    expect(isContactAddress("help@academy.example")).toBe(true);
    expect(isContactAddress("https://academy.example/contact")).toBe(true);
  });

  it("refuses other schemes, bare words, hosts without a dot and credentials in the URL", () => {
    for (const value of ["http://academy.example", "javascript:alert(1)", "mailto:help@academy.example", "help", "https://localhost/x", "https://user:pw@academy.example", "ftp://academy.example"]) {
      expect(isContactAddress(value), value).toBe(false);
    }
  });

  it("reads the admin's form: trimmed, empty clears, bad input has a message", () => {
    expect(AcademyContactSchema.parse({ contact: "  help@academy.example " })).toEqual({ contact: "help@academy.example" });
    expect(AcademyContactSchema.parse({})).toEqual({ contact: null });
    const refused = AcademyContactSchema.safeParse({ contact: "www.academy.example" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe("Enter an email address or a web address starting with https://");
    expect(AcademyContactSchema.safeParse({ contact: `https://academy.example/${"a".repeat(260)}` }).success).toBe(false);
  });

  it("reads the API's body: null or empty clears, a missing field is an error", () => {
    expect(AcademyContactApiSchema.parse({ contact: null })).toEqual({ contact: null });
    expect(AcademyContactApiSchema.parse({ contact: "" })).toEqual({ contact: null });
    expect(AcademyContactApiSchema.safeParse({}).success).toBe(false);
  });

  it("links an email with mailto: and a page to itself", () => {
    expect(contactLink("help@academy.example")).toEqual({ href: "mailto:help@academy.example", label: "help@academy.example" });
    expect(contactLink("https://academy.example/ask")).toEqual({ href: "https://academy.example/ask", label: "academy.example/ask" });
    expect(contactLink("https://academy.example")).toEqual({ href: "https://academy.example/", label: "academy.example" });
    expect(contactLink(null)).toBeNull();
    expect(contactLink("javascript:alert(1)")).toBeNull();
  });
});

describe("a Premium request's note", () => {
  it("is optional, trimmed, and at most 500 characters", () => {
    expect(PremiumRequestSchema.parse({})).toEqual({ message: null });
    expect(PremiumRequestSchema.parse({ message: "  hello  " })).toEqual({ message: "hello" });
    expect(PremiumRequestSchema.parse({ message: "   " })).toEqual({ message: null });
    expect(PremiumRequestSchema.safeParse({ message: "x".repeat(501) }).success).toBe(false);
    expect(PremiumRequestSchema.safeParse({ message: 7 }).success).toBe(false);
  });
});
