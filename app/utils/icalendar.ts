// The few pieces of iCalendar (RFC 5545) the academy writes: every TEXT value
// goes through escapeText, every content line through contentLine, so a title
// can never end one line and begin another (issue 30).

/** A TEXT value (§3.3.11): backslash, semicolon and comma escaped; a line break becomes \n; CR and other controls dropped. */
export function escapeText(value: string): string {
  return (
    value
      .replace(/\r\n/g, "\n")
      // TEXT allows no control character but HTAB: a lone CR (a break to some readers) or a NUL is dropped.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, "")
      .replace(/[\\;,]/g, (character) => `\\${character}`)
      .replace(/\n/g, "\\n")
  );
}

const MAX_LINE_OCTETS = 75;
const encoder = new TextEncoder();

/**
 * Folds one content line (§3.1): no physical line longer than 75 octets, the
 * CRLF and the leading space of a continuation not counted, and never inside
 * a character (a UTF-8 sequence or a surrogate pair).
 */
export function foldLine(line: string): string {
  const physical: string[] = [];
  let current = "";
  let octets = 0;
  for (const character of line) {
    const size = encoder.encode(character).length;
    const room = physical.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > room) {
      physical.push(current);
      current = "";
      octets = 0;
    }
    current += character;
    octets += size;
  }
  physical.push(current);
  return physical.join("\r\n ");
}

/** `NAME;PARAM=x:value`, folded and ended with CRLF. The value is written as given: escape TEXT with escapeText first. */
export function contentLine(name: string, value: string, parameters = ""): string {
  return `${foldLine(`${name}${parameters}:${value}`)}\r\n`;
}

/** A TEXT property: the one way the academy writes a name, title or description. */
export function textLine(name: string, value: string): string {
  return contentLine(name, escapeText(value));
}

/** A DATE-TIME in UTC (§3.3.5, form 2): 20260329T163000Z. */
export function utcDateTime(date: Date): string {
  return date.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}
