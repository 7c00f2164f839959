/** Media bytes received, by kind: the room's connection badge (and the media tests) read it. */
export interface ReceivedBytes {
  audioBytes: number;
  videoBytes: number;
}

/** Adds up what WebRTC stats reports say arrived (their inbound-rtp entries). */
export function receivedBytes(reports: Iterable<RTCStatsReport | undefined>): ReceivedBytes {
  const totals: ReceivedBytes = { audioBytes: 0, videoBytes: 0 };
  for (const report of reports) {
    report?.forEach((entry: { type?: string; kind?: string; bytesReceived?: number }) => {
      if (entry.type !== "inbound-rtp") return;
      if (entry.kind === "audio") totals.audioBytes += entry.bytesReceived ?? 0;
      if (entry.kind === "video") totals.videoBytes += entry.bytesReceived ?? 0;
    });
  }
  return totals;
}
