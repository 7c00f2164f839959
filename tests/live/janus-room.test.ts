import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { MediaStreamTrack, RTCPeerConnection, RtpHeader, RtpPacket } from "werift";
import type { WebSocket } from "ws";
import { useJanus } from "./janus-fixture";
import { janusRoomNumber, JanusLiveRoom } from "~/realtime/janus-room.server";

// The live room over Janus (issue 28), driven through the room's socket
// protocol by werift bots: the host publishes ("publish" → "publish-answer"),
// a student receives the host's feed on the subscriber connection Janus
// offers (with the slot of each media line), a student who was not invited
// cannot publish, and ending the session destroys the VideoRoom. Runs in
// the live tests' network namespace.

const live = useJanus([41200, 41299]);

type Message = {
  type: string;
  sdp?: { type: "offer" | "answer"; sdp: string };
  mids?: Record<string, number>;
  message?: string;
  target?: string;
};

/** A stand-in for the member's WebSocket: what the room sends is kept; `say` is what the browser sends. */
class BotSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  readonly received: Message[] = [];
  send(text: string) {
    this.received.push(JSON.parse(text) as Message);
  }
  close() {
    this.readyState = 3;
  }
  say(message: object) {
    this.emit("message", Buffer.from(JSON.stringify(message)), false);
  }
  last(type: string): Message | undefined {
    return [...this.received].reverse().find((message) => message.type === type);
  }
}

const asSocket = (bot: BotSocket) => bot as unknown as WebSocket;

describe("a live room over Janus", () => {
  it("forwards the host to a student, keeps uninvited students from publishing, and ends", async () => {
    const conferenceId = 9001;
    let emptied = false;
    const room = new JanusLiveRoom(conferenceId, live.client, [], () => (emptied = true));

    // The host joins and publishes audio then video (the browser's order).
    const hostSocket = new BotSocket();
    await room.join({ userId: 1, name: "Host", isHost: true }, asSocket(hostSocket));
    const sender = new RTCPeerConnection({});
    const audio = new MediaStreamTrack({ kind: "audio" });
    const video = new MediaStreamTrack({ kind: "video" });
    sender.addTransceiver(audio, { direction: "sendonly" });
    sender.addTransceiver(video, { direction: "sendonly" });
    await sender.setLocalDescription(await sender.createOffer());
    hostSocket.say({ type: "publish", sdp: sender.localDescription });
    await expect.poll(() => hostSocket.last("publish-answer")).toBeTruthy();
    await sender.setRemoteDescription(hostSocket.last("publish-answer")?.sdp as { type: "answer"; sdp: string });
    hostSocket.say({ type: "media-state", camera: true, microphone: true, screen: false });
    let sequence = 0;
    const timer = setInterval(() => {
      sequence = (sequence + 1) & 0xffff;
      audio.writeRtp(new RtpPacket(new RtpHeader({ sequenceNumber: sequence, timestamp: sequence * 960, marker: true }), Buffer.alloc(120, 1)));
      video.writeRtp(new RtpPacket(new RtpHeader({ sequenceNumber: sequence, timestamp: sequence * 3000, marker: true }), Buffer.alloc(900, 2)));
    }, 20);

    // A student joins: Janus offers the host's feed, which arrives.
    const studentSocket = new BotSocket();
    const receiver = new RTCPeerConnection({});
    const bytes = { audio: 0, video: 0 };
    receiver.onTrack.subscribe((track) => track.onReceiveRtp.subscribe((rtp) => (bytes[track.kind as "audio" | "video"] += rtp.payload.length)));
    try {
      await room.join({ userId: 2, name: "Sage", isHost: false }, asSocket(studentSocket));
      await expect.poll(() => studentSocket.last("offer"), { timeout: 10_000 }).toMatchObject({ target: "subscriber" });
      expect(Object.values(studentSocket.last("slots")?.mids ?? {})).toEqual([0, 0]);
      await receiver.setRemoteDescription(studentSocket.last("offer")?.sdp as { type: "offer"; sdp: string });
      await receiver.setLocalDescription(await receiver.createAnswer());
      studentSocket.say({ type: "answer", sdp: receiver.localDescription, target: "subscriber" });
      await expect.poll(() => bytes.video, { timeout: 10_000 }).toBeGreaterThan(20_000);
      expect(bytes.audio).toBeGreaterThan(0);

      // Not invited to speak: no publishing.
      studentSocket.say({ type: "publish", sdp: sender.localDescription });
      await expect.poll(() => studentSocket.last("error")?.message).toBe("Only the host and invited speakers send media.");

      // The session ends: everyone is disconnected and the VideoRoom is gone.
      room.close();
      expect(emptied).toBe(true);
      expect(studentSocket.readyState).toBe(3);
      const probe = await live.client.attach(() => undefined);
      await expect.poll(async () => (await live.client.message(probe, { request: "exists", room: janusRoomNumber(conferenceId) })).data.exists).toBe(false);
    } finally {
      clearInterval(timer);
      await sender.close();
      await receiver.close();
    }
  });
});
