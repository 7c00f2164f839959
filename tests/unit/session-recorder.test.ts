import { describe, expect, it } from "vitest";
import { createChunkUploader } from "~/components/conference/session-recorder";

// The host's browser uploads its recording chunk by chunk: in order, each
// retried until stored, giving up (and saying why) on a refusal it cannot fix.

type Answer = number | { status: number; body: unknown } | "network-error";

/** A server that answers each request with the next scripted answer (201 once the script runs out). */
function fakeServer(script: Answer[]) {
  const sent: Array<{ seq: number; text: Promise<string> }> = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input), "http://academy.test");
    expect(url.pathname).toBe("/api/conferences/7/recording/chunks");
    expect(new Headers(init?.headers).get("Content-Type")).toBe("video/webm");
    const body = init?.body;
    sent.push({ seq: Number(url.searchParams.get("seq")), text: body instanceof Blob ? body.text() : Promise.resolve("") });
    const answer = script.shift() ?? 201;
    if (answer === "network-error") throw new TypeError("Failed to fetch");
    const { status, body: json } = typeof answer === "number" ? { status: answer, body: {} } : answer;
    return new Response(JSON.stringify(json), { status, headers: { "Content-Type": "application/json" } });
  };
  return { fetch, sent };
}

function uploader(script: Answer[]) {
  const server = fakeServer(script);
  const fatal: string[] = [];
  const waits: number[] = [];
  const upload = createChunkUploader({
    conferenceId: 7,
    onFatal: (message) => fatal.push(message),
    fetch: server.fetch,
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
  return { upload, server, fatal, waits };
}

const chunk = (text: string) => new Blob([text], { type: "video/webm" });

describe("uploading a recording's chunks", () => {
  it("sends them in order, numbered from 0, with their bytes; empty slices are skipped", async () => {
    const { upload, server, fatal } = uploader([]);
    upload.push(chunk("zero"));
    upload.push(chunk(""));
    upload.push(chunk("one"));
    upload.push(chunk("two"));
    await upload.drained();
    expect(server.sent.map((request) => request.seq)).toEqual([0, 1, 2]);
    expect(await Promise.all(server.sent.map((request) => request.text))).toEqual(["zero", "one", "two"]);
    expect(fatal).toEqual([]);
  });

  it("retries a chunk with growing waits and never sends the next one before it is stored", async () => {
    const { upload, server, fatal, waits } = uploader([500, "network-error", 503, 201, 201]);
    upload.push(chunk("a"));
    upload.push(chunk("b"));
    await upload.drained();
    expect(server.sent.map((request) => request.seq)).toEqual([0, 0, 0, 0, 1]);
    expect(waits).toEqual([500, 1000, 2000]);
    expect(fatal).toEqual([]);
  });

  it("takes a 409 saying the server is already past a chunk as stored (an answer was lost)", async () => {
    const { upload, server, fatal } = uploader([201, { status: 409, body: { message: "out of order", expectedSeq: 2 } }, 201]);
    for (const text of ["a", "b", "c"]) upload.push(chunk(text));
    await upload.drained();
    expect(server.sent.map((request) => request.seq)).toEqual([0, 1, 2]);
    expect(fatal).toEqual([]);
  });

  it("gives up on a refusal it cannot fix, says the server's reason once and drops the rest", async () => {
    const limit = "This recording reached its size limit (1 MB)";
    const { upload, server, fatal } = uploader([201, { status: 413, body: { message: limit } }]);
    for (const text of ["a", "b", "c"]) upload.push(chunk(text));
    await upload.drained();
    upload.push(chunk("d"));
    await upload.drained();
    expect(server.sent.map((request) => request.seq)).toEqual([0, 1]);
    expect(fatal).toEqual([limit]);
  });

  it("gives up when the server stays unreachable, after a few retries", async () => {
    const { upload, server, fatal, waits } = uploader(Array<Answer>(20).fill("network-error"));
    upload.push(chunk("a"));
    await upload.drained();
    expect(server.sent).toHaveLength(waits.length + 1);
    expect(waits.length).toBeGreaterThanOrEqual(3);
    expect(fatal).toEqual(["The recording could not be uploaded: the server did not answer. What was uploaded is kept."]);
  });
});
