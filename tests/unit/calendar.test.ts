import { describe, expect, it } from "vitest";
import { conferencesCalendar, feedPath, joinPath } from "~/models/learning/calendar.server";
import type { ConferenceRow } from "~/models/live/conference.server";
import { propertyNames, readCalendar, textOf } from "../icalendar-reader";

const ORIGIN = "https://academy.example";

function conference(fields: Partial<ConferenceRow> & Pick<ConferenceRow, "id" | "title" | "description">): ConferenceRow {
  return {
    scheduledAt: new Date("2026-03-29T16:30:00Z"),
    duration: 90,
    maxParticipants: 100,
    isRecorded: true,
    isLive: false,
    isPremiumOnly: false,
    isRecording: false,
    recordingStartedAt: null,
    startedAt: null,
    endedAt: null,
    remindedAt: null,
    createdBy: null,
    createdAt: new Date("2026-03-01T10:00:00Z"),
    ...fields,
  };
}

/** Content lines with folding undone (RFC 5545 §3.1: CRLF followed by one space or tab). */
function unfold(ics: string): string[] {
  return ics.replace(/\r\n[ \t]/g, "").split("\r\n").filter((line) => line !== "");
}

/** The value of the first property called `name` in the unfolded lines, parameters dropped. */
function property(lines: string[], name: string): string | undefined {
  const line = lines.find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`));
  return line?.slice(line.indexOf(":") + 1);
}

/** Undoes RFC 5545 TEXT escaping. */
function unescapeText(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_match, character: string) => (character.toLowerCase() === "n" ? "\n" : character));
}

const tricky = conference({
  id: 42,
  title: `Moon, stars; and a back\\slash — Ünïcödé ✨ ${"long title words ".repeat(6)}`.trim(),
  description: `First line\nSecond line, with; all \\ kinds\r\nThird: ${"🌕".repeat(30)} ${"äöü".repeat(20)}`,
  scheduledAt: new Date("2026-03-29T16:30:00Z"),
  duration: 75,
});

describe("a calendar of live sessions (RFC 5545)", () => {
  const ics = conferencesCalendar([tricky], ORIGIN, "Mystic Academy live sessions");
  const lines = unfold(ics);

  it("ends every line, the last one too, with CRLF and has no bare line feeds", () => {
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    expect(ics.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
  });

  it("folds every line at 75 octets, never inside a multi-byte character", () => {
    const physical = ics.split("\r\n");
    expect(physical.length).toBeGreaterThan(lines.length); // there was something to fold
    for (const line of physical) {
      const bytes = Buffer.from(line, "utf8");
      expect(bytes.length, line).toBeLessThanOrEqual(75);
      // A split UTF-8 sequence would not survive the round trip through bytes.
      expect(bytes.toString("utf8"), line).toBe(line);
    }
  });

  it("holds exactly one event with a stable UID, UTC times and the join page's URL", () => {
    expect(lines.filter((line) => line === "BEGIN:VEVENT")).toHaveLength(1);
    expect(property(lines, "UID")).toBe("conference-42@academy.example");
    expect(property(lines, "DTSTART")).toBe("20260329T163000Z");
    expect(property(lines, "DTEND")).toBe("20260329T174500Z");
    expect(property(lines, "URL")).toBe(`${ORIGIN}${joinPath(42)}`);
    expect(property(lines, "URL")).toBe("https://academy.example/join-conference/42");
  });

  it("escapes commas, semicolons, backslashes and newlines in SUMMARY and DESCRIPTION", () => {
    const summary = property(lines, "SUMMARY") ?? "";
    const description = property(lines, "DESCRIPTION") ?? "";
    expect(summary).toContain("Moon\\, stars\\; and a back\\\\slash");
    expect(description).toContain("First line\\nSecond line\\, with\\; all \\\\ kinds\\nThird:");
    // Nothing unescaped is left: every special character is preceded by a backslash.
    for (const value of [summary, description]) {
      expect(value.replace(/\\[\\;,n]/g, "")).not.toMatch(/[\\;,\n\r]/);
    }
    expect(unescapeText(summary)).toBe(tricky.title);
    expect(unescapeText(description)).toBe(tricky.description.replace(/\r\n/g, "\n"));
  });

  it("names the calendar and lists one event per session", () => {
    const two = unfold(
      conferencesCalendar([tricky, conference({ id: 43, title: "Second", description: "Another" })], ORIGIN, "Mystic Academy live sessions"),
    );
    expect(two.filter((line) => line === "BEGIN:VEVENT")).toHaveLength(2);
    expect(property(two, "X-WR-CALNAME")).toBe("Mystic Academy live sessions");
    expect(two.filter((line) => line.startsWith("UID:"))).toEqual(["UID:conference-42@academy.example", "UID:conference-43@academy.example"]);
    const empty = unfold(conferencesCalendar([], ORIGIN, "Nothing yet"));
    expect(empty).not.toContain("BEGIN:VEVENT");
    expect(empty.at(-1)).toBe("END:VCALENDAR");
  });
});

describe("a session title that tries to write iCalendar lines of its own (issue 30)", () => {
  const hostile = `Evil\r\nX-INJECTED:yes\r\nBEGIN:VALARM\nACTION:DISPLAY\rEND:VALARM; a, b \\ c`;
  const injected = conference({ id: 7, title: hostile, description: `Line\r\nATTENDEE:mailto:x@example.com` });

  it("stays inside its property: the calendar name, the summary and the description round-trip, and nothing is added", () => {
    for (const ics of [conferencesCalendar([injected], ORIGIN, hostile), conferencesCalendar([injected], ORIGIN, "Mystic Academy live sessions")]) {
      const calendar = readCalendar(ics);
      expect(propertyNames(calendar)).toEqual(["VERSION", "PRODID", "NAME", "X-WR-CALNAME", "REFRESH-INTERVAL", "X-PUBLISHED-TTL"]);
      expect(calendar.components.map((component) => component.name)).toEqual(["VEVENT"]);
      const [event] = calendar.components;
      if (!event) throw new Error("no event");
      expect(event.components).toEqual([]);
      expect(propertyNames(event)).toEqual(["UID", "SEQUENCE", "DTSTAMP", "DTSTART", "DTEND", "SUMMARY", "DESCRIPTION", "URL", "STATUS"]);
      // A line break is kept as a line break (CRLF and a lone LF alike); a lone CR is dropped.
      const expected = "Evil\nX-INJECTED:yes\nBEGIN:VALARM\nACTION:DISPLAYEND:VALARM; a, b \\ c";
      expect(textOf(event, "SUMMARY")).toBe(expected);
      expect(textOf(event, "DESCRIPTION")).toBe("Line\nATTENDEE:mailto:x@example.com");
    }
    const named = readCalendar(conferencesCalendar([injected], ORIGIN, hostile));
    expect(textOf(named, "NAME")).toBe("Evil\nX-INJECTED:yes\nBEGIN:VALARM\nACTION:DISPLAYEND:VALARM; a, b \\ c");
    expect(textOf(named, "X-WR-CALNAME")).toBe(textOf(named, "NAME"));
  });
});

describe("calendar addresses", () => {
  it("point to the join page and the personal feed", () => {
    expect(joinPath(5)).toBe("/join-conference/5");
    expect(feedPath("abc_DEF-123")).toBe("/api/calendar/abc_DEF-123/sessions.ics");
  });
});
