import { describe, expect, it } from "vitest";
import { readDismissedId } from "~/schemas/conference-banner";
import { readCookie } from "~/utils/cookies";

describe("reading one cookie from a Cookie header", () => {
  it("finds the named cookie among others and decodes it", () => {
    expect(readCookie("a=1; tz=Europe%2FBerlin; b=2", "tz")).toBe("Europe/Berlin");
    expect(readCookie("tz=UTC", "tz")).toBe("UTC");
  });

  it("does not take a cookie whose name only ends with the one asked for", () => {
    expect(readCookie("xtz=Asia%2FTokyo", "tz")).toBeNull();
  });

  it("answers null for a missing header, a missing cookie or a malformed escape", () => {
    expect(readCookie(null, "tz")).toBeNull();
    expect(readCookie("a=1", "tz")).toBeNull();
    expect(readCookie("tz=%E0%A4%A", "tz")).toBeNull();
  });

  it("reads the banner's dismissed conference only as a whole number", () => {
    expect(readDismissedId("conference-banner-dismissed=42")).toBe(42);
    expect(readDismissedId("conference-banner-dismissed=42abc")).toBeNull();
    expect(readDismissedId("conference-banner-dismissed=1234567890")).toBeNull();
    expect(readDismissedId(null)).toBeNull();
  });
});
