import { Fragment } from "react";

// Must match HIGHLIGHT_START / HIGHLIGHT_END in app/models/community/knowledge-base.server.ts
// (not imported: that module is server-only).
const START = "\u0002";
const END = "\u0003";

/**
 * Shows a search snippet with its hits in <mark>. The snippet is plain text
 * with marker characters around each hit; it is split here and rendered as
 * React text, so nothing in an article can become markup.
 */
export function HighlightedText({ text, className }: { text: string; className?: string }) {
  // Snippets come from the Markdown source: drop emphasis and heading marks.
  const plain = text.replace(/[*_#`]+/g, "");
  const parts: { text: string; hit: boolean }[] = [];
  for (const [i, chunk] of plain.split(START).entries()) {
    if (i === 0) {
      parts.push({ text: chunk.replaceAll(END, ""), hit: false });
      continue;
    }
    const end = chunk.indexOf(END);
    if (end === -1) {
      parts.push({ text: chunk, hit: false });
    } else {
      parts.push({ text: chunk.slice(0, end), hit: true });
      parts.push({ text: chunk.slice(end + 1).replaceAll(END, ""), hit: false });
    }
  }
  return (
    <p className={className}>
      {parts.map((part, i) =>
        part.hit ? (
          <mark key={i} className="hit">
            {part.text}
          </mark>
        ) : (
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </p>
  );
}
