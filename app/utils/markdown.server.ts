import { marked } from "marked";
import sanitizeHtml from "sanitize-html";

// User and admin Markdown becomes HTML on the server, then passes an allow-list:
// no raw HTML survives, links only to http(s)/mailto, and every link is marked
// as user content.
const ALLOWED_TAGS = [
  "p", "br", "strong", "em", "del", "blockquote", "code", "pre", "ul", "ol", "li",
  "h3", "h4", "h5", "h6", "a", "hr", "table", "thead", "tbody", "tr", "th", "td",
];

export function renderMarkdown(source: string): string {
  const html = marked.parse(source, { async: false, gfm: true, breaks: false });
  return sanitizeHtml(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: { a: ["href", "title", "rel", "target"] },
    allowedSchemes: ["http", "https", "mailto"],
    allowProtocolRelative: false,
    // Headings a writer uses (#, ##) are shown one level down so the page keeps one h1.
    transformTags: {
      h1: "h3",
      h2: "h3",
      a: sanitizeHtml.simpleTransform("a", { rel: "nofollow ugc noopener", target: "_blank" }),
    },
    disallowedTagsMode: "escape",
  });
}
