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

// The same pattern as notification-events.server's MENTION: @ not inside a word or an address.
const MENTION_IN_TEXT = /(?<![\p{L}\p{N}_.@/])@([A-Za-z0-9_][A-Za-z0-9_.-]{1,39})/gu;
const POST_CACHE_LIMIT = 500;
const renderedPosts = new Map<string, string>();

/**
 * A member's post (forum, lesson discussion) as HTML: renderMarkdown, then
 * every @username outside code and links marked as a mention (issue 47).
 * Runs on sanitised HTML and adds only a span with a fixed class around
 * characters a username may hold, so nothing unsafe can come of it.
 */
export function renderPostMarkdown(source: string): string {
  const cached = renderedPosts.get(source);
  if (cached !== undefined) return cached;
  let skipping = 0;
  const html = renderMarkdown(source)
    .split(/(<[^>]+>)/)
    .map((part) => {
      if (part.startsWith("<")) {
        if (/^<(code|pre|a)[\s>]/i.test(part)) skipping += 1;
        else if (/^<\/(code|pre|a)>/i.test(part)) skipping = Math.max(0, skipping - 1);
        return part;
      }
      return skipping > 0 ? part : part.replace(MENTION_IN_TEXT, (match, name: string) => `<span class="mention">@${name.replace(/[.-]+$/, "")}</span>${name.match(/[.-]+$/)?.[0] ?? ""}`);
    })
    .join("");
  if (renderedPosts.size >= POST_CACHE_LIMIT) renderedPosts.delete(renderedPosts.keys().next().value ?? "");
  renderedPosts.set(source, html);
  return html;
}
