import { describe, expect, it } from "vitest";
import { receivedBytes } from "~/components/conference/received-bytes";

const report = (entries: object[]) => new Map(entries.map((entry, index) => [String(index), entry])) as unknown as RTCStatsReport;

describe("received media bytes", () => {
  it("adds up inbound RTP by kind across reports, and ignores everything else", () => {
    const totals = receivedBytes([
      report([
        { type: "inbound-rtp", kind: "audio", bytesReceived: 100 },
        { type: "inbound-rtp", kind: "video", bytesReceived: 2000 },
        { type: "outbound-rtp", kind: "video", bytesSent: 999 },
        { type: "transport", bytesReceived: 5000 },
      ]),
      undefined,
      report([{ type: "inbound-rtp", kind: "video", bytesReceived: 500 }, { type: "inbound-rtp", kind: "audio" }]),
    ]);
    expect(totals).toEqual({ audioBytes: 100, videoBytes: 2500 });
  });
});
