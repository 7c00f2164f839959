import { describe, expect, it } from "vitest";
import { renderAnswerHtml } from "~/models/companion/companion.server";
import type { ChatSource } from "~/schemas/companion";

const SOURCES: ChatSource[] = [{ n: 1, title: "Grounding", heading: "Why \"it\" matters", url: "/course/1/lesson/2?section=2&x=1", kind: "lesson", locked: false }];

describe("an answer as HTML", () => {
  it("links each valid citation to its source, escaping what it writes", () => {
    const html = renderAnswerHtml("Breathe first [1]. Not a source [4].", SOURCES);
    expect(html).toContain('<a href="/course/1/lesson/2?section=2&amp;x=1" data-citation="1" title="Grounding — Why &quot;it&quot; matters">[1]</a>');
    expect(html).toContain("[4]");
    expect(html).not.toContain('data-citation="4"');
  });

  it("leaves a citation-like text inside a tag alone and passes no raw HTML", () => {
    const html = renderAnswerHtml('See [this](https://example.org "note [1]") and <script>alert(1)</script> [1]', SOURCES);
    expect(html).toContain('title="note [1]"');
    expect(html).not.toContain("<script>");
    expect(html.match(/data-citation="1"/g)).toHaveLength(1);
  });
});
