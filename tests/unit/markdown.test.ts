import { describe, expect, it } from "vitest";
import { renderMarkdown } from "~/utils/markdown.server";

describe("Markdown from users and admins", () => {
  it("renders ordinary Markdown", () => {
    const html = renderMarkdown("Hello **seekers**\n\n- one\n- two");
    expect(html).toContain("<strong>seekers</strong>");
    expect(html).toContain("<li>one</li>");
  });

  it("shows raw HTML and scripts as text", () => {
    const html = renderMarkdown('<script>alert(1)</script><img src=x onerror="alert(2)">');
    expect(html).not.toMatch(/<script|<img|onerror=/i);
    expect(html).toContain("&lt;script&gt;");
  });

  it("drops javascript: links and marks the rest as user content", () => {
    expect(renderMarkdown("[click](javascript:alert(1))")).not.toContain("javascript:");
    const html = renderMarkdown("[guide](https://example.org/guide)");
    expect(html).toContain('href="https://example.org/guide"');
    expect(html).toContain('rel="nofollow ugc noopener"');
  });

  it("keeps one h1 per page by moving headings down", () => {
    expect(renderMarkdown("# Title")).toContain("<h3>Title</h3>");
  });
});
