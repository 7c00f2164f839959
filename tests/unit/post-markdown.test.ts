import { describe, expect, it } from "vitest";
import { renderPostMarkdown } from "~/utils/markdown.server";

describe("a post's Markdown", () => {
  it("marks @mentions in text, not in code, links or addresses", () => {
    const html = renderPostMarkdown("Thanks @luna_marsh! See `@notme` and [@link](https://example.com) or mail me@example.com, @sage.");
    expect(html).toContain('<span class="mention">@luna_marsh</span>!');
    expect(html).toContain("<code>@notme</code>");
    expect(html).toContain(">@link</a>");
    expect(html).toContain("me@example.com");
    expect(html).not.toContain('<span class="mention">@example.com');
    // A sentence's full stop is not part of the name.
    expect(html).toContain('<span class="mention">@sage</span>.');
  });

  it("never lets markup through a mention", () => {
    const html = renderPostMarkdown('@<script>alert(1)</script> and @"onmouseover=x');
    expect(html).not.toContain("<script>");
    expect(html).not.toContain('<span class="mention">@"');
  });
});
