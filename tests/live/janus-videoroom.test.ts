import { describe, expect, it } from "vitest";
import { MediaStreamTrack, RTCPeerConnection, RtpHeader, RtpPacket } from "werift";
import { JanusError, type HandleEvent, type Jsep } from "~/realtime/janus-client.server";
import { useJanus } from "./janus-fixture";

// The academy's Janus client (issue 28) against the real Janus, in the live
// tests' network namespace (scripts/test-live.sh): a VideoRoom
// made and destroyed, a publisher (a werift peer sending RTP) joined with its
// offer, a subscriber given Janus's offer, and the publisher's packets
// arriving at the subscriber through Janus. A restart loses the session,
// which the client reports.

const live = useJanus([41100, 41199]);
const ROOM = 424_242;

/** Resolves with the first event on a handle that `wanted` accepts. */
function eventOn(events: HandleEvent[], wanted: (event: HandleEvent) => boolean): Promise<HandleEvent> {
  return new Promise((resolve) => {
    const timer = setInterval(() => {
      const found = events.find(wanted);
      if (found) {
        clearInterval(timer);
        resolve(found);
      }
    }, 20);
  });
}

describe("Janus's VideoRoom through the academy's client", () => {
  it("makes and destroys a room, and refuses a second one with the same number", async () => {
    const handle = await live.client.attach(() => undefined);
    const created = await live.client.message(handle, { request: "create", room: ROOM + 1, publishers: 4, description: "test" });
    expect(created.data).toMatchObject({ videoroom: "created", room: ROOM + 1 });
    await expect(live.client.message(handle, { request: "create", room: ROOM + 1 })).rejects.toBeInstanceOf(JanusError);
    const listed = await live.client.message(handle, { request: "list" });
    expect((listed.data.list as { room: number }[]).map((room) => room.room)).toContain(ROOM + 1);
    expect((await live.client.message(handle, { request: "destroy", room: ROOM + 1 })).data).toMatchObject({ videoroom: "destroyed" });
    await live.client.detach(handle);
  });

  it("forwards a publisher's RTP to a subscriber", async () => {
    const control = await live.client.attach(() => undefined);
    await live.client.message(control, { request: "create", room: ROOM, publishers: 4 });

    // The publisher: a werift peer offering audio and video it sends.
    const publisherEvents: HandleEvent[] = [];
    const publisher = await live.client.attach((event) => publisherEvents.push(event));
    const sender = new RTCPeerConnection({});
    const audio = new MediaStreamTrack({ kind: "audio" });
    const video = new MediaStreamTrack({ kind: "video" });
    sender.addTransceiver(audio, { direction: "sendonly" });
    sender.addTransceiver(video, { direction: "sendonly" });
    await sender.setLocalDescription(await sender.createOffer());
    const joined = await live.client.message(publisher, { request: "join", ptype: "publisher", room: ROOM, display: "Host" });
    const feedId = joined.data.id as number;
    expect(joined.data).toMatchObject({ videoroom: "joined", room: ROOM });
    const configured = await live.client.message(publisher, { request: "configure", audio: true, video: true }, sender.localDescription as Jsep);
    expect(configured.jsep?.type).toBe("answer");
    await sender.setRemoteDescription(configured.jsep as Jsep);

    let sequence = 0;
    const timer = setInterval(() => {
      sequence = (sequence + 1) & 0xffff;
      audio.writeRtp(new RtpPacket(new RtpHeader({ sequenceNumber: sequence, timestamp: sequence * 960, marker: true, payloadType: 111 }), Buffer.alloc(120, 1)));
      video.writeRtp(new RtpPacket(new RtpHeader({ sequenceNumber: sequence, timestamp: sequence * 3000, marker: true, payloadType: 96 }), Buffer.alloc(900, 2)));
    }, 20);

    // The subscriber: Janus offers the publisher's streams; a werift peer answers and counts bytes.
    const subscriber = await live.client.attach(() => undefined);
    const receiver = new RTCPeerConnection({});
    let received = 0;
    receiver.onTrack.subscribe((track) => track.onReceiveRtp.subscribe((rtp) => (received += rtp.payload.length)));
    try {
      await eventOn(publisherEvents, (event) => event.janus === "webrtcup");
      const offered = await live.client.message(subscriber, { request: "join", ptype: "subscriber", room: ROOM, streams: [{ feed: feedId }] });
      expect(offered.jsep?.type).toBe("offer");
      await receiver.setRemoteDescription(offered.jsep as Jsep);
      await receiver.setLocalDescription(await receiver.createAnswer());
      const started = await live.client.message(subscriber, { request: "start" }, receiver.localDescription as Jsep);
      expect(started.data).toMatchObject({ videoroom: "event", started: "ok" });
      await expect.poll(() => received, { timeout: 10_000 }).toBeGreaterThan(20_000);
    } finally {
      clearInterval(timer);
      await sender.close();
      await receiver.close();
      await live.client.message(control, { request: "destroy", room: ROOM }).catch(() => undefined);
    }
  });

  it("reports a lost session when Janus restarts, and connects again", async () => {
    const lost = new Promise<void>((resolve) => (live.client.onLost = resolve));
    const restarted = new Promise<void>((resolve) => live.janus.once("restarted", () => resolve()));
    const pid = live.janus.pid();
    if (pid) process.kill(pid, "SIGKILL");
    await lost;
    expect(live.client.connected).toBe(false);
    await restarted;
    await live.client.connect();
    const handle = await live.client.attach(() => undefined);
    expect((await live.client.message(handle, { request: "list" })).data).toMatchObject({ videoroom: "success" });
  });
});
