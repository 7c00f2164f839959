import { describe, expect, it } from "vitest";
import { DEMO_STUDENT, useAcademy, Visitor } from "./helpers";

// A fresh server, so the study companion's lazy-loaded widget has not been loaded yet.
const academy = useAcademy();

describe("document rendering", () => {
  it("renders a member's very first page in full, lazy widget included, and every page after it the same way", async () => {
    const student = new Visitor(academy.baseUrl);
    expect((await student.login(DEMO_STUDENT.username, DEMO_STUDENT.password)).status).toBe(200);
    const pages: string[] = [];
    for (let i = 0; i < 3; i++) pages.push(await (await student.request("/community")).text());
    for (const html of pages) {
      expect(html.startsWith("<!DOCTYPE html><html")).toBe(true);
      // Rendered on the server (first: by the renderer that waits; then: in one string), not left to the browser.
      expect(html).toContain('data-testid="companion-toggle"');
      expect(html).not.toContain("<!--$!-->");
      expect(html.trimEnd().endsWith("</html>")).toBe(true);
    }
    const withoutNonce = (html: string) => html.replace(/nonce="[^"]+"/g, 'nonce=""');
    expect(withoutNonce(pages[0] ?? "")).toBe(withoutNonce(pages[2] ?? ""));
  });
});
