import { describe, expect, it } from "vitest";
import { EventStreamSplitter } from "~/components/companion/stream-chat";

const STREAM = 'event: sources\ndata: {"a":1}\n\n: a comment\nevent: delta\ndata: one\ndata: two\n\r\nevent: done\r\ndata: {}\r\n\r\n';

function split(pieces: string[]) {
  const splitter = new EventStreamSplitter();
  return [...pieces.flatMap((piece) => splitter.push(piece)), ...splitter.end()];
}

describe("the companion's event-stream splitter", () => {
  const expected = [
    { event: "sources", data: '{"a":1}' },
    { event: "delta", data: "one\ntwo" },
    { event: "done", data: "{}" },
  ];

  it("reads events, multi-line data and comments from one piece", () => {
    expect(split([STREAM])).toEqual(expected);
  });

  it("gives the same events whatever the text is cut into, a CRLF cut in two included", () => {
    for (let size = 1; size <= 7; size++) {
      const pieces = STREAM.match(new RegExp(`[\\s\\S]{1,${size}}`, "g")) ?? [];
      expect(split(pieces), `pieces of ${size}`).toEqual(expected);
    }
  });

  it("gives nothing for an event until its blank line, and an unnamed event is a message", () => {
    const splitter = new EventStreamSplitter();
    expect(splitter.push("data: half")).toEqual([]);
    expect(splitter.push("\n")).toEqual([]);
    expect(splitter.push("\n")).toEqual([{ event: "message", data: "half" }]);
  });

  it("drops an event the stream cut off before its blank line", () => {
    const splitter = new EventStreamSplitter();
    expect(splitter.push("event: delta\ndata: cut")).toEqual([]);
    expect(splitter.end()).toEqual([]);
  });
});
