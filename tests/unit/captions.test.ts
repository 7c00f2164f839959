import { describe, expect, it } from "vitest";
import { canonicalLanguage, CaptionFormatError, formatClock, formatTimestamp, languageName, parseCaptions, plainCueText, shiftCues, writeVtt } from "~/utils/captions";

// Issue 38: caption files an author uploads are read into cues, checked line by
// line, and stored as WebVTT with their markup stripped.

function refusal(source: string, options?: Parameters<typeof parseCaptions>[1]): string {
  try {
    parseCaptions(source, options);
  } catch (error) {
    if (error instanceof CaptionFormatError) return error.message;
    throw error;
  }
  throw new Error("the file was accepted");
}

describe("reading WebVTT", () => {
  it("reads cues with identifiers, notes, styles, hours and settings", () => {
    const source = [
      "WEBVTT - Reading the cards",
      "Kind: captions",
      "",
      "STYLE",
      "::cue { color: yellow }",
      "",
      "NOTE written by the author",
      "",
      "intro",
      "00:01.000 --> 00:04.500 align:start position:10% bogus<x>",
      "Welcome to the <b>Tarot</b> lesson.",
      "",
      "01:00:02.250 --> 01:00:05.000",
      "<v Seraphina>Breathe in.</v>",
      "And out &amp; again.",
      "",
    ].join("\n");
    const parsed = parseCaptions(source);
    expect(parsed.format).toBe("vtt");
    expect(parsed.cues).toEqual([
      { start: 1, end: 4.5, text: "Welcome to the Tarot lesson." },
      { start: 3602.25, end: 3605, text: "Seraphina: Breathe in.\nAnd out & again." },
    ]);
    expect(parsed.vtt).toBe(
      "WEBVTT\n\n00:00:01.000 --> 00:00:04.500 align:start position:10%\nWelcome to the Tarot lesson.\n\n01:00:02.250 --> 01:00:05.000\nSeraphina: Breathe in.\nAnd out &amp; again.\n",
    );
  });

  it("accepts Windows line ends and a byte-order mark, and orders cues by start", () => {
    const parsed = parseCaptions("\uFEFFWEBVTT\r\n\r\n00:00:05.000 --> 00:00:06.000\r\nSecond\r\n\r\n00:00:01.000 --> 00:00:02.000\r\nFirst\r\n");
    expect(parsed.cues.map((cue) => cue.text)).toEqual(["First", "Second"]);
  });

  it("strips markup, so a script in a caption is never markup again", () => {
    const parsed = parseCaptions('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n<script>alert("x")</script>Hello <i>there</i> &lt;b&gt;\n');
    expect(parsed.cues[0]?.text).toBe('alert("x")Hello there <b>');
    expect(parsed.vtt).not.toContain("<script");
    expect(parsed.vtt).toContain('alert("x")Hello there &lt;b&gt;');
    expect(plainCueText("<c.yellow>gold</c> {\\an8}top <00:00:01.500>later")).toBe("gold top later");
  });

  it("names the line of a bad cue timing", () => {
    expect(refusal("WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nFine\n\n00:00:03 --> 00:00:04.000\nBroken\n")).toBe(
      "line 6: expected a cue timing like 00:00:01.000 --> 00:00:04.000",
    );
    expect(refusal("WEBVTT\n\nintro\n1.5 --> 2\nBroken\n")).toBe("line 4: expected a cue timing like 00:00:01.000 --> 00:00:04.000");
  });

  it("names the line of a cue that ends before it starts, or after the video", () => {
    expect(refusal("WEBVTT\n\n\n00:00:04.000 --> 00:00:01.000\nBackwards\n")).toBe("line 4: the cue ends (00:00:01.000) before it starts (00:00:04.000)");
    expect(refusal("WEBVTT\n\n00:00:01.000 --> 00:00:09.000\nToo long\n", { durationSeconds: 6 })).toBe(
      "line 3: the cue ends at 00:00:09.000, after the end of the video (00:00:06.000)",
    );
    // Half a second of slack for rounded lengths.
    expect(parseCaptions("WEBVTT\n\n00:00:01.000 --> 00:00:06.400\nJust fits\n", { durationSeconds: 6 }).cues).toHaveLength(1);
  });

  it("refuses a file with no cues, or one that is neither WebVTT nor SRT", () => {
    expect(refusal("WEBVTT\n\nNOTE nothing here\n")).toMatch(/^line \d+: the file has no cues with text$/);
    expect(refusal("")).toBe("line 1: the file is empty; expected WebVTT or SRT captions");
    expect(refusal("Hello, these are my notes.\nNot captions.\n")).toBe('line 1: expected "WEBVTT" (a WebVTT file) or a cue number (an SRT file)');
    expect(refusal("WEBVTTX\n\n00:00:01.000 --> 00:00:02.000\nx\n")).toBe('line 1: a WebVTT file must start with "WEBVTT"');
  });
});

describe("reading SRT", () => {
  it("converts SRT to WebVTT, with its commas, short hours and <font> tags", () => {
    const parsed = parseCaptions("1\n00:00:01,000 --> 00:00:03,200\n<font color=\"#ff0\">Shuffle</font> the deck.\n\n2\n0:00:04,5 --> 0:00:06,000\n<i>Cut it</i> in three.\n");
    expect(parsed.format).toBe("srt");
    expect(parsed.cues).toEqual([
      { start: 1, end: 3.2, text: "Shuffle the deck." },
      { start: 4.5, end: 6, text: "Cut it in three." },
    ]);
    expect(parsed.vtt).toBe("WEBVTT\n\n00:00:01.000 --> 00:00:03.200\nShuffle the deck.\n\n00:00:04.500 --> 00:00:06.000\nCut it in three.\n");
  });

  it("names the line of a bad SRT timing and of a backwards cue", () => {
    expect(refusal("1\n00:00:01,000 --> 00:00:03,000\nFine\n\n2\n00:00:04 -> 00:00:05,000\nBroken\n")).toBe(
      "line 6: expected a cue timing like 00:00:01,000 --> 00:00:04,000",
    );
    expect(refusal("1\n00:00:05,000 --> 00:00:03,000\nBackwards\n")).toBe("line 2: the cue ends (00:00:03,000) before it starts (00:00:05,000)");
  });
});

describe("writing and shifting cues", () => {
  it("round-trips through writeVtt and shifts a later audio piece", () => {
    const cues = [{ start: 0.5, end: 2, text: "A --> B\nsecond line" }];
    expect(parseCaptions(writeVtt(cues)).cues).toEqual([{ start: 0.5, end: 2, text: "A -> B\nsecond line" }]);
    expect(shiftCues(cues, 600)).toEqual([{ start: 600.5, end: 602, text: "A --> B\nsecond line" }]);
    expect(formatTimestamp(3723.456)).toBe("01:02:03.456");
    expect(formatTimestamp(1.5, ",")).toBe("00:00:01,500");
    expect(formatClock(65.9)).toBe("1:05");
    expect(formatClock(3725)).toBe("1:02:05");
  });
});

describe("language tags", () => {
  it("canonicalises known BCP 47 tags and refuses unknown ones", () => {
    expect(canonicalLanguage("en")).toBe("en");
    expect(canonicalLanguage("pt-br")).toBe("pt-BR");
    expect(canonicalLanguage("zh-Hant")).toBe("zh-Hant");
    expect(canonicalLanguage("xx")).toBeNull();
    expect(canonicalLanguage("english")).toBeNull();
    expect(canonicalLanguage("en_US")).toBeNull();
    expect(canonicalLanguage("<script>")).toBeNull();
    expect(languageName("pt-BR")).toBe("Brazilian Portuguese");
  });
});
