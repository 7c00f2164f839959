import { marked } from "marked";
import sanitizeHtml from "sanitize-html";

// User and admin Markdown becomes HTML on the server, then passes an allow-list:
// no raw HTML survives, links only to http(s)/mailto, and every link is marked
// as user content.
const ALLOWED_TAGS = [
  "p", "br", "strong", "em", "del", "blockquote", "code", "pre", "ul", "ol", "li",
  "h3", "h4", "h5", "h6", "a", "hr", "table", "thead", "tbody", "tr", "th", "td",
];

// Lesson and article bodies are read far more often than written, and parsing
// plus sanitising is the costliest part of those pages: keep recent results.
const CACHE_LIMIT = 500;
const rendered = new Map<string, string>();

export function renderMarkdown(source: string): string {
  const cached = rendered.get(source);
  if (cached !== undefined) return cached;
  const html = sanitizeMarkdown(source);
  if (rendered.size >= CACHE_LIMIT) rendered.delete(rendered.keys().next().value ?? "");
  rendered.set(source, html);
  return html;
}

function sanitizeMarkdown(source: string): string {
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

/** The words of a Markdown text without any markup, for search and quoting. */
export function markdownToPlainText(source: string): string {
  const html = marked.parse(source, { async: false, gfm: true, breaks: false });
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {}, nonTextTags: ["style", "script", "textarea", "option", "noscript"] });
  return decodeEntities(text).replace(/\s+/g, " ").trim();
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", apos: "'", nbsp: " " };
function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_match, name: string) => ENTITIES[name] ?? "");
}
