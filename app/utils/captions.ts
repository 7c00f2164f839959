// Captions (issue 38): WebVTT and SRT files read into cues, and cues written
// back as the WebVTT the academy stores and serves. Hand-written rather than
// an npm parser (docs/decisions/025): the npm parsers read one format each,
// keep cue markup, and cannot name the line an author must fix. Cue text comes
// out as plain text (tags stripped, entities decoded), so a `<script>` in a
// caption is only ever shown as nothing, and serialising escapes it again.

export interface Cue {
  /** Seconds, to the millisecond. */
  start: number;
  end: number;
  /** Plain text; lines separated by "\n". */
  text: string;
}

export type CaptionFormat = "vtt" | "srt";

/** The largest caption file accepted, in bytes. */
export const MAX_CAPTION_BYTES = 1024 * 1024;

export class CaptionFormatError extends Error {
  constructor(
    readonly line: number,
    problem: string,
  ) {
    super(`line ${line}: ${problem}`);
    this.name = "CaptionFormatError";
  }
}

const VTT_TIME = String.raw`(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})`;
const VTT_TIMING = new RegExp(String.raw`^${VTT_TIME}[ \t]+-->[ \t]+${VTT_TIME}(?:[ \t]+(.*))?$`);
// SRT writers vary: one-digit hours, a dot instead of the comma, fewer millisecond digits.
const SRT_TIME = String.raw`(\d{1,3}):([0-5]?\d):([0-5]?\d)[,.](\d{1,3})`;
const SRT_TIMING = new RegExp(String.raw`^\s*${SRT_TIME}\s*-->\s*${SRT_TIME}(?:\s+.*)?$`);
// Cue settings kept when a cue is stored (position, alignment); anything else is dropped.
const CUE_SETTING = /^(vertical|line|position|size|align|region):[^\s<>&"]+$/;

const VTT_EXAMPLE = "00:00:01.000 --> 00:00:04.000";
const SRT_EXAMPLE = "00:00:01,000 --> 00:00:04,000";

function seconds(hours: string | undefined, minutes: string, secs: string, millis: string): number {
  const ms = Number(millis.padEnd(3, "0"));
  return Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(secs) + ms / 1000;
}

/** 75.5 → "00:01:15.500" (WebVTT); with "," the SRT form. */
export function formatTimestamp(value: number, separator: "." | "," = "."): string {
  const totalMs = Math.max(0, Math.round(value * 1000));
  const ms = totalMs % 1000;
  const totalSeconds = Math.floor(totalMs / 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  return `${pad(Math.floor(totalSeconds / 3600))}:${pad(Math.floor(totalSeconds / 60) % 60)}:${pad(totalSeconds % 60)}${separator}${pad(ms, 3)}`;
}

/** "1:05" or "1:02:05": how a transcript shows a cue's start. */
export function formatClock(value: number): string {
  const total = Math.max(0, Math.floor(value));
  const h = Math.floor(total / 3600);
  const m = Math.floor(total / 60) % 60;
  const s = String(total % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0", lrm: "\u200e", rlm: "\u200f" };

/**
 * A cue's payload as plain text: a voice span `<v Ana>` becomes "Ana: ",
 * every other tag (WebVTT's <b> <i> <c.x> <00:00:01.000>, SRT's <font>, an
 * injected <script>) and SSA overrides `{\an8}` are dropped, entities decoded.
 */
export function plainCueText(payload: string): string {
  return payload
    .replace(/<v(?:\.[^\s>]*)?[ \t]+([^>]*)>/g, (_, name: string) => (name.trim() ? `${name.trim()}: ` : ""))
    .replace(/<[^>]*>?/g, "")
    .replace(/\{\\[^}]*\}/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith("#")) {
        const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1));
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .split("\n")
    .map((line) => line.replace(/[\p{Cc}]/gu, "").trim())
    .filter(Boolean)
    .join("\n");
}

interface Block {
  /** 1-based number of the block's first line in the file. */
  line: number;
  lines: string[];
}

function blocksOf(lines: string[], from: number): Block[] {
  const blocks: Block[] = [];
  let current: Block | null = null;
  for (let i = from; i < lines.length; i++) {
    const text = lines[i] ?? "";
    if (text.trim() === "") {
      current = null;
      continue;
    }
    if (!current) {
      current = { line: i + 1, lines: [] };
      blocks.push(current);
    }
    current.lines.push(text);
  }
  return blocks;
}

interface ParseOptions {
  /** The video's length in seconds when known: no cue may end after it. */
  durationSeconds?: number | null;
}

function checkTimes(cue: { start: number; end: number }, line: number, options: ParseOptions, separator: "." | ",") {
  if (cue.end < cue.start) {
    throw new CaptionFormatError(line, `the cue ends (${formatTimestamp(cue.end, separator)}) before it starts (${formatTimestamp(cue.start, separator)})`);
  }
  const duration = options.durationSeconds;
  // Half a second of slack: recorders and encoders round the length they report.
  if (duration && duration > 0 && cue.end > duration + 0.5) {
    throw new CaptionFormatError(
      line,
      `the cue ends at ${formatTimestamp(cue.end, separator)}, after the end of the video (${formatTimestamp(duration, separator)})`,
    );
  }
}

interface ParsedCue extends Cue {
  settings: string;
}

function parseVtt(lines: string[], options: ParseOptions): ParsedCue[] {
  const signature = lines[0] ?? "";
  if (!/^WEBVTT(?:[ \t].*)?$/.test(signature)) {
    throw new CaptionFormatError(1, 'a WebVTT file must start with "WEBVTT"');
  }
  // The header runs to the first blank line.
  let start = 1;
  while (start < lines.length && (lines[start] ?? "").trim() !== "") start++;
  const cues: ParsedCue[] = [];
  for (const block of blocksOf(lines, start)) {
    const first = block.lines[0] ?? "";
    if (/^NOTE(?:[ \t]|$)/.test(first)) continue;
    if (cues.length === 0 && /^(STYLE|REGION)[ \t]*$/.test(first)) continue;
    // An optional identifier line, then the timing line; when neither has an arrow, the first line is the broken timing.
    const timingIndex = !first.includes("-->") && (block.lines[1] ?? "").includes("-->") ? 1 : 0;
    const timingLine = block.lines[timingIndex];
    const lineNumber = block.line + timingIndex;
    const match = timingLine === undefined ? null : VTT_TIMING.exec(timingLine.trim());
    if (!match) throw new CaptionFormatError(timingLine === undefined ? block.line : lineNumber, `expected a cue timing like ${VTT_EXAMPLE}`);
    const [, h1, m1, s1, ms1, h2, m2, s2, ms2, rest] = match;
    const cue = {
      start: seconds(h1, m1 ?? "0", s1 ?? "0", ms1 ?? "0"),
      end: seconds(h2, m2 ?? "0", s2 ?? "0", ms2 ?? "0"),
    };
    checkTimes(cue, lineNumber, options, ".");
    const text = plainCueText(block.lines.slice(timingIndex + 1).join("\n"));
    const settings = (rest ?? "")
      .split(/[ \t]+/)
      .filter((setting) => CUE_SETTING.test(setting))
      .join(" ");
    if (text) cues.push({ ...cue, text, settings });
  }
  return cues;
}

function parseSrt(lines: string[], options: ParseOptions): ParsedCue[] {
  const cues: ParsedCue[] = [];
  for (const block of blocksOf(lines, 0)) {
    const first = (block.lines[0] ?? "").trim();
    const timingIndex = /^\d+$/.test(first) ? 1 : 0;
    const timingLine = block.lines[timingIndex];
    const lineNumber = block.line + timingIndex;
    const match = timingLine === undefined ? null : SRT_TIMING.exec(timingLine);
    if (!match) {
      // A block that is neither a cue number nor a timing: the file is not SRT at all when it is the first one.
      if (cues.length === 0 && timingIndex === 0 && !first.includes("-->")) {
        throw new CaptionFormatError(block.line, 'expected "WEBVTT" (a WebVTT file) or a cue number (an SRT file)');
      }
      throw new CaptionFormatError(timingLine === undefined ? block.line : lineNumber, `expected a cue timing like ${SRT_EXAMPLE}`);
    }
    const [, h1, m1, s1, ms1, h2, m2, s2, ms2] = match;
    const cue = {
      start: seconds(h1, m1 ?? "0", s1 ?? "0", ms1 ?? "0"),
      end: seconds(h2, m2 ?? "0", s2 ?? "0", ms2 ?? "0"),
    };
    checkTimes(cue, lineNumber, options, ",");
    const text = plainCueText(block.lines.slice(timingIndex + 1).join("\n"));
    if (text) cues.push({ ...cue, text, settings: "" });
  }
  return cues;
}

export interface ParsedCaptions {
  format: CaptionFormat;
  cues: Cue[];
  /** The file as the academy stores and serves it. */
  vtt: string;
}

/**
 * Reads a WebVTT or SRT file (which one is told by its first line). Throws a
 * CaptionFormatError naming the line to fix: not a caption file, a bad cue
 * timing, a cue ending before it starts or after the video, or no cues at all.
 */
export function parseCaptions(source: string, options: ParseOptions = {}): ParsedCaptions {
  const lines = source.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n").split("\n");
  const firstFilled = lines.findIndex((line) => line.trim() !== "");
  if (firstFilled === -1) throw new CaptionFormatError(1, "the file is empty; expected WebVTT or SRT captions");
  const format: CaptionFormat = /^WEBVTT/.test(lines[0] ?? "") ? "vtt" : "srt";
  const parsed = format === "vtt" ? parseVtt(lines, options) : parseSrt(lines, options);
  if (parsed.length === 0) throw new CaptionFormatError(lines.length, "the file has no cues with text");
  const ordered = parsed.map((cue, index) => ({ cue, index })).sort((a, b) => a.cue.start - b.cue.start || a.index - b.index).map(({ cue }) => cue);
  return { format, cues: ordered.map(({ start, end, text }) => ({ start, end, text })), vtt: writeVtt(ordered) };
}

const escapeCueText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Cues as a WebVTT file (text escaped; no blank lines inside a cue, which would end it). */
export function writeVtt(cues: ReadonlyArray<Cue & { settings?: string }>): string {
  const blocks = cues.map((cue) => {
    const timing = `${formatTimestamp(cue.start)} --> ${formatTimestamp(cue.end)}${cue.settings ? ` ${cue.settings}` : ""}`;
    return `${timing}\n${escapeCueText(cue.text.replace(/-->/g, "->"))}`;
  });
  return `WEBVTT\n\n${blocks.join("\n\n")}\n`;
}

/** Shifts every cue by `offset` seconds (a later piece of split audio). */
export function shiftCues(cues: readonly Cue[], offset: number): Cue[] {
  return cues.map((cue) => ({ ...cue, start: cue.start + offset, end: cue.end + offset }));
}

const languageNames = new Intl.DisplayNames(["en"], { type: "language", fallback: "none" });

/**
 * A BCP 47 language tag in its canonical case ("pt-br" → "pt-BR"), or null
 * when it is malformed or its language is not one the platform knows.
 */
export function canonicalLanguage(tag: string): string | null {
  if (tag.length > 35 || !/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/.test(tag)) return null;
  try {
    const [canonical] = Intl.getCanonicalLocales(tag);
    if (!canonical) return null;
    const language = new Intl.Locale(canonical).language;
    return languageNames.of(language) ? canonical : null;
  } catch {
    return null;
  }
}

/** "English", "Brazilian Portuguese": the label when the author gives none. */
export function languageName(tag: string): string {
  try {
    return languageNames.of(tag) ?? tag;
  } catch {
    return tag;
  }
}
